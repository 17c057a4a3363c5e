import { Avatar, Button, Card, Descriptions, Flex, Modal, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { httpStatus, serverMessage } from '../../api/errors';
import type { Booking, BookingOrder, PendingRefundApproval } from '../../api/types';
import { Money } from '../../components/money';
import { fromMinor, toMinor } from '../../../common/money';
import { formatMoney } from '../../../common/money-format';
import { StatusBadge } from '../../components/status-badge';
import { customerName, listTotal } from './booking-rules';
import {
  newIdempotencyKey,
  useRefundBookingMutation,
  useRefundOrderMutation,
} from './bookings-api';
import { orderRefundedText, orderRefundFailedText, type BookingEntry } from './entry-messages';
import { PendingApproval, pendingApprovalOf } from './pending-approval';
import { RefundFields } from './refund-fields';
import { useRefundForm } from './use-refund-form';

export interface RefundModalProps {
  /** The booking to refund; the modal is open while it is set. */
  booking: Booking | null;
  /** Called on Cancel and after a successful refund. */
  onClose: () => void;
  /** The screen it was opened from, whose messages it shows. */
  entry?: BookingEntry;
}

/**
 * "Process Refund": one card per order with its own amount and "Refund This Order"; a booking
 * without orders is refunded itself. The lists and the detail reload through tag invalidation.
 */
export function RefundModal({ booking, onClose, entry = 'bookings' }: RefundModalProps) {
  return (
    <Modal
      open={booking !== null}
      title={booking ? `Process Refund - ${booking.bookingRef}` : 'Process Refund'}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Cancel</Button>}
      width={720}
      destroyOnHidden
    >
      {booking ? <RefundModalBody booking={booking} entry={entry} onDone={onClose} /> : null}
    </Modal>
  );
}

function RefundModalBody({
  booking,
  entry,
  onDone,
}: {
  booking: Booking;
  entry: BookingEntry;
  onDone: () => void;
}) {
  const currency = booking.currency;
  return (
    <Flex vertical gap="middle">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'customer', label: 'Customer', children: customerName(booking) },
          {
            key: 'total',
            // The restaurant page's modal calls it the original amount (spec 01 §2).
            label: entry === 'restaurant' ? 'Original amount' : 'Total booking amount',
            children: (
              <strong>
                <Money amount={listTotal(booking)} currency={currency} />
              </strong>
            ),
          },
          {
            key: 'payment',
            label: 'Payment Status',
            children: <StatusBadge status={booking.PaymentStatus} label={booking.PaymentStatus} />,
          },
          // The restaurant page's modal names the first order (spec 01 §2).
          ...(entry === 'restaurant' && booking.orders.length > 0
            ? [{ key: 'order', label: 'Order ID', children: booking.orders[0]._id }]
            : []),
        ]}
      />
      {booking.orders.length === 0 ? (
        <>
          <Typography.Text type="secondary">
            No individual orders found for this booking.
          </Typography.Text>
          <BookingRefundForm booking={booking} onDone={onDone} />
        </>
      ) : (
        booking.orders.map((order, index) => (
          <OrderRefundCard
            key={order._id}
            note={
              entry === 'restaurant' && index === 0 && booking.orders.length > 1
                ? 'Refunding the first order'
                : undefined
            }
            order={order}
            version={booking.version}
            pending={pendingApprovalOf(booking, order._id)}
            currency={currency}
            entry={entry}
            onDone={onDone}
          />
        ))
      )}
    </Flex>
  );
}

/** An order's amount above what it can still refund (the spec gives the field's max, no text; the server's words). */
const ORDER_OVER_BALANCE =
  'Refund amount cannot exceed the remaining refundable amount of this order';

