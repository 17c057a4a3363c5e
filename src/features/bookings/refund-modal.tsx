import { useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Descriptions,
  Flex,
  Input,
  Modal,
  Select,
  Typography,
} from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { httpStatus, serverMessage } from '../../api/errors';
import type { Booking, BookingOrder, RefundReasonCode } from '../../api/types';
import { notify } from '../../lib/notify';
import { ConfirmModal } from '../../components/confirm-modal';
import { Money } from '../../components/money';
import { currencyDecimals, formatMoney, fromMinor, toMinor } from '../../lib/money';
import { StatusBadge } from '../../components/status-badge';
import { canSubmitRefund, customerName, listTotal, parseRefundAmount } from './booking-rules';
import {
  newIdempotencyKey,
  useRefundBookingMutation,
  useRefundOrderMutation,
} from './bookings-api';
import { orderRefundedText, orderRefundFailedText, type BookingEntry } from './entry-messages';

const REFUND_REASON = 'Refund processed via admin panel';

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
            label: 'Total booking amount',
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
        booking.orders.map((order) => (
          <OrderRefundCard
            key={order._id}
            order={order}
            currency={currency}
            entry={entry}
            onDone={onDone}
          />
        ))
      )}
    </Flex>
  );
}

function AmountInput({
  id,
  value,
  onChange,
  max,
  currency,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  currency: string;
}) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>Refund amount</label>
      <Input
        id={id}
        type="number"
        min={0}
        step={currencyDecimals(currency) === 0 ? 1 : 0.01}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        style={{ maxWidth: 200 }}
      />
      <Typography.Text type="secondary">
        Maximum refundable amount: {formatMoney(max, currency)}
      </Typography.Text>
    </Flex>
  );
}

const REASON_OPTIONS: { value: RefundReasonCode; label: string }[] = [
  { value: 'requested_by_customer', label: 'Requested by customer' },
  { value: 'duplicate', label: 'Duplicate' },
  { value: 'fraudulent', label: 'Fraudulent' },
  { value: 'other', label: 'Other' },
];

/**
 * The optional reason and note of a refund, kept with it and in its audit event. Without a note
 * the spec's fixed text is sent, as before.
 */
function useRefundWhy(id: string) {
  const [reasonCode, setReasonCode] = useState<RefundReasonCode>('requested_by_customer');
  const [note, setNote] = useState('');
  const fields = (
    <Flex gap="small" wrap>
      <Flex vertical gap={4}>
        <label htmlFor={`${id}-reason`}>Reason (optional)</label>
        <Select
          id={`${id}-reason`}
          value={reasonCode}
          options={REASON_OPTIONS}
          onChange={setReasonCode}
          style={{ width: 220 }}
        />
      </Flex>
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 200 }}>
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <Input
          id={`${id}-note`}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Flex>
    </Flex>
  );
  return { reasonCode, note: note.trim() || REFUND_REASON, fields };
}

function OrderRefundCard({
  order,
  currency,
  entry,
  onDone,
}: {
  order: BookingOrder;
  currency: string;
  entry: BookingEntry;
  onDone: () => void;
}) {
  const [refundOrder, { isLoading }] = useRefundOrderMutation();
  const why = useRefundWhy(`refund-${order._id}`);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const details = order.paymentDetails;
  const money = (value: number) => <Money amount={value} currency={currency} />;

  const check = () => {
    const value = parseRefundAmount(amount);
    if (value === null || value <= 0) {
      setError('Refund amount must be greater than 0');
      return;
    }
    setError(null);
    setConfirming(value);
  };

  const submit = async (value: number) => {
    try {
      await refundOrder({
        orderId: order._id,
        amount: value,
        reason: why.note,
        reasonCode: why.reasonCode,
        idempotencyKey: newIdempotencyKey(),
      }).unwrap();
      notify.success(orderRefundedText(entry, value, currency));
      onDone();
    } catch (failure) {
      const text = orderRefundFailedText(entry, failure);
      setError(text);
      notify.error(text);
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap="small">
          <Avatar src={order.user.avatar ?? undefined} icon={<UserOutlined />} alt="" />
          <span>{order.user.name}</span>
        </Flex>
      }
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
        <AmountInput
          id={`refund-${order._id}`}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(null);
          }}
          max={details.refundable}
          currency={currency}
        />
        {why.fields}
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <Button
          type="primary"
          danger
          loading={isLoading}
          disabled={!canSubmitRefund(amount, isLoading)}
          onClick={check}
        >
          Refund This Order
        </Button>
        <RefundConfirm
          amount={confirming}
          balance={details.refundable}
          currency={currency}
          what={`the order of ${order.user.name}`}
          loading={isLoading}
          onConfirm={(value) => void submit(value)}
          onCancel={() => setConfirming(null)}
        />
      </Flex>
    </Card>
  );
}

