/** Bookings: the filtered list, one booking, admin notes and the booking's activities. */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { bookingActivities, bookings, restaurants, users } from '../db/schema.js';
import { logActivity } from '../lib/activity-log.js';
import { badRequest, notFound } from '../lib/http-error.js';
import { iso, likePattern, utcDayRange } from '../lib/paging.js';
import { loadBookingView, loadBookingViews } from '../queries/booking-view.js';
import type { Handlers, QueryOf } from './types.js';

export const BOOKING_NOT_FOUND = 'Booking not found';

function listConditions(query: QueryOf<'listBookings'>): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  const pattern = likePattern(query.search);
  if (pattern) {
    conditions.push(
      or(
        ilike(bookings.bookingRef, pattern),
        ilike(bookings.firstName, pattern),
        ilike(bookings.lastName, pattern),
        ilike(sql`${bookings.firstName} || ' ' || ${bookings.lastName}`, pattern),
        ilike(bookings.email, pattern),
        ilike(restaurants.name, pattern),
      ),
    );
  }
  if (query.restaurant) conditions.push(eq(bookings.restaurantId, query.restaurant));
  if (query.arrivalDateTime) {
    const range = utcDayRange(query.arrivalDateTime);
    if (!range) throw badRequest('arrivalDateTime must be a date (YYYY-MM-DD)');
    const day = range[0].toISOString().slice(0, 10);
    conditions.push(eq(bookings.arrivalDate, day));
  }
  if (query.bookingStatus) conditions.push(eq(bookings.status, query.bookingStatus));
  if (query.paymentStatus) {
    conditions.push(sql`lower(${bookings.paymentStatus}) = lower(${query.paymentStatus})`);
  }
  if (query.payoutStatus !== undefined) conditions.push(eq(bookings.payout, query.payoutStatus));
  return conditions.filter((c): c is SQL => c !== undefined);
}

export const bookingsHandlers: Handlers = {
  async listBookings(req) {
    const db = req.server.db;
    const { skip = 0, limit = 10 } = req.query;
    const where = and(...listConditions(req.query));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ id: bookings.id })
        .from(bookings)
        .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
        .where(where)
        .orderBy(desc(bookings.arrivalDate), desc(bookings.arrivalTime), desc(bookings.bookingRef))
        .offset(skip)
        .limit(limit),
      db
        .select({ total: count() })
        .from(bookings)
        .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
        .where(where),
    ]);
    const data = await loadBookingViews(
      db,
      rows.map((r) => r.id),
    );
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
      const [updated] = await tx
        .update(bookings)
        .set({ adminNotes })
        .where(eq(bookings.id, req.params.id))
        .returning({ id: bookings.id, bookingRef: bookings.bookingRef });
      if (!updated) throw notFound(BOOKING_NOT_FOUND);
      await logActivity(tx, {
        title: 'Booking notes updated',
        description: `Admin notes of booking ${updated.bookingRef} were updated`,
        actorId: req.user.id,
      });
      return loadBookingView(tx, updated.id);
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
      .select({
        activity: bookingActivities,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
      })
      .from(bookingActivities)
      .leftJoin(users, eq(users.id, bookingActivities.createdBy))
      .where(eq(bookingActivities.bookingId, req.query.booking))
      .orderBy(desc(bookingActivities.createdAt), desc(bookingActivities.id));
    return {
      success: true,
      message: 'Booking activities',
      data: rows.map((r) => ({
        _id: r.activity.id,
        activity: r.activity.activity,
        createdBy:
          r.firstName === null
            ? null
            : { firstName: r.firstName, lastName: r.lastName ?? '', role: r.role ?? '' },
        createdAt: iso(r.activity.createdAt),
      })),
    };
  },
};
