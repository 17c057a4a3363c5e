/**
 * Bookings and collected money created in a time window, per currency, without reading every
 * booking: whole hours come from booking_hourly (kept by triggers on bookings), the partial hours
 * at the window's ends from the bookings themselves (bookings_created_idx). Exact to the instant.
 */
import { and, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookingHourly, bookings } from '../db/schema.js';
import { collectedMinor } from './revenue.js';

const HOUR = 3_600_000;

export type WindowFigures = { currency: string; bookings: number; collectedMinor: bigint }[];

/** Figures of the bookings created in [from, to); a missing end is open. */
export async function bookingFigures(db: Db, from?: Date, to?: Date): Promise<WindowFigures> {
  const created = (start: Date, end: Date) =>
    and(gte(bookings.createdAt, start), lt(bookings.createdAt, end))!;
  const parts: SQL[] = [];
  const edges: SQL[] = [];
  // Whole hours [firstHour, endHour), counted in epoch hours like booking_hourly.hour.
  const firstHour = from && Math.ceil(from.getTime() / HOUR);
  const endHour = to && Math.floor(to.getTime() / HOUR);
  if (from && to && firstHour! >= endHour!) {
    edges.push(created(from, to));
  } else {
    const hours = and(
      firstHour === undefined ? undefined : gte(bookingHourly.hour, firstHour),
      endHour === undefined ? undefined : lt(bookingHourly.hour, endHour),
    );
    parts.push(
      sql`select ${bookingHourly.currency} as currency, ${bookingHourly.bookings} as n, ${bookingHourly.collectedMinor} as c from ${bookingHourly} where ${hours ?? sql`true`}`,
    );
    if (from) edges.push(created(from, new Date(firstHour! * HOUR)));
    if (to) edges.push(created(new Date(endHour! * HOUR), to));
  }
  if (edges.length) {
    parts.push(
      sql`select ${bookings.currency} as currency, 1 as n, ${collectedMinor} as c from ${bookings} where ${or(...edges)}`,
    );
  }
  const { rows } = (await db.execute(
    sql`select currency, sum(n)::bigint as n, sum(c)::bigint as c from (${sql.join(parts, sql` union all `)}) figures group by currency order by currency`,
  )) as unknown as { rows: { currency: string; n: string | number; c: string | number }[] };
  return rows.map((row) => ({
    currency: row.currency,
    bookings: Number(row.n),
    collectedMinor: BigInt(row.c),
  }));
}
