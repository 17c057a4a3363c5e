/**
 * Refunds of an order (main and fallback path) or of a booking without orders. The balance check
 * and the write are one conditional UPDATE inside a transaction that also updates the booking,
 * stores the refund, and records its audit event (which the activity lists show): all or nothing, and
 * never above what was paid, also under concurrent requests. The conditional updates alone decide
 * whether a refund fits; when they refuse, `explainRefusal` reads the state to say why. An
 * Idempotency-Key makes a retry return the first result.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { change, money, recordChange } from '../lib/audit.js';
import type { BodyOf, ResultOf } from '../lib/contract-types.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error.js';
import { currencyDecimals, fromMinor, toMinor } from '../../../common/money.js';
import {
  isRefundEligible,
  statusKey,
  UNREFUNDABLE_BOOKING_STATUSES,
} from '../../../common/refund-eligibility.js';
import { checkRefundLimit } from '../auth/refund-limit.js';
import { BOOKING_NOT_FOUND, loadBookingView } from '../queries/bookings.js';
import {
  applyRefund,
  loadRefundView,
  loadTarget,
  orderCount,
  refundByKey,
  type Target,
} from '../queries/refunds.js';
import type { Handlers } from './types.js';

export const REFUND_MESSAGES = {
  notPositive: 'Refund amount must be greater than 0',
  orderNotFound: 'Order not found',
  cancelled: 'A cancelled booking cannot be refunded',
  notPaid: 'Only bookings with payment status Paid or Completed can be refunded',
  fullyRefunded: 'This order has already been fully refunded',
  bookingFullyRefunded: 'This booking has already been fully refunded',
  hasOrders: 'This booking has orders: refund them one order at a time',
  keyReused: 'This Idempotency-Key was already used with a different request',
} as const;

type ReasonCode = NonNullable<BodyOf<'refundOrder'>['reasonCode']>;
/** What the admin sends besides the amount: why (a code) and an optional note. */
type Why = { reasonCode?: ReasonCode; note?: string };
type RefundResult = ResultOf<'refundOrder'>;

const formatMinor = (minor: number, currency: string) =>
  `${fromMinor(minor, currency).toFixed(currencyDecimals(currency))} ${currency}`;

function overBalance(remaining: number, currency: string, what: 'order' | 'booking') {
  return badRequest(
    `Refund amount cannot exceed the remaining refundable amount of this ${what} (${formatMinor(remaining, currency)})`,
  );
}

/** The sign of the amount (the contract makes it a number); its decimals wait for the currency. */
function checkAmount(amount: number): number {
  if (amount <= 0) throw badRequest(REFUND_MESSAGES.notPositive);
  return amount;
}

/** A positive amount in minor units (`toMinor` keeps it positive), or why its decimals are wrong. */
function amountToMinor(amount: number, currency: string): number {
  const minor = toMinor(amount, currency, 'refuse');
  if (minor === undefined) {
    const decimals = currencyDecimals(currency);
    throw badRequest(
      decimals === 0
        ? `Refund amount must be a whole number in ${currency}`
        : `Refund amount can have at most ${decimals} decimals in ${currency}`,
    );
  }
  return minor;
}

/** The Idempotency-Key header; a blank one is none. (Node joins a repeated header into one.) */
function idempotencyKey(req: FastifyRequest): string | undefined {
  const value = req.headers['idempotency-key'];
  return (typeof value === 'string' && value.trim()) || undefined;
}

function requestHash(target: Target, amount: number, note: string | undefined, code: ReasonCode) {
  return createHash('sha256')
    .update(JSON.stringify([target.kind, target.id, String(amount), note ?? null, code]))
    .digest('hex');
}

async function result(
  req: FastifyRequest,
  refundId: string,
  message: string,
): Promise<RefundResult> {
  const db = req.server.db;
  const refund = await loadRefundView(db, refundId);
  const booking = refund && (await loadBookingView(db, refund.bookingId));
  if (!refund || !booking) throw new HttpError(500, 'Refund stored but not found');
  return { success: true, message, data: { refund, booking } };
}

/** The first result of a request with this key, a 409 for another body, or undefined. */
async function replay(req: FastifyRequest, key: string, hash: string, message: string) {
  const first = await refundByKey(req.server.db, key);
  if (!first) return undefined;
  if (first.requestHash !== hash) throw conflict(REFUND_MESSAGES.keyReused);
  return result(req, first.id, message);
}

/** Thrown inside the transaction when the conditional update found no room; rolls it back. */
class NoBalance extends Error {}

