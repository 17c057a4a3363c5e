import { Button, DatePicker, Flex, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { errorText } from '../../api/errors';
import type { Booking, BookingListQuery } from '../../api/types';
import { ListTable } from '../../components/list/list-table';
import { listTableState } from '../../components/list/list-table-state';
import { useListQuery } from '../../components/list/use-list-query';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { formatBookingDateTime, isIsoDay } from '../../lib/dates';
import { customerName, isRefundEligible, listTotal } from './booking-rules';
import { useListBookingsQuery } from './bookings-api';

export const BOOKING_FILTERS = [
  'arrivalDateTime',
  'bookingStatus',
  'paymentStatus',
  'payoutStatus',
] as const;

const BOOKING_STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];
const PAYMENT_STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'Pending', label: 'Pending' },
  { value: 'Paid', label: 'Paid' },
  { value: 'Declined', label: 'Declined' },
  { value: 'Refund', label: 'Refund' },
];

/** Only values these filters offer are taken from the URL (an old link may hold others). */
const ACCEPT = {
  arrivalDateTime: isIsoDay,
  bookingStatus: BOOKING_STATUS_OPTIONS.map((option) => option.value).filter(Boolean),
  paymentStatus: PAYMENT_STATUS_OPTIONS.map((option) => option.value).filter(Boolean),
  payoutStatus: ['true', 'false'],
};

export interface BookingsTableProps {
  /** Only this restaurant's bookings (the restaurant page, or /admin/bookings?restaurant=). */
  restaurantId?: string;
  /** Rows per page: 10 on the bookings screen, 5 on the restaurant page. */
  pageSize?: number;
  /** Prefix of this list's URL parameters when the page has other lists (e.g. 'recent'). */
  urlPrefix?: string;
  /** Label of a deposited payout: "Deposited" (bookings screen) or "Paid" (restaurant page). */
  depositedLabel?: string;
  /**
   * What the retry control of a failed first load does: reload the page with "Try Again"
   * (bookings screen) or load again with "Retry" (restaurant page).
   */
  retry?: 'reload' | 'refetch';
  onView: (booking: Booking) => void;
  onRefund: (booking: Booking) => void;
}

/**
 * Filters (search, date, booking/payment/payout status; all in the URL) and the bookings table
 * with View and, when eligible, Process Refund. Used by the bookings screen and the restaurant
 * page.
 */
export function BookingsTable({
  restaurantId,
  pageSize = 10,
  urlPrefix = '',
  depositedLabel = 'Deposited',
  retry = 'reload',
  onView,
  onRefund,
}: BookingsTableProps) {
  const list = useListQuery({
    filters: BOOKING_FILTERS,
    accept: ACCEPT,
    pageSize,
    prefix: urlPrefix,
  });
  const args = {
    ...list.queryArgs,
    ...(restaurantId ? { restaurant: restaurantId } : {}),
  } as unknown as BookingListQuery;
  const bookings = useListBookingsQuery(args);
  const { filters } = list;

  const error = bookings.isError
    ? retry === 'reload'
      ? errorText(bookings.error, {
          http: 'Failed to fetch bookings',
          other: 'Failed to load bookings. Please try again later.',
        })
      : errorText(bookings.error, {
          http: 'Failed to load bookings. Please try again later.',
          other: 'Failed to load bookings. Please try again later.',
        })
    : null;

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" align="center">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search bookings by name, email or restaurant..."
          aria-label="Search bookings by name, email or restaurant..."
          value={list.searchInput}
          onChange={(event) => list.setSearch(event.target.value)}
          style={{ maxWidth: 360 }}
        />
        <DatePicker
          allowClear
          format="YYYY-MM-DD"
          placeholder="yyyy-MM-dd"
          aria-label="Booking date"
          value={filters.arrivalDateTime ? dayjs(filters.arrivalDateTime, 'YYYY-MM-DD') : null}
          onChange={(value) =>
            list.setFilter('arrivalDateTime', value ? value.format('YYYY-MM-DD') : undefined)
          }
        />
        <Select
          aria-label="Booking status"
          style={{ minWidth: 160 }}
          value={filters.bookingStatus ?? ''}
          options={BOOKING_STATUS_OPTIONS}
          onChange={(value: string) => list.setFilter('bookingStatus', value)}
          prefix="Booking Status:"
        />
        <Select
          aria-label="Payment status"
          style={{ minWidth: 160 }}
          value={filters.paymentStatus ?? ''}
          options={PAYMENT_STATUS_OPTIONS}
          onChange={(value: string) => list.setFilter('paymentStatus', value)}
          prefix="Payment Status:"
        />
        <Select
          aria-label="Payout status"
          style={{ minWidth: 160 }}
          value={filters.payoutStatus ?? ''}
          options={[
            { value: '', label: 'All' },
            { value: 'true', label: depositedLabel },
            { value: 'false', label: 'Pending' },
          ]}
          onChange={(value: string) => list.setFilter('payoutStatus', value)}
          prefix="Payout Status:"
        />
      </Flex>
      <ListTable<Booking>
        {...listTableState(bookings, list)}
        loadingText="Loading bookings..."
        emptyText="No bookings found"
        error={error}
        retryLabel={retry === 'reload' ? 'Try Again' : 'Retry'}
        onRetry={() => (retry === 'reload' ? window.location.reload() : void bookings.refetch())}
        columns={[
          { title: 'Booking Ref', dataIndex: 'bookingRef', key: 'bookingRef' },
          {
            title: 'Restaurant',
            key: 'restaurant',
            render: (_, b) => b.restaurant?.name || 'N/A',
          },
          {
            title: 'Customer',
            key: 'customer',
            render: (_, b) => (
              <Flex vertical>
                <span>{customerName(b)}</span>
                <span style={{ opacity: 0.65, fontSize: 12 }}>{b.email}</span>
              </Flex>
            ),
          },
          {
            title: 'Date & Time',
            key: 'arrival',
            render: (_, b) => formatBookingDateTime(b.arrivalDate, b.arrivalTime),
          },
          { title: 'Guests', dataIndex: 'guest', key: 'guest' },
          {
            title: 'Total',
            key: 'total',
            render: (_, b) => <Money amount={listTotal(b)} currency={b.currency} />,
          },
          {
            title: 'Booking Status',
            key: 'status',
            render: (_, b) => <StatusBadge status={b.status} />,
          },
          {
            title: 'Payment Status',
            key: 'payment',
            render: (_, b) => (
              <Space size={4} wrap>
                <StatusBadge status={b.PaymentStatus} label={b.PaymentStatus} />
                {b.refundProcessed ? (
                  <StatusBadge status="refund processed" label="Refund processed" />
                ) : null}
              </Space>
            ),
          },
          {
            title: 'Payout Status',
            key: 'payout',
            render: (_, b) =>
              b.payout ? (
                <StatusBadge status="deposited" label={depositedLabel} />
              ) : (
                <StatusBadge status="pending" label="Pending" />
              ),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, b) => (
              <Space>
                <Button size="small" onClick={() => onView(b)}>
                  View
                </Button>
                {isRefundEligible(b) ? (
                  <Button size="small" danger onClick={() => onRefund(b)}>
                    Process Refund
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}
