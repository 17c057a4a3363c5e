import { Button, Flex, Space } from 'antd';
import type { Booking, BookingListQuery, BookingStatus, PaymentStatus } from '../../api/types';
import { booleanFilter, dateFilter, selectFilter } from '../../components/list/list-filters';
import { CellText } from '../../components/list/cell-text';
import { ListScreen, type ListColumn } from '../../components/list/list-screen';
import { Money } from '../../components/money';
import { badgeText, StatusBadge, statusColumn } from '../../components/status-badge';
import { formatBookingDateTime } from '../../lib/dates';
import { formatMoney } from '../../../common/money-format';
import { useCan } from '../auth';
import { customerName, offersRefund, listTotal, payoutBadge } from './booking-rules';
import { useListBookingsQuery } from './bookings-api';

const BOOKING_STATUS = selectFilter<BookingStatus>(
  'Booking status',
  [
    { value: '', label: 'All' },
    { value: 'pending', label: 'Pending' },
    { value: 'confirmed', label: 'Confirmed' },
    { value: 'completed', label: 'Completed' },
    { value: 'cancelled', label: 'Cancelled' },
  ],
  { prefix: 'Booking Status:', width: 160 },
);
const PAYMENT_STATUS = selectFilter<PaymentStatus>(
  'Payment status',
  [
    { value: '', label: 'All' },
    { value: 'Pending', label: 'Pending' },
    { value: 'Paid', label: 'Paid' },
    { value: 'Declined', label: 'Declined' },
    { value: 'Refund', label: 'Refund' },
  ],
  { prefix: 'Payment Status:', width: 160 },
);

const TEXTS = {
  search: 'Search bookings by name, email or restaurant...',
  loading: 'Loading bookings...',
  empty: 'No bookings found',
};
const LOAD_FAILED = 'Failed to load bookings. Please try again later.';

/** The payment status badge's text, and "Refund processed" after it when there was a refund. */
function paymentText(b: Booking): string {
  const status = badgeText({ status: b.PaymentStatus, label: b.PaymentStatus });
  return b.refundProcessed ? `${status}, Refund processed` : status;
}

export interface BookingsTableProps {
  /** Only this restaurant's bookings (the restaurant page, or /admin/bookings?restaurant=). */
  restaurantId?: string;
  /** Rows per page: 10 on the bookings screen, 5 on the restaurant page. */
  pageSize?: number;
  /**
   * The list's order: newest arrival first unless told otherwise (the restaurant page's Recent
   * Bookings: newest created first). The CSV export keeps the arrival order.
   */
  sort?: BookingListQuery['sort'];
  /** Prefix of this list's URL parameters when the page has other lists (e.g. 'recent'). */
  urlPrefix?: string;
  /** Label of a deposited payout: "Deposited" (bookings screen) or "Paid" (restaurant page). */
  depositedLabel?: string;
  /**
   * What the retry control of a failed first load does: reload the page with "Try Again"
   * (bookings screen) or load again with "Retry" (restaurant page).
   */
  retry?: 'reload' | 'refetch';
  /** The bookings screen's saved views (with its `restaurant` parameter); off on the restaurant page. */
  savedViews?: boolean;
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
  sort,
  urlPrefix = '',
  depositedLabel = 'Deposited',
  retry = 'reload',
  savedViews = false,
  onView,
  onRefund,
}: BookingsTableProps) {
  const canExport = useCan('bookings.export');
  const canRefund = useCan('refunds.create');
  const filters = {
    arrivalDateTime: dateFilter('Booking date'),
    bookingStatus: BOOKING_STATUS,
    paymentStatus: PAYMENT_STATUS,
    payoutStatus: booleanFilter(
      'Payout status',
      { all: 'All', true: depositedLabel, false: 'Pending' },
      { prefix: 'Payout Status:', width: 160 },
    ),
  };
  const payout = (b: Booking) => payoutBadge(b, depositedLabel);
  const listed = restaurantId ? { restaurant: restaurantId } : {};

  const columns: ListColumn<Booking>[] = [
    { title: 'Booking Ref', key: 'bookingRef', text: (b) => b.bookingRef },
    { title: 'Restaurant', key: 'restaurant', text: (b) => b.restaurant?.name || 'N/A' },
    {
      title: 'Customer',
      key: 'customer',
      text: (b) => `${customerName(b)} ${b.email}`,
      render: (b) => (
        <Flex vertical>
          <CellText text={customerName(b)} />
          <span style={{ opacity: 0.65, fontSize: 12 }}>
            <CellText text={b.email} />
          </span>
        </Flex>
      ),
    },
    {
      title: 'Date & Time',
      key: 'arrival',
      text: (b) => formatBookingDateTime(b.arrivalDate, b.arrivalTime),
      // The date over the time (the text keeps its space between them).
      render: (b) => {
        const [date, ...time] = formatBookingDateTime(b.arrivalDate, b.arrivalTime).split(' ');
        return (
          <span className="list-stacked">
            <span>{date}</span> <span>{time.join(' ')}</span>
          </span>
        );
      },
    },
    { title: 'Guests', key: 'guest', text: (b) => String(b.guest) },
    {
      title: 'Total',
      key: 'total',
      text: (b) => formatMoney(listTotal(b), b.currency),
      render: (b) => <Money amount={listTotal(b)} currency={b.currency} />,
    },
    statusColumn('Booking Status', 'status', (b) => ({ status: b.status })),
    {
      title: 'Payment Status',
      key: 'payment',
      text: paymentText,
      // The payment's badge over "Refund processed" (stacked, so the column stays narrow).
      render: (b) => (
        <Flex vertical gap={4} align="start">
          <StatusBadge status={b.PaymentStatus} label={b.PaymentStatus} />
          {b.refundProcessed ? (
            <StatusBadge status="refund processed" label="Refund processed" />
          ) : null}
        </Flex>
      ),
    },
    statusColumn('Payout Status', 'payout', payout),
  ];

  return (
    <ListScreen
      query={useListBookingsQuery}
      args={sort ? { ...listed, sort } : listed}
      filters={filters}
      texts={{
        ...TEXTS,
        error: {
          http: retry === 'reload' ? 'Failed to fetch bookings' : LOAD_FAILED,
          other: LOAD_FAILED,
        },
      }}
      retry={retry}
      pageSize={pageSize}
      urlPrefix={urlPrefix}
      exportCsv={
        canExport ? { list: 'bookings', path: '/admin/exports/bookings', args: listed } : undefined
      }
      savedViews={savedViews ? { screen: 'bookings', params: ['restaurant'] } : undefined}
      columns={columns}
      actions={(b) => (
        <Space>
          <Button size="small" onClick={() => onView(b)}>
            View
          </Button>
          {canRefund && offersRefund(b) ? (
            <Button size="small" danger onClick={() => onRefund(b)}>
              Process Refund
            </Button>
          ) : null}
        </Space>
      )}
    />
  );
}
