/** The bookings: list, detail, activity, admin notes and refunds (of an order or a booking). */
import type { components } from '../../../openapi/schema';
import type { Booking, BookingActivity, SessionUser } from '../../api/types';
import { toMinor } from '../../../common/money';
import { formatMoney } from '../../../common/money-format';
import { refundApprovalRule } from '../../../common/refund-limit';
import { adminUser } from './session';
import { reply, type OperationId } from './reply';
import type { FakeHandler, Routes } from './types';
import { staleWrite } from './versions';
import { listOf, type Filters } from './list';

type Refund = components['schemas']['Refund'];

const notFound = { success: false, message: 'Booking not found', status_code: 404 } as const;

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(950_000 + ++sequence).padStart(12, '0')}`;

/**
 * Starts with `rows`; the list finds what `filters` say. Each booking's activity is `activities`
 * (none by default). A refund is answered with its booking and kept in `refunds`; the booking's
 * balances are left as they are (the server's arithmetic is tested against it). A refund above
 * the limits of `signedIn` (the server's rule, common/refund-limit.ts) is sent for approval
 * instead (202) and waits on its booking.
 */
export function bookingsFake(
  rows: Booking[],
  {
    filters = {},
    activities = [],
    signedIn = adminUser,
  }: { filters?: Filters<Booking>; activities?: BookingActivity[]; signedIn?: SessionUser } = {},
) {
  const refunds: Refund[] = [];
  const refund =
    (operationId: OperationId): FakeHandler =>
    (call) => {
      const request = call.body as {
        orderId?: string;
        bookingId?: string;
        amount: number;
        reason?: string;
        notes?: string;
        reasonCode?: Refund['reasonCode'];
      };
      const booking = rows.find((b) =>
        request.orderId
          ? b.orders.some((o) => o._id === request.orderId)
          : b._id === request.bookingId,
      );
      if (!booking) return reply('refundBooking', 404, notFound);
      // A refund's version is its booking's.
      const stale = staleWrite(call, 'booking', booking);
      if (stale) return stale;
      const minor = toMinor(request.amount, booking.currency, 'round');
      const limits = [signedIn.refundLimitUsd, signedIn.refundApprovalUsd] as const;
      if (refundApprovalRule(minor, booking.currency, ...limits)) {
        const requestedAt = new Date();
        const pending = {
          _id: nextId(),
          orderId: request.orderId ?? null,
          amount: request.amount,
          requestedBy: `${signedIn.firstName} ${signedIn.lastName}`,
          requestedAt: requestedAt.toISOString(),
          expiresAt: new Date(requestedAt.getTime() + 72 * 3_600_000).toISOString(),
        };
        booking.pendingApprovals = [...(booking.pendingApprovals ?? []), pending];
        return {
          operationId,
          status: 202,
          body: {
            success: true,
            message: `Refund of ${formatMoney(request.amount, booking.currency)} sent for approval`,
            data: { approvalId: pending._id, status: 'pending' },
          },
        };
      }
      const made: Refund = {
        _id: nextId(),
        amount: request.amount,
        currency: booking.currency,
        date: new Date().toISOString(),
        processedBy: 'Ada Admin',
        orderId: request.orderId ?? null,
        bookingId: booking._id,
        reasonCode: request.reasonCode ?? 'requested_by_customer',
        note: request.reason ?? request.notes ?? null,
      };
      refunds.push(made);
      booking.version += 1;
      const what = request.orderId ? 'Order refund' : 'Refund';
      return {
        operationId,
        status: 200,
        body: {
          success: true,
          message: `${what} processed successfully`,
          data: { refund: made, booking },
        },
      };
    };
  return {
    rows,
    refunds,
    routes: {
      listBookings: listOf('listBookings', () => rows, filters, { status_code: 200 }),
      getBooking: ({ params }) => {
        const booking = rows.find((b) => b._id === params.id);
        return booking
          ? reply('getBooking', 200, { success: true, message: 'Booking', data: booking })
          : reply('getBooking', 404, notFound);
      },
      listBookingActivities: () =>
        reply('listBookingActivities', 200, {
          success: true,
          message: 'Activities',
          data: activities,
        }),
      updateBookingNotes: (call) => {
        const { params, body } = call;
        const booking = rows.find((b) => b._id === params.id);
        if (!booking) return reply('updateBookingNotes', 404, notFound);
        const stale = staleWrite(call, 'booking', booking);
        if (stale) return stale;
        booking.adminNotes = (body as { adminNotes: string }).adminNotes;
        booking.version += 1;
        return reply('updateBookingNotes', 200, {
          success: true,
          message: 'Admin notes saved successfully',
          data: booking,
        });
      },
      refundOrder: refund('refundOrder'),
      refundOrderFallback: refund('refundOrderFallback'),
      refundBooking: refund('refundBooking'),
    } satisfies Routes,
  };
}
