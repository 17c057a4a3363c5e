/**
 * Refunds of an order (main and fallback path) or of a booking without orders. The balance check
 * and the write are one conditional UPDATE inside a transaction that also updates the booking,
 * stores the refund, and records its audit event (which the activity lists show): all or nothing, and
 * never above what was paid, also under concurrent requests. The conditional updates alone decide
 * whether a refund fits; when they refuse, `explainRefusal` reads the state to say why. An
 * Idempotency-Key makes a retry return the first result. A refund above the admin's limit is not
 * made: it becomes an approval request (202), which `refundApprovals` carries out, under the same
 * rules, when another admin approves it.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { change, money, recordChange } from '../lib/audit.js';
import type { BodyOf, ResultOf } from '../lib/contract-types.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error.js';
import { currencyDecimals, fromMinor, toMinor } from '../../../common/money.js';
import {
  isRefundEligible,
  statusKey,
  UNREFUNDABLE_BOOKING_STATUSES,
} from '../../../common/refund-eligibility.js';
import { refundApprovalReason } from '../auth/refund-limit.js';
import { approvalRequested, requestApproval } from '../auth/approval-gate.js';
import { approvalTexts } from '../lib/approval-rules.js';
import type { ApprovalRequest, AuditChange, Booking, Order } from '../db/schema.js';
import { refundUsdCents } from '../../../common/refund-limit.js';
import { BOOKING_NOT_FOUND, loadBookingView, lockBooking } from '../queries/bookings.js';
import { checkVersion } from '../queries/versions.js';
import { setETag } from '../lib/versions.js';
import { approvalByKey } from '../queries/approvals.js';
import { restaurantById } from '../queries/restaurants.js';
import {
  applyRefund,
  loadRefundView,
  loadTarget,
  orderCount,
  refundByKey,
  type Target,
} from '../queries/refunds.js';
import type { ApprovalExecutor, Handlers, Transaction } from './types.js';

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
type Reader = Parameters<typeof loadTarget>[0];

/** One refund as its operation's body asks for it. */
type RefundCall = { target: Target; amount: number; why: Why };

type OrderBody = BodyOf<'refundOrder'>;
type BookingBody = BodyOf<'refundBooking'>;
const orderCall = (body: OrderBody): RefundCall => ({
  target: { kind: 'order', id: body.orderId },
  amount: body.amount,
  why: { reasonCode: body.reasonCode, note: body.reason },
});
const bookingCall = (body: BookingBody): RefundCall => ({
  target: { kind: 'booking', id: body.bookingId },
  amount: body.amount,
  why: { reasonCode: body.reasonCode, note: body.notes },
});

/** The operations a refund request may carry out, reading its stored body as they read theirs. */
const CALLS: Record<string, (body: Record<string, unknown>) => RefundCall> = {
  refundOrder: (body) => orderCall(body as OrderBody),
  refundOrderFallback: (body) => orderCall(body as OrderBody),
  refundBooking: (body) => bookingCall(body as BookingBody),
};

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

function requestHash({ target, amount, why }: RefundCall, code: ReasonCode) {
  return createHash('sha256')
    .update(JSON.stringify([target.kind, target.id, String(amount), why.note ?? null, code]))
    .digest('hex');
}

/** The refund with its booking as it is now (the answer's ETag is the booking's version). */
async function result(
  req: FastifyRequest,
  reply: FastifyReply,
  refundId: string,
  message: string,
): Promise<RefundResult> {
  const db = req.server.db;
  const refund = await loadRefundView(db, refundId);
  const booking = refund && (await loadBookingView(db, refund.bookingId));
  if (!refund || !booking) throw new HttpError(500, 'Refund stored but not found');
  setETag(reply, booking.version);
  return { success: true, message, data: { refund, booking } };
}

/** A refund changes the booking: If-Match is checked against the booking's version. */
async function checkBookingVersion(tx: Transaction, req: FastifyRequest, bookingId: string) {
  const locked = await lockBooking(tx, bookingId);
  if (!locked) return;
  const record = { type: 'booking', id: bookingId, version: locked.version };
  await checkVersion(tx, req, record, () => loadBookingView(tx, bookingId));
}

const successMessage = (target: Target) =>
  target.kind === 'order' ? 'Order refund processed successfully' : 'Refund processed successfully';

/**
 * The first result of a request with this key: the approval request it became (202), or the
 * refund it made; a 409 for another body; or undefined.
 */
