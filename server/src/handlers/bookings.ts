/** Bookings: the filtered list, one booking, admin notes and the booking's activities. */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents, bookings, bookingStats } from '../db/schema.js';
import { change, recordChange } from '../lib/audit.js';
import { bookingActivityText } from '../queries/activity-text.js';
import { notFound } from '../lib/http-error.js';
import { iso } from '../lib/paging.js';
import { bookingsWhere, valueFilters, type BookingsQuery } from '../queries/bookings-filter.js';
import { loadBookingView, loadBookingViews } from '../queries/booking-view.js';
import type { Handlers } from './types.js';

export const BOOKING_NOT_FOUND = 'Booking not found';

/**
 * A searched page and the number of matches in one statement. The matches are collected first
 * (trigram index, restaurant index), then sorted: walking the list's order and testing each row
 * would read every booking when the text matches few or none.
 */
async function searchPage(db: Db, where: SQL | undefined, skip: number, limit: number) {
  const { rows } = (await db.execute(sql`
    with matches as materialized (
      select ${bookings.id}, ${bookings.arrivalDate}, ${bookings.arrivalTime}, ${bookings.bookingRef}
      from ${bookings} where ${where})
    select (select count(*) from matches)::int as total,
      coalesce((select json_agg(page.id) from (select id from matches
        order by arrival_date desc, arrival_time desc, booking_ref desc
        offset ${skip} limit ${limit}) page), '[]') as ids`)) as unknown as {
    rows: { total: number; ids: string[] | string }[];
  };
  const ids = rows[0].ids;
  return {
    total: rows[0].total,
    ids: typeof ids === 'string' ? (JSON.parse(ids) as string[]) : ids,
  };
}

/**
 * A page of ids in the list's order (an index that starts with the filter's column and goes on
 * in that order) and the number of bookings the filters select, exact at every page. Without a
 * date that number is a sum over booking_stats (one row per restaurant and status values, kept by
 * triggers in the same transaction as every write to bookings); with one, a count over that day
 * in bookings_list_idx, which carries the other filter columns. A page past the middle is read
 * from the other end of the index (the same rows, reversed), so the last page is as quick as the
 * first.
 */
async function filteredPage(
  db: Db,
  query: BookingsQuery,
  where: SQL | undefined,
  skip: number,
  limit: number,
) {
  const [{ total }] = await (query.arrivalDateTime
    ? db.select({ total: count() }).from(bookings).where(where)
    : db
        .select({ total: sql<number>`coalesce(sum(${bookingStats.bookings}), 0)::int` })
        .from(bookingStats)
        .where(and(...valueFilters(bookingStats, query))));
  const fromEnd = skip > total / 2;
  const take = fromEnd ? Math.min(limit, total - skip) : limit;
  if (take <= 0) return { total, ids: [] };
  const order = [bookings.arrivalDate, bookings.arrivalTime, bookings.bookingRef];
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(where)
    .orderBy(...order.map((column) => (fromEnd ? asc(column) : desc(column))))
    .offset(fromEnd ? total - skip - take : skip)
    .limit(take);
  const ids = rows.map((r) => r.id);
  return { total, ids: fromEnd ? ids.reverse() : ids };
}

/** The actor as the spec's createdBy (first name, last name, role); null means System. */
function creator(event: typeof auditEvents.$inferSelect) {
  if (!event.actorName) return null;
  const [firstName, ...rest] = event.actorName.split(' ');
  return { firstName, lastName: rest.join(' '), role: event.actorRole ?? '' };
}

export const bookingsHandlers: Handlers = {
  async listBookings(req) {
    const db = req.server.db;
    const { skip = 0, limit = 10 } = req.query;
    const { where, searched } = bookingsWhere(req.query);
    const { total, ids } = searched
      ? await searchPage(db, where, skip, limit)
      : await filteredPage(db, req.query, where, skip, limit);
    const data = await loadBookingViews(db, ids);
    return { success: true, message: 'Bookings', status_code: 200, count: total, data };
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
