/**
 * What counts as revenue, in one place: money collected on bookings whose payment went through
 * (Paid, Completed, Deposited, or partly refunded), less what was refunded.
 */
import { sql } from 'drizzle-orm';
import { bookings } from '../db/schema.js';

export const COLLECTED_PAYMENT_STATUSES = ['Paid', 'Completed', 'Deposited', 'Refund'] as const;

export const collectedMinor = sql`case when ${bookings.paymentStatus} in ('Paid', 'Completed', 'Deposited', 'Refund') then ${bookings.total} - ${bookings.refundedTotal} else 0 end`;