async function replay(
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  hash: string,
  message: string,
) {
  const asked = await approvalByKey(req.server.db, key);
  if (asked) {
    if (asked.requestHash !== hash) throw conflict(REFUND_MESSAGES.keyReused);
    return approvalRequested(reply, sentMessage(asked), asked);
  }
  const first = await refundByKey(req.server.db, key);
  if (!first) return undefined;
  if (first.requestHash !== hash) throw conflict(REFUND_MESSAGES.keyReused);
  return result(req, reply, first.id, message);
}

/** Thrown inside the transaction when the conditional update found no room; rolls it back. */
class NoBalance extends Error {}

/** A refund made: its id, the booking's version after it, and its audit event's changes and facts. */
type Written = {
  refundId: string;
  version: number;
  changes: AuditChange[];
  details: Record<string, string>;
};

/** A refund checked against everything that can be read before writing it. */
type Prepared = RefundCall & {
  booking: Booking;
  order?: Order;
  minor: number;
  currency: string;
  reasonCode: ReasonCode;
  hash: string;
};

/** The target as it is now (404), a booking with orders refused (400), the amount in minor units. */
async function prepare(db: Reader, call: RefundCall): Promise<Prepared> {
  const found = await loadTarget(db, call.target);
  if (!found)
    throw notFound(
      call.target.kind === 'order' ? REFUND_MESSAGES.orderNotFound : BOOKING_NOT_FOUND,
    );
  const { booking, order } = found;
  if (!order && (await orderCount(db, booking.id)) > 0) throw badRequest(REFUND_MESSAGES.hasOrders);
  // The contract's default: Fastify fills it in before the handler runs.
  const reasonCode = call.why.reasonCode ?? 'requested_by_customer';
  return {
    ...call,
    booking,
    order,
    minor: amountToMinor(call.amount, booking.currency),
    currency: booking.currency,
    reasonCode,
    hash: requestHash(call, reasonCode),
  };
}

/**
 * The refund's conditional updates and stored row, inside `tx`; throws NoBalance when it does not
 * fit. Returns what its audit event records: the fields it changed and its facts.
 */
async function writeRefund(
  tx: Transaction,
  p: Prepared,
  by: { processedBy: string; key: string | null },
): Promise<Written> {
  const { booking, order, minor, currency, reasonCode } = p;
  const applied = await applyRefund(tx, {
    booking,
    order,
    minor,
    note: p.why.note ?? null,
    reasonCode,
    processedBy: by.processedBy,
    idempotencyKey: by.key,
    requestHash: p.hash,
  });
  if (!applied) throw new NoBalance();
  const { refundId, orderRefunded, booking: after } = applied;
  // The before values are those the conditional updates just replaced.
  const refundedBefore = after.refundedTotal - minor;
  return {
    refundId,
    version: after.version,
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
      change('note', null, p.why.note ?? null),
    ],
    details: {
      refundId,
      restaurantId: booking.restaurantId,
      amountText: formatMinor(minor, currency),
      ...(order ? { orderId: order.id, customerName: order.customerName } : {}),
    },
  };
}

/** Why a refund of `minor` (Infinity: any) cannot be made on the target as it is. */
function refusalOf(
  row: { booking: Booking; order?: Order },
  minor: number,
  kind: Target['kind'],
): HttpError | undefined {
  if (UNREFUNDABLE_BOOKING_STATUSES.includes(statusKey(row.booking.status)))
    return badRequest(REFUND_MESSAGES.cancelled);
  const order = row.order;
  const remaining = order
    ? order.total - order.refunded
    : row.booking.total - row.booking.refundedTotal;
  if (remaining <= 0)
    return badRequest(order ? REFUND_MESSAGES.fullyRefunded : REFUND_MESSAGES.bookingFullyRefunded);
  if (!isRefundEligible(row.booking)) return badRequest(REFUND_MESSAGES.notPaid);
  return minor > remaining ? overBalance(remaining, row.booking.currency, kind) : undefined;
}

/** Why the conditional update changed nothing: the state as it is now. */
async function explainRefusal(req: FastifyRequest, target: Target): Promise<HttpError> {
  const row = await loadTarget(req.server.db, target);
  if (!row)
    return notFound(target.kind === 'order' ? REFUND_MESSAGES.orderNotFound : BOOKING_NOT_FOUND);
  return refusalOf(row, Number.POSITIVE_INFINITY, target.kind)!;
}