function OrderRefundCard({
  note,
  order,
  version,
  pending,
  currency,
  entry,
  onDone,
}: {
  /** A line under the card's title ("Refunding the first order"). */
  note?: string;
  order: BookingOrder;
  /** The version of the order's booking, which a refund is checked against. */
  version: number;
  /** A refund of the order waiting for approval: shown instead of another. */
  pending?: PendingRefundApproval;
  currency: string;
  entry: BookingEntry;
  onDone: () => void;
}) {
  const [refundOrder, { isLoading }] = useRefundOrderMutation();
  const details = order.paymentDetails;
  const form = useRefundForm({
    balance: details.refundable,
    version,
    overBalance: ORDER_OVER_BALANCE,
    send: (amount, why, versioned) =>
      refundOrder({
        orderId: order._id,
        amount,
        reason: why.note,
        reasonCode: why.reasonCode,
        idempotencyKey: newIdempotencyKey(),
        ...versioned,
      }).unwrap(),
    succeeded: (amount) => orderRefundedText(entry, amount, currency),
    failed: (failure) => orderRefundFailedText(entry, failure),
    onDone,
  });
  const money = (value: number) => <Money amount={value} currency={currency} />;

  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap="small">
          <Avatar src={order.user.avatar ?? undefined} icon={<UserOutlined />} alt="" />
          <span>{order.user.name}</span>
        </Flex>
      }
      extra={note ? <Typography.Text type="secondary">{note}</Typography.Text> : undefined}
    >
      <Flex vertical gap="small">
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {order.items.map((item) => (
            <li key={item._id}>
              {item.item.name} × {item.quantity} — {money(item.discountedPrice ?? item.itemPrice)}
            </li>
          ))}
        </ul>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'subTotal', label: 'Subtotal', children: money(details.subTotal) },
            { key: 'discount', label: 'Discount', children: money(details.discount) },
            { key: 'tax', label: 'Tax', children: money(details.tax) },
            { key: 'fee', label: 'Fee', children: money(details.fee) },
            { key: 'total', label: 'Total', children: money(details.total) },
            { key: 'refunded', label: 'Refunded', children: money(details.refunded) },
          ]}
        />
        {pending ? (
          <PendingApproval
            pending={pending}
            currency={currency}
            what={`the order of ${order.user.name}`}
          />
        ) : (
          <RefundFields
            id={`refund-${order._id}`}
            form={form}
            balance={details.refundable}
            currency={currency}
            submitText="Refund This Order"
            what={`the order of ${order.user.name}`}
            loading={isLoading}
          />
        )}
      </Flex>
    </Card>
  );
}

/** A booking without orders (a deposit): the restaurant page's rules and messages. */
function BookingRefundForm({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const [refundBooking, { isLoading }] = useRefundBookingMutation();
  const { total, refundedTotal } = booking.paymentDetails;
  const currency = booking.currency;
  // The remaining balance, subtracted in minor units.
  const remaining = fromMinor(
    toMinor(total, currency, 'round') - toMinor(refundedTotal, currency, 'round'),
    currency,
  );
  const form = useRefundForm({
    balance: remaining,
    version: booking.version,
    overBalance: 'Refund amount cannot exceed the total booking amount',
    send: (amount, why, versioned) =>
      refundBooking({
        bookingId: booking._id,
        amount,
        notes: why.note,
        reasonCode: why.reasonCode,
        idempotencyKey: newIdempotencyKey(),
        ...versioned,
      }).unwrap(),
    succeeded: (amount) => `Refund of ${formatMoney(amount, currency)} processed successfully!`,
    failed: (failure) =>
      httpStatus(failure) === undefined
        ? 'Failed to process refund. Please try again.'
        : (serverMessage(failure) ?? 'Failed to process refund. Please try again.'),
    onDone,
  });

  const pending = pendingApprovalOf(booking, null);
  return (
    <Flex vertical gap="small">
      {pending ? (
        <PendingApproval
          pending={pending}
          currency={currency}
          what={`booking ${booking.bookingRef}`}
        />
      ) : (
        <RefundFields
          id={`refund-${booking._id}`}
          form={form}
          balance={remaining}
          currency={currency}
          submitText="Process Refund"
          what={`booking ${booking.bookingRef}`}
          loading={isLoading}
        />
      )}
    </Flex>
  );
}