/** A booking without orders (a deposit): the restaurant page's rules and messages. */
function BookingRefundForm({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const [refundBooking, { isLoading }] = useRefundBookingMutation();
  const why = useRefundWhy(`refund-${booking._id}`);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { total, refundedTotal } = booking.paymentDetails;
  const currency = booking.currency;
  // The remaining balance, subtracted in minor units.
  const remaining = fromMinor(
    toMinor(total, currency) - toMinor(refundedTotal, currency),
    currency,
  );

  const check = () => {
    const value = parseRefundAmount(amount);
    if (value === null || value <= 0) {
      setError('Refund amount must be greater than 0');
      return;
    }
    if (value > remaining) {
      setError('Refund amount cannot exceed the total booking amount');
      return;
    }
    setError(null);
    setConfirming(value);
  };

  const submit = async (value: number) => {
    try {
      await refundBooking({
        bookingId: booking._id,
        amount: value,
        notes: why.note,
        reasonCode: why.reasonCode,
        idempotencyKey: newIdempotencyKey(),
      }).unwrap();
      notify.success(`Refund of ${formatMoney(value, currency)} processed successfully!`);
      onDone();
    } catch (failure) {
      const text =
        httpStatus(failure) === undefined
          ? 'Failed to process refund. Please try again.'
          : (serverMessage(failure) ?? 'Failed to process refund. Please try again.');
      setError(text);
      notify.error(text);
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Flex vertical gap="small">
      <AmountInput
        id={`refund-${booking._id}`}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setError(null);
        }}
        max={remaining}
        currency={currency}
      />
      {why.fields}
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Button
        type="primary"
        danger
        loading={isLoading}
        disabled={!canSubmitRefund(amount, isLoading)}
        onClick={check}
      >
        Process Refund
      </Button>
      <RefundConfirm
        amount={confirming}
        balance={remaining}
        currency={currency}
        what={`booking ${booking.bookingRef}`}
        loading={isLoading}
        onConfirm={(value) => void submit(value)}
        onCancel={() => setConfirming(null)}
      />
    </Flex>
  );
}

/**
 * The question before any refund is sent: amount in the booking's currency, what is refunded
 * and the balance left after it. Only Confirm sends.
 */
function RefundConfirm({
  amount,
  balance,
  currency,
  what,
  loading,
  onConfirm,
  onCancel,
}: {
  /** The amount to confirm; the question is open while it is set. */
  amount: number | null;
  /** What can be refunded now. */
  balance: number;
  currency: string;
  /** "the order of Jane Doe", "booking BK-1". */
  what: string;
  loading: boolean;
  onConfirm: (amount: number) => void;
  onCancel: () => void;
}) {
  const left =
    amount === null
      ? 0
      : fromMinor(toMinor(balance, currency) - toMinor(amount, currency), currency);
  return (
    <ConfirmModal
      open={amount !== null}
      title="Confirm refund"
      message={`Refund ${formatMoney(amount, currency)} on ${what}?`}
      detail={`Remaining balance after this refund: ${formatMoney(left, currency)}`}
      confirmText="Confirm"
      danger
      loading={loading}
      onConfirm={() => {
        if (amount !== null) onConfirm(amount);
      }}
      onCancel={onCancel}
    />
  );
}