async function processRefund(
  req: FastifyRequest,
  target: Target,
  rawAmount: number,
  why: Why,
): Promise<RefundResult> {
  const db = req.server.db;
  const amount = checkAmount(rawAmount);
  const message =
    target.kind === 'order'
      ? 'Order refund processed successfully'
      : 'Refund processed successfully';
  const key = idempotencyKey(req);
  // The contract's default: Fastify fills it in before the handler runs.
  const reasonCode = why.reasonCode ?? 'requested_by_customer';
  const hash = requestHash(target, amount, why.note, reasonCode);

  if (key) {
    const previous = await replay(req, key, hash, message);
    if (previous) return previous;
  }

  const found = await loadTarget(db, target);
  if (!found)
    throw notFound(target.kind === 'order' ? REFUND_MESSAGES.orderNotFound : BOOKING_NOT_FOUND);
  const { booking, order } = found;
  if (!order && (await orderCount(db, booking.id)) > 0) throw badRequest(REFUND_MESSAGES.hasOrders);
  const { currency } = booking;
  const minor = amountToMinor(amount, currency);
  await checkRefundLimit(req, minor, currency);

  let refundId: string;
  try {
    refundId = await db.transaction(async (tx) => {
      const applied = await applyRefund(tx, {
        booking,
        order,
        minor,
        note: why.note ?? null,
        reasonCode,
        processedBy: req.user.id,
        idempotencyKey: key ?? null,
        requestHash: hash,
      });
      if (!applied) throw new NoBalance();
      const { refundId: id, orderRefunded, booking: after } = applied;
      // The before values are those the conditional updates just replaced.
      const refundedBefore = after.refundedTotal - minor;
      await recordChange(tx, {
        request: req,
        action: 'refund.create',
        entity: { type: 'booking', id: booking.id, name: booking.bookingRef },
        changes: [
          change('amount', null, money(minor, currency)),
          ...(order
            ? [
                change(
                  'orderRefunded',
                  money(orderRefunded - minor, currency),
                  money(orderRefunded, currency),
                ),
              ]
            : []),
          change('refunded', money(refundedBefore, currency), money(after.refundedTotal, currency)),
          change('paymentStatus', booking.paymentStatus, after.paymentStatus),
          change('reason', null, reasonCode),
          change('note', null, why.note ?? null),
        ],
        details: {
          refundId: id,
          restaurantId: booking.restaurantId,
          amountText: formatMinor(minor, currency),
          ...(order ? { orderId: order.id, customerName: order.customerName } : {}),
        },
        always: true,
      });
      return id;
    });
  } catch (error) {
    if (key) {
      // A concurrent request with the same key committed first (its key is unique, or it took the
      // balance): answer with its result.
      const previous = await replay(req, key, hash, message);
      if (previous) return previous;
    }
    if (error instanceof NoBalance) throw await explainRefusal(req, target, currency);
    throw error;
  }
  return result(req, refundId, message);
}

/** Why the conditional update changed nothing: the state as it is now. */
async function explainRefusal(
  req: FastifyRequest,
  target: Target,
  currency: string,
): Promise<HttpError> {
  const db = req.server.db;
  const row = await loadTarget(db, target);
  if (!row)
    return notFound(target.kind === 'order' ? REFUND_MESSAGES.orderNotFound : BOOKING_NOT_FOUND);
  if (UNREFUNDABLE_BOOKING_STATUSES.includes(statusKey(row.booking.status)))
    return badRequest(REFUND_MESSAGES.cancelled);
  const order = row.order;
  const remaining = order
    ? order.total - order.refunded
    : row.booking.total - row.booking.refundedTotal;
  if (remaining <= 0)
    return badRequest(order ? REFUND_MESSAGES.fullyRefunded : REFUND_MESSAGES.bookingFullyRefunded);
  if (!isRefundEligible(row.booking)) return badRequest(REFUND_MESSAGES.notPaid);
  return overBalance(remaining, currency, target.kind);
}

export const refundsHandlers: Handlers = {
  async refundOrder(req) {
    return processRefund(req, { kind: 'order', id: req.body.orderId }, req.body.amount, {
      reasonCode: req.body.reasonCode,
      note: req.body.reason,
    });
  },
  async refundOrderFallback(req) {
    return processRefund(req, { kind: 'order', id: req.body.orderId }, req.body.amount, {
      reasonCode: req.body.reasonCode,
      note: req.body.reason,
    });
  },
  async refundBooking(req) {
    return processRefund(req, { kind: 'booking', id: req.body.bookingId }, req.body.amount, {
      reasonCode: req.body.reasonCode,
      note: req.body.notes,
    });
  },
};
