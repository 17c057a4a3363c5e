/** Pure rules of the bookings screens: refund eligibility, totals and the payment summary. */
import type { Booking } from '../../api/types';
import { formatBookingDateTime, formatDetailDate, toDate } from '../../lib/dates';
import { fromMinor, toMinor } from '../../../common/money';
import { approvalRuleText, refundApprovalRule } from '../../../common/refund-limit';
import { isRefundEligible } from '../../../common/refund-eligibility';

type StatusFields = { status?: string | null; PaymentStatus?: string | null };

/** Process Refund is offered by the refund rule both tiers share (the API spells PaymentStatus). */
export const offersRefund = (booking: StatusFields) =>
  isRefundEligible({ status: booking.status, paymentStatus: booking.PaymentStatus });

/** The list's Total: total, otherwise subTotal. */
export function listTotal(booking: Pick<Booking, 'paymentDetails'>): number {
  const details = booking.paymentDetails as Partial<Booking['paymentDetails']> & {
    subtotal?: number;
  };
  return details.total || details.subTotal || details.subtotal || 0;
}

export const customerName = (booking: Pick<Booking, 'firstName' | 'lastName'>) =>
  `${booking.firstName ?? ''} ${booking.lastName ?? ''}`.trim();

export interface PaymentSummary {
  subTotal: number;
  discount: number;
  tax: number;
  /** total − platformFee */
  total: number;
  platformFee: number;
  /** total − fee */
  netRestaurantPayout: number;
  /** platformCommission */
  platformFeeChargedToRestaurant: number;
  /** total */
  totalChargedToCustomer: number;
  refundedTotal: number;
  /** The server's payout after refunds. */
  netPayoutAfterRefunds: number;
}

/** Spec 01 §9's arithmetic, done in integer minor units (no float subtraction of money). */
export function paymentSummary(
  details: Booking['paymentDetails'],
  currency: string | null | undefined,
): PaymentSummary {
  const minor = (value: number | null | undefined) => toMinor(value ?? 0, currency, 'round');
  const major = (value: number) => fromMinor(value, currency);
  const total = minor(details.total);
  return {
    subTotal: details.subTotal ?? 0,
    discount: details.discount ?? 0,
    tax: details.tax ?? 0,
    total: major(total - minor(details.platformFee)),
    platformFee: details.platformFee ?? 0,
    netRestaurantPayout: major(total - minor(details.fee)),
    platformFeeChargedToRestaurant: details.platformCommission ?? 0,
    totalChargedToCustomer: details.total ?? 0,
    refundedTotal: details.refundedTotal ?? 0,
    netPayoutAfterRefunds: details.netPayout ?? 0,
  };
}

/**
 * The payout badge (spec 01 §9): `deposited` ("Deposited", or "Paid" on the restaurant page) when
 * paid out, else Pending, also when the booking does not say.
 */
export const payoutBadge = (booking: Pick<Booking, 'payout'>, deposited: string) =>
  booking.payout
    ? { status: 'deposited', label: deposited }
    : { status: 'pending', label: 'Pending' };

/** Upper-cased card type plus card number, else the plain method, else N/A. */
export function paymentMethodText(
  booking: Pick<Booking, 'paymentMethod' | 'paymentMethodDetails'>,
): string {
  const card = booking.paymentMethodDetails?.[0];
  if (card?.type) return `${card.type.toUpperCase()} ${card.cardNumber ?? ''}`.trim();
  return booking.paymentMethod?.trim() || 'N/A';
}

/** The amount typed in a refund input: a positive number, or null for empty / not a number. */
export function parseRefundAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** What the refund form knows of the signed-in admin's limits. */
export interface RefundLimits {
  /** The role's own limit in USD (null: none). */
  refundLimitUsd?: number | null;
  /** Above this in USD every refund needs a second admin (REFUND_APPROVAL_USD). */
  refundApprovalUsd?: number;
  /** The role's label, as the rule names it ("Support"). */
  roleLabel: string;
}

/**
 * Why the amount typed needs another admin's approval, as the note under the amount says it, or
 * null: the server's rule (common/refund-limit.ts), the amount converted with the fixed rate
 * table as the server does.
 */
export function refundApprovalNote(
  text: string,
  currency: string,
  limits: RefundLimits,
): string | null {
  const value = parseRefundAmount(text);
  const minor = value === null || value <= 0 ? undefined : toMinor(value, currency, 'refuse');
  if (minor === undefined) return null;
  const rule = refundApprovalRule(
    minor,
    currency,
    limits.refundLimitUsd,
    limits.refundApprovalUsd ?? Number.MAX_SAFE_INTEGER,
  );
  return rule && approvalRuleText(rule, limits.roleLabel);
}

/** Empty, zero or negative amounts disable the refund button (spec 01 §5). */
export function canSubmitRefund(text: string, running: boolean): boolean {
  const value = parseRefundAmount(text);
  return !running && value !== null && value > 0;
}

/**
 * A timestamp of the booking detail (payout, refund, activity) in UTC, like its other dates:
 * "Mar 2, 2026 09:15 AM". Empty for a missing or invalid value.
 */
export function formatDetailDateTime(value: string | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const iso = date.toISOString();
  return `${formatDetailDate(date)} ${formatBookingDateTime(iso, iso.slice(11, 16)).slice(11)}`;
}
