import { useState } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Flex, Row, Space, Table, Typography } from 'antd';
import { errorText } from '../../api/errors';
import type { Booking } from '../../api/types';
import { Money } from '../../components/money';
import { PageSpinner } from '../../components/page-spinner';
import { StatusBadge } from '../../components/status-badge';
import { formatBookingDateTime, formatDetailDate } from '../../lib/dates';
import { AdminNotes } from './admin-notes';
import { RecordHistory } from '../audit';
import { useCan } from '../auth';
import { BookingActivities } from './booking-activities';
import { customerName, formatDetailDateTime, offersRefund, payoutBadge } from './booking-rules';
import { useGetBookingQuery, useListBookingActivitiesQuery } from './bookings-api';
import { depositedText, type BookingEntry } from './entry-messages';
import { PaymentSummaryCard } from './payment-summary';
import { PendingApproval } from './pending-approval';
import { RefundModal } from './refund-modal';

export interface BookingDetailProps {
  bookingId: string;
  /** "Back to Bookings", or "Back to {restaurant name} Bookings" on the restaurant page. */
  backLabel?: string;
  /** The screen it was opened from, whose notes and refund messages it shows. */
  entry?: BookingEntry;
  onBack: () => void;
}

/** What a pending refund goes to: "the order of Jane Doe", or the booking itself. */
const pendingTarget = (booking: Booking, orderId: string | null) => {
  const order = orderId && booking.orders.find((o) => o._id === orderId);
  return order ? `the order of ${order.user.name}` : `booking ${booking.bookingRef}`;
};

const timeOf = (arrivalTime: string) => formatBookingDateTime('2000-01-01', arrivalTime).slice(11);

