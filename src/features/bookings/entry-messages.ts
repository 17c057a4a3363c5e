/**
 * The booking detail and the refund flow are one implementation reached from two screens; each
 * screen keeps the spec's messages (spec 01 §8: "Bookings screen" and "Restaurant page").
 */
import { httpStatus, serverMessage } from '../../api/errors';
import { formatMoney } from '../../../common/money-format';

/** Where the detail or the refund modal was opened from. */
export type BookingEntry = 'bookings' | 'restaurant';

/** A paid-out booking's payout status: "Deposited", "Paid" on the restaurant page (spec 01 §9). */
export const depositedText = (entry: BookingEntry) =>
  entry === 'restaurant' ? 'Paid' : 'Deposited';

/** The success text after saving admin notes (the server's message on the bookings screen). */
export function notesSavedText(entry: BookingEntry, serverText: string | undefined): string {
  if (entry === 'restaurant') return 'Admin notes saved successfully!';
  return serverText || 'Admin notes saved successfully';
}

/** The failure text of saving admin notes. */
export function notesFailedText(entry: BookingEntry, failure: unknown): string {
  if (entry === 'restaurant') return 'Failed to save notes. Please try again.';
  const message = serverMessage(failure);
  return message ? `Failed to save admin notes: ${message}` : 'Failed to save admin notes';
}

/** The success text of a refund of an order. */
export function orderRefundedText(entry: BookingEntry, amount: number, currency: string): string {
  return entry === 'restaurant'
    ? `Refund of ${formatMoney(amount, currency)} processed successfully!`
    : 'Order refund processed successfully';
}

/** The failure text of a refund of an order: the server's reason when it answered. */
export function orderRefundFailedText(entry: BookingEntry, failure: unknown): string {
  const answered = httpStatus(failure) !== undefined;
  if (entry === 'restaurant') {
    const fallback = 'Failed to process refund. Please try again.';
    return answered ? (serverMessage(failure) ?? fallback) : fallback;
  }
  if (!answered) return 'Failed to process order refund. Please try again.';
  return `Failed to process order refund: ${serverMessage(failure) ?? 'Unknown error'}`;
}
