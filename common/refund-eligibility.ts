/**
 * Spec: Process Refund is offered, and a refund accepted, when the payment status is Paid or
 * Completed and the booking is not cancelled, in any case and spacing. The server writes the same
 * rule into its conditional update from these two lists.
 */
export const REFUNDABLE_PAYMENT_STATUSES: readonly string[] = ['paid', 'completed'];
export const UNREFUNDABLE_BOOKING_STATUSES: readonly string[] = ['cancelled'];

/** A status as the rule compares it: trimmed and lower-cased ("" for none). */
export const statusKey = (status: string | null | undefined) => (status ?? '').trim().toLowerCase();

export function isRefundEligible(booking: {
  status?: string | null;
  paymentStatus?: string | null;
}): boolean {
  return (
    REFUNDABLE_PAYMENT_STATUSES.includes(statusKey(booking.paymentStatus)) &&
    !UNREFUNDABLE_BOOKING_STATUSES.includes(statusKey(booking.status))
  );
}
