import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../api/api';
import { httpStatus } from '../../api/errors';
import type {
  BookingActivityListResponse,
  BookingListQuery,
  BookingListResponse,
  BookingRefundRequest,
  BookingResponse,
  OrderRefundRequest,
  RestaurantDetailResponse,
  RefundResponse,
} from '../../api/types';

/** A refund request with the Idempotency-Key that makes retries safe (one key per attempt). */
type WithKey<T> = T & { idempotencyKey: string };

/**
 * The main refund path failed in a way the fallback path may not: it is missing (404 without
 * this contract's answer, 405, 501), the server failed, or no response came. A refusal of the
 * refund itself (400, 401, 403, 409, or 404 "Order not found") would only be refused again.
 */
export function shouldTryFallback(error: FetchBaseQueryError): boolean {
  const status = httpStatus(error);
  if (status === undefined) return true;
  if (status === 404) {
    const data = (error as { data?: { message?: unknown } }).data;
    return data?.message !== 'Order not found';
  }
  return status === 405 || status >= 500;
}

const refundTags = (bookingId: string | undefined, restaurantId: string | undefined) => [
  { type: 'Booking' as const, id: 'LIST' },
  ...(bookingId
    ? [
        { type: 'Booking' as const, id: bookingId },
        { type: 'BookingActivity' as const, id: bookingId },
      ]
    : []),
  ...(restaurantId ? [{ type: 'Restaurant' as const, id: restaurantId }] : []),
  { type: 'ActivityLog' as const, id: 'LIST' },
  'Dashboard' as const,
];

export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBookings: build.query<BookingListResponse, BookingListQuery>({
      query: (params) => ({ url: '/admin/bookings', params }),
      providesTags: (result) => [
        { type: 'Booking', id: 'LIST' },
        ...(result?.data ?? []).map((booking) => ({ type: 'Booking' as const, id: booking._id })),
      ],
    }),
    getBooking: build.query<BookingResponse, string>({
      query: (id) => `/admin/booking/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    listBookingActivities: build.query<BookingActivityListResponse, string>({
      query: (booking) => ({ url: '/activities', params: { booking } }),
      providesTags: (_result, _error, id) => [{ type: 'BookingActivity', id }],
    }),
    updateBookingNotes: build.mutation<BookingResponse, { id: string; adminNotes: string }>({
      query: ({ id, adminNotes }) => ({
        url: `/booking/${id}`,
        method: 'PUT',
        body: { adminNotes },
      }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Booking', id },
              { type: 'ActivityLog', id: 'LIST' },
            ],
    }),
    /** POST admin/orders/refund, then admin/order/refund with the same key when it is missing. */
    refundOrder: build.mutation<RefundResponse, WithKey<OrderRefundRequest>>({
      async queryFn({ idempotencyKey, ...body }, _api, _extra, baseQuery) {
        const request = (url: string): FetchArgs => ({
          url,
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        });
        const first = await baseQuery(request('/admin/orders/refund'));
        if (!first.error) return { data: first.data as RefundResponse };
        if (!shouldTryFallback(first.error)) return { error: first.error };
        const second = await baseQuery(request('/admin/order/refund'));
        return second.error ? { error: second.error } : { data: second.data as RefundResponse };
      },
      invalidatesTags: (result) =>
        result ? refundTags(result.data.booking._id, result.data.booking.restaurant._id) : [],
    }),
    refundBooking: build.mutation<RefundResponse, WithKey<BookingRefundRequest>>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/admin/booking-refund',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result) =>
        result ? refundTags(result.data.booking._id, result.data.booking.restaurant._id) : [],
    }),
    /** The restaurant named by the bookings screen's ?restaurant= (for its title). */
    getBookingsRestaurant: build.query<RestaurantDetailResponse, string>({
      query: (id) => `/admin/restaurant/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Restaurant', id }],
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
  useGetBookingsRestaurantQuery,
} = bookingsApi;

/** A fresh Idempotency-Key for one refund attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
