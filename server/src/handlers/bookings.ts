/** Bookings: the filtered list, one booking, admin notes and the booking's activities. */
import type { AuditEvent } from '../db/schema.js';
import { authorizeSessionUser, bearerToken } from '../auth/bearer-auth.js';
import { hashToken, livenessAt } from '../auth/sessions.js';
import { change, recordChange } from '../lib/audit.js';
import { bookingActivityText } from '../lib/activity-text.js';
import { notFound } from '../lib/http-error.js';
import { iso } from '../lib/paging.js';
import { setETag } from '../lib/versions.js';
import {
  BOOKING_NOT_FOUND,
  bookingEvents,
  bookingExists,
  listBookingsWithSession,
  loadBookingView,
  lockBooking,
  setBookingNotes,
} from '../queries/bookings.js';
import { checkVersion } from '../queries/versions.js';
import type { Handlers } from './types.js';

/** Operations whose handler checks the bearer token in its own statement (app.ts). */
export const TOKEN_CHECKED_BY_HANDLER = new Set(['listBookings']);

/** The actor as the spec's createdBy (first name, last name, role); null means System. */
function creator(event: AuditEvent) {
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
    const { db, config } = req.server;
    const page = await listBookingsWithSession(
      db,
      hashToken(bearerToken(req) ?? ''),
      livenessAt(config.sessionIdleMs),
      req.query,
    );
    await authorizeSessionUser(req, page.found);
    return {
      success: true,
      message: 'Bookings',
      status_code: 200,
      count: page.total,
      ...(page.totalIsEstimate ? { totalIsEstimate: true } : {}),
      data: page.data,
    };
  },

  async getBooking(req, reply) {
    const booking = await loadBookingView(req.server.db, req.params.id);
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    setETag(reply, booking.version);
    return { success: true, message: 'Booking', data: booking };
  },

  async updateBookingNotes(req, reply) {
    const db = req.server.db;
    // Plain text, stored exactly as typed: it is shown as text, so nothing needs cleaning.
    const adminNotes = req.body.adminNotes;
    const booking = await db.transaction(async (tx) => {
      const current = await lockBooking(tx, req.params.id);
      if (!current) throw notFound(BOOKING_NOT_FOUND);
      const record = { type: 'booking', id: current.id, version: current.version };
      await checkVersion(tx, req, record, () => loadBookingView(tx, current.id));
      if (current.adminNotes !== adminNotes) {
        const version = await setBookingNotes(tx, current.id, adminNotes);
        await recordChange(tx, {
          request: req,
          action: 'booking.notes',
          entity: { type: 'booking', id: current.id, name: current.bookingRef },
          version,
          changes: [change('adminNotes', current.adminNotes, adminNotes)],
        });
      }
      return (await loadBookingView(tx, current.id))!;
    });
    setETag(reply, booking.version);
    return { success: true, message: 'Admin notes saved successfully', data: booking };
  },

  async listBookingActivities(req) {
    const db = req.server.db;
    if (!(await bookingExists(db, req.query.booking))) throw notFound(BOOKING_NOT_FOUND);
    const rows = await bookingEvents(db, req.query.booking);
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
