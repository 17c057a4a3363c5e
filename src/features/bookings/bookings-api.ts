import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../api/api';
import { auditedWrite, listTag, listTags, type Tag } from '../../api/cache-tags';
import { APPROVAL_REQUESTED, sentForApproval } from '../../api/approval-answer';
import { httpStatus } from '../../api/errors';
import { versioned, type Versioned } from '../../api/versions';
import type {
  ApprovalRequestedResponse,
  BookingActivityListResponse,
  BookingListQuery,
  BookingListResponse,
  BookingRefundRequest,
  BookingResponse,
  OrderRefundRequest,
  RefundResponse,
} from '../../api/types';

/**
 * A refund request with the Idempotency-Key that makes retries safe (one key per attempt), sent
 * against the version of the booking it was read from.
 */
type WithKey<T> = T & { idempotencyKey: string } & Versioned;

/**
 * The main refund path failed in a way the fallback path may not: it is missing (404 without
 * this contract's answer, 405, 501), the server failed, or no response came. A refusal of the
 * refund itself (400, 401, 403, 409, or 404 "Order not found") would only be refused again.
 */
function shouldTryFallback(error: FetchBaseQueryError): boolean {
  const status = httpStatus(error);
  if (status === undefined) return true;
  if (status === 404) {
    const data = (error as { data?: { message?: unknown } }).data;
    return data?.message !== 'Order not found';
  }
  return status === 405 || status >= 500;
}

/** A refund's answer: made (200), or sent for another admin's approval (202). */
export type RefundAnswer = RefundResponse | ApprovalRequestedResponse;

/**
 * What a refund changes: the booking, its activities, its restaurant, the dashboard's totals. A
 * request for approval changes the bookings (their pending requests) and the approval queue.
 */
const refunded = (_arg: unknown, answer: RefundAnswer): Tag[] =>
  sentForApproval(answer)
    ? ['Booking', 'BookingActivity', ...APPROVAL_REQUESTED]
    : [
        listTag('Booking'),
        { type: 'Booking', id: answer.data.booking._id },
        { type: 'BookingActivity', id: answer.data.booking._id },
        { type: 'Restaurant', id: answer.data.booking.restaurant._id },
        'Dashboard',
      ];

const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBookings: build.query<BookingListResponse, BookingListQuery>({
      query: (params) => ({ url: '/admin/bookings', params }),
      providesTags: (result) => listTags('Booking', result?.data),
    }),
    getBooking: build.query<BookingResponse, string>({
      query: (id) => `/admin/booking/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    listBookingActivities: build.query<BookingActivityListResponse, string>({
      query: (booking) => ({ url: '/activities', params: { booking } }),
      providesTags: (_result, _error, id) => [{ type: 'BookingActivity', id }],
    }),
    updateBookingNotes: build.mutation<
      BookingResponse,
      { id: string; adminNotes: string } & Versioned
    >({
      query: ({ id, adminNotes, ...version }) =>
        versioned({ url: `/booking/${id}`, method: 'PUT', body: { adminNotes } }, version),
      invalidatesTags: auditedWrite(({ id }) => [{ type: 'Booking', id }]),
    }),
    /** POST admin/orders/refund, then admin/order/refund with the same key when it is missing. */
    refundOrder: build.mutation<RefundAnswer, WithKey<OrderRefundRequest>>({
      async queryFn({ idempotencyKey, version, overrides, ...body }, _api, _extra, baseQuery) {
        const request = (url: string): FetchArgs =>
          versioned(
            { url, method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } },
            { version, overrides },
          );
        const first = await baseQuery(request('/admin/orders/refund'));
        if (!first.error) return { data: first.data as RefundAnswer };
        if (!shouldTryFallback(first.error)) return { error: first.error };
        const second = await baseQuery(request('/admin/order/refund'));
        return second.error ? { error: second.error } : { data: second.data as RefundAnswer };
      },
      invalidatesTags: auditedWrite(refunded),
    }),
    refundBooking: build.mutation<RefundAnswer, WithKey<BookingRefundRequest>>({
      query: ({ idempotencyKey, version, overrides, ...body }) =>
        versioned(
          {
            url: '/admin/booking-refund',
            method: 'POST',
            body,
            headers: { 'Idempotency-Key': idempotencyKey },
          },
          { version, overrides },
        ),
      invalidatesTags: auditedWrite(refunded),
    }),
  }),
});

export const {
  useListBookingsQuery,
  useGetBookingQuery,
  useListBookingActivitiesQuery,
  useUpdateBookingNotesMutation,
  useRefundOrderMutation,
  useRefundBookingMutation,
} = bookingsApi;

/** A fresh Idempotency-Key for one refund attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