const sentMessage = (approval: ApprovalRequest) =>
  approvalTexts.refund(approval.amount!, approval.currency!).sent;

/**
 * The refund above the admin's limit becomes a request, if it could be made now (the same 400s
 * as the refund itself), with the operation and body as sent and the request's Idempotency-Key.
 */
async function askApproval(
  req: FastifyRequest,
  reply: FastifyReply,
  p: Prepared,
  why: string,
  key: string | undefined,
) {
  const refusal = refusalOf(p, p.minor, p.target.kind);
  if (refusal) throw refusal;
  const restaurant = await restaurantById(req.server.db, p.booking.restaurantId);
  const summary = approvalTexts.refundSummary({
    minor: p.minor,
    currency: p.currency,
    bookingRef: p.booking.bookingRef,
    restaurant: restaurant?.name ?? '',
    customerName: p.order ? p.order.customerName : null,
  });
  const { approval, replayed } = await requestApproval(req, {
    kind: 'refund',
    subject: p.order ? `order:${p.order.id}` : `booking:${p.booking.id}`,
    operationId: req.access!.operationId,
    arguments: req.body as Record<string, unknown>,
    idempotencyKey: key ?? null,
    requestHash: p.hash,
    bookingId: p.booking.id,
    orderId: p.order?.id ?? null,
    restaurantId: p.booking.restaurantId,
    amount: p.minor,
    currency: p.currency,
    amountUsdCents: Number(refundUsdCents(p.minor, p.currency)),
    summary,
    why,
  });
  if (replayed && approval.requestHash !== p.hash) throw conflict(REFUND_MESSAGES.keyReused);
  return approvalRequested(reply, sentMessage(approval), approval);
}

async function processRefund(
  req: FastifyRequest,
  reply: FastifyReply,
  call: RefundCall,
): Promise<RefundResult | FastifyReply> {
  const db = req.server.db;
  checkAmount(call.amount);
  const message = successMessage(call.target);
  const key = idempotencyKey(req);
  const hash = requestHash(call, call.why.reasonCode ?? 'requested_by_customer');

  if (key) {
    const previous = await replay(req, reply, key, hash, message);
    if (previous) return previous;
  }

  const p = await prepare(db, call);
  const why = refundApprovalReason(req, p.minor, p.currency);
  if (why) {
    await db.transaction((tx) => checkBookingVersion(tx, req, p.booking.id));
    return askApproval(req, reply, p, why, key);
  }

  let refundId: string;
  try {
    refundId = await db.transaction(async (tx) => {
      await checkBookingVersion(tx, req, p.booking.id);
      const written = await writeRefund(tx, p, { processedBy: req.user.id, key: key ?? null });
      await recordChange(tx, {
        request: req,
        action: 'refund.create',
        entity: { type: 'booking', id: p.booking.id, name: p.booking.bookingRef },
        version: written.version,
        changes: written.changes,
        details: written.details,
        always: true,
      });
      return written.refundId;
    });
  } catch (error) {
    if (key) {
      // A concurrent request with the same key committed first (its key is unique, or it took the
      // balance): answer with its result.
      const previous = await replay(req, reply, key, hash, message);
      if (previous) return previous;
    }
    if (error instanceof NoBalance) throw await explainRefusal(req, call.target);
    throw error;
  }
  return result(req, reply, refundId, message);
}

/**
 * An approved refund request: its operation's rules again, on the target as it is now, in the
 * approval's transaction; the refund is the requester's, with their Idempotency-Key, and its
 * changes are the approval's audit event.
 */
export const refundApprovals: ApprovalExecutor = {
  async carryOut(tx, approval) {
    const p = await prepare(tx, CALLS[approval.operationId](approval.arguments));
    const written = await writeRefund(tx, p, {
      processedBy: approval.requestedBy,
      key: approval.idempotencyKey,
    });
    return { message: approvalTexts.refund(p.minor, p.currency).approved, ...written };
  },
  async explain(req, approval, error) {
    if (!(error instanceof NoBalance)) return error;
    return explainRefusal(req, CALLS[approval.operationId](approval.arguments).target);
  },
};

export const refundsHandlers: Handlers = {
  refundOrder: (req, reply) => processRefund(req, reply, orderCall(req.body)),
  refundOrderFallback: (req, reply) => processRefund(req, reply, orderCall(req.body)),
  refundBooking: (req, reply) => processRefund(req, reply, bookingCall(req.body)),
};
