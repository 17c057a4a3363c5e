/** Bookings: the filtered list, one booking, admin notes and the booking's activities. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { auditEvents, bookings, bookingStats, users } from '../db/schema.js';
import { bookingsWhere, valueFilters } from '../queries/bookings-filter.js';
import { fromJsonRow, jsonValue } from '../db/json-row.js';
import { queryPrepared } from '../db/prepared.js';
import { authorizeSessionUser, bearerToken } from '../auth/bearer-auth.js';
import { sessionUserJson } from '../auth/sessions.js';
import { change, recordChange } from '../lib/audit.js';
import { bookingActivityText } from '../lib/activity-text.js';
import { notFound } from '../lib/http-error.js';
import { iso } from '../lib/paging.js';
import {
  bookingJson,
  bookingView,
  loadBookingView,
  type BookingJson,
} from '../queries/booking-view.js';
import type { Handlers } from './types.js';
import type { QueryOf } from '../lib/contract-types.js';

export const BOOKING_NOT_FOUND = 'Booking not found';

/** Operations whose handler checks the bearer token in its own statement (app.ts). */
export const TOKEN_CHECKED_BY_HANDLER = new Set(['listBookings']);

const listOrder = sql`arrival_date desc, arrival_time desc, booking_ref desc`;

/**
 * The CTEs `total` (the number of bookings the filters select, exact at every page) and `page`
 * (the ids of the page), read only when `allowed` holds.
 *
 * With a search text the matches are collected first (trigram index, restaurant index), then
 * sorted: walking the list's order and testing each row would read every booking when the text
 * matches few or none. Otherwise the page comes from an index that starts with the filter's
 * column and goes on in the list's order; without a date the total is a sum over booking_stats
 * (one row per restaurant and status values, kept by triggers in the same transaction as every
 * write to bookings), with one a count over that day in bookings_list_idx, which carries the
 * other filter columns. A page past the middle is read from the other end of the index (the same
 * rows, reversed; the page is sorted again at the end), so the last page is as quick as the first.
 */
function pageCtes(query: QueryOf<'listBookings'>, where: SQL | undefined, searched: boolean) {
  const { skip = 0, limit = 10 } = query;
  const filter = sql`${where ?? sql`true`} and (select ok from allowed)`;
  if (searched) {
    return sql`matches as materialized (
        select ${bookings.id}, ${bookings.arrivalDate}, ${bookings.arrivalTime}, ${bookings.bookingRef}
        from ${bookings} where ${filter}),
      total as (select count(*)::int as n from matches),
      page as (select id from matches order by ${listOrder} offset ${skip}::int limit ${limit}::int)`;
  }
  const total = query.arrivalDateTime
    ? sql`select count(*)::int as n from ${bookings} where ${filter}`
    : sql`select coalesce(sum(${bookingStats.bookings}), 0)::int as n from ${bookingStats}
        where ${and(...valueFilters(bookingStats, query)) ?? sql`true`}`;
  const n = sql`(select n from total)`;
  return sql`total as materialized (${total}),
    page as (
      (select ${bookings.id} from ${bookings} where ${filter} and ${skip}::int * 2 <= ${n}
        order by ${listOrder} offset ${skip}::int limit ${limit}::int)
      union all
      (select ${bookings.id} from ${bookings} where ${filter} and ${skip}::int * 2 > ${n}
        order by arrival_date, arrival_time, booking_ref
        offset greatest(${n} - ${skip}::int - ${limit}::int, 0)
        limit greatest(least(${limit}::int, ${n} - ${skip}::int), 0)))`;
}

/** The actor as the spec's createdBy (first name, last name, role); null means System. */
function creator(event: typeof auditEvents.$inferSelect) {
  if (!event.actorName) return null;
  const [firstName, ...rest] = event.actorName.split(' ');
  return { firstName, lastName: rest.join(' '), role: event.actorRole ?? '' };
}

export const bookingsHandlers: Handlers = {
  /**
   * One statement (one round trip): the token's session user (its check as bearerAuth makes
   * it; operations in TOKEN_CHECKED_BY_HANDLER), the total and the page's bookings as JSON.
   */
  async listBookings(req) {
    const { where, searched } = bookingsWhere(req.query);
    const rows = await queryPrepared<{ user: unknown; total: number; data: unknown }>(
      req.server.db,
      sql`
      with auth as materialized (select ${sessionUserJson(bearerToken(req) ?? '')} as u),
        allowed as materialized (
          select coalesce(u->>'role' = 'admin' and (u->>'status')::boolean, false) as ok from auth),
        ${pageCtes(req.query, where, searched)}
      select (select u from auth) as "user", (select n from total) as total,
        (select coalesce(json_agg(${bookingJson}
            order by b.arrival_date desc, b.arrival_time desc, b.booking_ref desc), '[]'::json)
          from bookings b join restaurants r on r.id = b.restaurant_id
          -- An array of ids, not a join: the planner cannot tell how many rows the page's limit
          -- (computed from the total) lets through, and would plan for a tenth of the bookings.
          where b.id = any(array(select id from page))) as data`,
    );
    const [row] = rows;
    authorizeSessionUser(req, row.user ? fromJsonRow(users, jsonValue(row.user)) : undefined);
    const data = jsonValue<BookingJson[]>(row.data).map(bookingView);
    return { success: true, message: 'Bookings', status_code: 200, count: row.total, data };
  },

  async getBooking(req) {
    const booking = await loadBookingView(req.server.db, req.params.id);
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    return { success: true, message: 'Booking', data: booking };
  },

  async updateBookingNotes(req) {
    const db = req.server.db;
    // Plain text, stored exactly as typed: it is shown as text, so nothing needs cleaning.
    const adminNotes = req.body.adminNotes;
    const booking = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          id: bookings.id,
          bookingRef: bookings.bookingRef,
          adminNotes: bookings.adminNotes,
        })
        .from(bookings)
        .where(eq(bookings.id, req.params.id))
        .for('update');
      if (!current) throw notFound(BOOKING_NOT_FOUND);
      if (current.adminNotes !== adminNotes) {
        await tx.update(bookings).set({ adminNotes }).where(eq(bookings.id, current.id));
      }
      await recordChange(tx, {
        request: req,
        action: 'booking.notes',
        entity: { type: 'booking', id: current.id, name: current.bookingRef },
        changes: [change('adminNotes', current.adminNotes, adminNotes)],
      });
      return loadBookingView(tx, current.id);
    });
    return { success: true, message: 'Admin notes saved successfully', data: booking! };
  },

  async listBookingActivities(req) {
    const db = req.server.db;
    const [exists] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, req.query.booking));
    if (!exists) throw notFound(BOOKING_NOT_FOUND);
    const rows = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityType, 'booking'), eq(auditEvents.entityId, req.query.booking)),
      )
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
    return {
      success: true,
      message: 'Booking activities',
      data: rows.map((event) => ({
        _id: event.id,
        activity: bookingActivityText(event),
        createdBy: creator(event),
        createdAt: iso(event.createdAt),
      })),
    };
  },
};