/** The one booking detail view: used from the bookings list and from the restaurant page. */
export function BookingDetail({
  bookingId,
  backLabel = 'Back to Bookings',
  entry = 'bookings',
  onBack,
}: BookingDetailProps) {
  const query = useGetBookingQuery(bookingId);
  const activities = useListBookingActivitiesQuery(bookingId);
  const [refunding, setRefunding] = useState(false);
  const canRefund = useCan('refunds.create');
  const booking = query.data?.data;

  const back = (
    <div>
      <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
        {backLabel}
      </Button>
    </div>
  );
  if (query.isLoading) return <PageSpinner text="Loading booking..." />;
  if (!booking) {
    return (
      <Flex vertical gap="middle">
        {back}
        <Typography.Text type="danger" role="alert">
          {errorText(query.error, {
            http: 'Booking not found',
            other: 'Failed to load bookings. Please try again later.',
          })}
        </Typography.Text>
        <div>
          <Button onClick={() => void query.refetch()}>Retry</Button>
        </div>
      </Flex>
    );
  }
  const money = (amount: number) => <Money amount={amount} currency={booking.currency} />;
  const orderedItems = booking.orders.flatMap((order) =>
    order.items.map((item) => ({ ...item, key: item._id })),
  );

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        {back}
        {canRefund && offersRefund(booking) ? (
          <Button danger onClick={() => setRefunding(true)}>
            Process Refund
          </Button>
        ) : null}
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title="Restaurant Information" size="small">
            <Descriptions
              size="small"
              column={1}
              items={[{ key: 'name', label: 'Name', children: booking.restaurant?.name || 'N/A' }]}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Customer Information" size="small">
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'name', label: 'Name', children: customerName(booking) },
                { key: 'email', label: 'Email', children: booking.email },
                { key: 'phone', label: 'Phone', children: booking.phone || 'N/A' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card title="Booking Details" size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'ref', label: 'Booking Reference', children: booking.bookingRef },
            {
              key: 'date',
              label: 'Date & Time',
              children: `${formatDetailDate(`${booking.arrivalDate}T00:00:00Z`)} ${timeOf(booking.arrivalTime)}`,
            },
            { key: 'guests', label: 'Number of Guests', children: booking.guest },
            { key: 'type', label: 'Type', children: booking.type },
            { key: 'status', label: 'Status', children: <StatusBadge status={booking.status} /> },
            {
              key: 'payment',
              label: 'Payment Status',
              children: (
                <Space size={4} wrap>
                  <StatusBadge status={booking.PaymentStatus} label={booking.PaymentStatus} />
                  {booking.refundProcessed ? (
                    <StatusBadge status="refund processed" label="Refund processed" />
                  ) : null}
                </Space>
              ),
            },
            {
              key: 'payout',
              label: 'Payout Status',
              children: <StatusBadge {...payoutBadge(booking, depositedText(entry))} />,
            },
            ...(booking.payout && booking.payoutDateTime
              ? [
                  {
                    key: 'payoutAt',
                    label: 'Payout Date/Time',
                    children: formatDetailDateTime(booking.payoutDateTime),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {/* The two tables' prices differ for a reason: each says which price it shows. */}
      <Card
        title="Menu Items"
        size="small"
        extra={
          <Typography.Text type="secondary">Price: each, with its customisations</Typography.Text>
        }
      >
        <Table
          size="small"
          pagination={false}
          rowKey="_id"
          dataSource={booking.menuItems}
          locale={{ emptyText: 'No menu items' }}
          columns={[
            {
              title: 'Item',
              key: 'name',
              render: (_, item) => (
                <Flex vertical>
                  <span>{item.name}</span>
                  {item.addedIngredients.length ? (
                    <Typography.Text type="success" style={{ fontSize: 12 }}>
                      Added: {item.addedIngredients.map((i) => i.name).join(', ')}
                    </Typography.Text>
                  ) : null}
                  {item.removedIngredients.length ? (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      Removed: {item.removedIngredients.map((i) => i.name).join(', ')}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            { title: 'Qty', dataIndex: 'quantity', key: 'quantity' },
            { title: 'Price', key: 'price', render: (_, item) => money(item.price) },
            { title: 'Total', key: 'total', render: (_, item) => money(item.total) },
          ]}
        />
      </Card>
      <Card
        title="Ordered Items"
        size="small"
        extra={
          <Typography.Text type="secondary">
            Price: each, as ordered, before customisations
          </Typography.Text>
        }
      >
        <Table
          size="small"
          pagination={false}
          dataSource={orderedItems}
          locale={{ emptyText: 'No individual orders found for this booking.' }}
          columns={[
            { title: 'Name', key: 'name', render: (_, item) => item.item.name },
            { title: 'Quantity', dataIndex: 'quantity', key: 'quantity' },
            {
              title: 'Price',
              key: 'price',
              render: (_, item) => money(item.discountedPrice ?? item.itemPrice),
            },
          ]}
        />
      </Card>
      <PaymentSummaryCard booking={booking} />
      <Card title="Refund History" size="small">
        {booking.pendingApprovals?.length ? (
          <Flex vertical gap="small" style={{ marginBottom: 12 }}>
            {booking.pendingApprovals.map((pending) => (
              <PendingApproval
                key={pending._id}
                pending={pending}
                currency={booking.currency}
                what={pendingTarget(booking, pending.orderId)}
              />
            ))}
          </Flex>
        ) : null}
        <Table
          size="small"
          pagination={false}
          rowKey="_id"
          dataSource={booking.refundHistory}
          locale={{ emptyText: 'No refunds' }}
          columns={[
            { title: 'Amount', key: 'amount', render: (_, r) => money(r.amount) },
            { title: 'Date', key: 'date', render: (_, r) => formatDetailDateTime(r.date) },
            { title: 'Processed By', dataIndex: 'processedBy', key: 'processedBy' },
            { title: 'Approved By', key: 'approvedBy', render: (_, r) => r.approvedBy ?? '—' },
          ]}
        />
      </Card>
      <Card title="Booking Activities" size="small">
        <BookingActivities
          loading={activities.isLoading}
          failed={activities.isError}
          items={activities.data?.data ?? []}
        />
      </Card>
      <Card title="History" size="small">
        <RecordHistory entityType="booking" entityId={booking._id} />
      </Card>
      <AdminNotes
        key={booking._id}
        bookingId={booking._id}
        notes={booking.adminNotes}
        version={booking.version}
        entry={entry}
      />
      <RefundModal
        booking={refunding ? booking : null}
        entry={entry}
        onClose={() => setRefunding(false)}
      />
    </Flex>
  );
}
