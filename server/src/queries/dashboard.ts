/**
 * The dashboard's figures: totals with their change over 30 days, bookings and collected money in
 * a time window, and Recent Activity (a view over the audit trail). No query reads every booking:
 * bookings and money come from booking_hourly (kept by triggers on bookings), counts of events
 * from audit_event_counts (kept by triggers on audit_events).
 */
import { and, count, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { withTotal, type Paging } from '../db/paged.js';
import { onePerDatabase } from '../db/prepared.js';
import {
  auditEventCounts,
  auditEvents,
  bookingHourly,
  bookings,
  restaurants,
  users,
  isActivity,
} from '../db/schema.js';
import { auditOrder } from './audit.js';

/**
 * What counts as revenue, in one place: money collected on bookings whose payment went through
 * (Paid, Completed, Deposited, or partly refunded), less what was refunded. The rule itself is
 * the SQL function booking_collected_minor (migration 0002), which the figures' triggers use.
 */
const collectedMinor = sql`booking_collected_minor(${bookings.paymentStatus}, ${bookings.total}, ${bookings.refundedTotal})`;

/**
 * Bookings and collected money created in a time window, per currency: whole hours come from
 * booking_hourly, the partial hours at the window's ends from the bookings themselves
 * (bookings_created_idx). Exact to the instant.
 */
const HOUR = 3_600_000;

export type WindowFigures = { currency: string; bookings: number; collectedMinor: bigint }[];

/** Figures of the bookings created in [from, to); a missing end is open. */
export async function bookingFigures(
  db: Pick<Db, 'execute'>,
  from?: Date,
  to?: Date,
): Promise<WindowFigures> {
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

/** The tables whose rows the dashboard counts, with their creation time. */
const COUNTED = {
  users: [users, users.createdAt],
  restaurants: [restaurants, restaurants.createdAt],
} as const;

/** A COUNTED table's counts, prepared once per database (every dashboard asks them). */
function createdCountQuery(of: keyof typeof COUNTED) {
  const [table, createdAt] = COUNTED[of];
  const recent = sql`${sql.placeholder('recent')}::timestamptz`;
  const previous = sql`${sql.placeholder('previous')}::timestamptz`;
  return onePerDatabase((db) =>
    db
      .select({
        total: count(),
        recent: sql<number>`count(*) filter (where ${createdAt} >= ${recent})::int`,
        previous: sql<number>`count(*) filter (where ${createdAt} >= ${previous} and ${createdAt} < ${recent})::int`,
      })
      .from(table)
      .prepare(`created_counts_${of}`),
  );
}
const createdCountQueries = {
  users: createdCountQuery('users'),
  restaurants: createdCountQuery('restaurants'),
};

/** Rows of the table in all, in the `recent` window and in the `previous` one before it. */
export async function createdCounts(
  db: Db,
  of: keyof typeof COUNTED,
  { recent, previous }: { recent: Date; previous: Date },
) {
  const [row] = await createdCountQueries[of](db).execute({
    recent: recent.toISOString(),
    previous: previous.toISOString(),
  });
  return row;
}

/** Recent Activity: the audit trail's changes (`isActivity`), newest first, with its total. */
export async function listActivity(db: Db, { skip = 0, limit = 20 }: Paging) {
  // Both reads use the partial index of this condition.
  const activity = isActivity(auditEvents.action);
  return withTotal(
    db
      .select()
      .from(auditEvents)
      .where(activity)
      .orderBy(...auditOrder.orderBy)
      .offset(skip)
      .limit(limit),
    // Kept by triggers on audit_events (migration 0007), exact, without counting the events.
    db
      .select({ total: sql<number>`coalesce(sum(${auditEventCounts.events}), 0)::int` })
      .from(auditEventCounts)
      .where(eq(auditEventCounts.kind, 'activity')),
  );
}
