/** What other features may use of bookings (the restaurant page shows its bookings). */
export { BookingDetail } from './booking-detail';
export { BookingsTable } from './bookings-table';
export { RefundModal } from './refund-modal';
export { useViewedBooking } from './use-viewed-booking';
