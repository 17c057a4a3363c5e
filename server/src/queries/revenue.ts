/**
 * What counts as revenue, in one place: money collected on bookings whose payment went through
 * (Paid, Completed, Deposited, or partly refunded), less what was refunded. The rule itself is
 * the SQL function booking_collected_minor (migration 0002), which the figures' triggers use.
 */
import { sql } from 'drizzle-orm';
import { bookings } from '../db/schema.js';

export const collectedMinor = sql`booking_collected_minor(${bookings.paymentStatus}, ${bookings.total}, ${bookings.refundedTotal})`;
