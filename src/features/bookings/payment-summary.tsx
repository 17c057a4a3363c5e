import { Card, Descriptions, Typography } from 'antd';
import type { Booking } from '../../api/types';
import { Money } from '../../components/money';
import { paymentMethodText, paymentSummary } from './booking-rules';

/** Payment Summary with spec 01 §9's arithmetic, in the booking's currency. */
export function PaymentSummaryCard({ booking }: { booking: Booking }) {
  const s = paymentSummary(booking.paymentDetails, booking.currency);
  const money = (amount: number) => <Money amount={amount} currency={booking.currency} />;
  const items = [
    { key: 'subTotal', label: 'Subtotal', children: money(s.subTotal) },
    { key: 'discount', label: 'Discount', children: money(s.discount) },
    { key: 'tax', label: 'Tax', children: money(s.tax) },
    {
      key: 'total',
      label: 'Total',
      // Beside "Total Charged To The Customer" it needs its reason (spec 01 §9: total − fee).
      children: (
        <>
          {money(s.total)}{' '}
          <Typography.Text type="secondary">
            (charged to the customer, less the platform fee)
          </Typography.Text>
        </>
      ),
    },
    { key: 'platformFee', label: 'Platform Fee', children: money(s.platformFee) },
    {
      key: 'customer',
      label: 'Total Charged To The Customer',
      children: money(s.totalChargedToCustomer),
    },
    {
      key: 'restaurantFee',
      label: 'Platform Fee Charged To The Restaurant',
      children: money(s.platformFeeChargedToRestaurant),
    },
    { key: 'net', label: 'Net Restaurant Payout', children: money(s.netRestaurantPayout) },
    ...(s.refundedTotal > 0
      ? [
          { key: 'refunded', label: 'Refunded', children: money(s.refundedTotal) },
          {
            key: 'netAfter',
            label: 'Net Payout After Refunds',
            children: money(s.netPayoutAfterRefunds),
          },
        ]
      : []),
    { key: 'method', label: 'Payment Method', children: paymentMethodText(booking) },
  ];
  return (
    <Card title="Payment Summary" size="small">
      <Descriptions size="small" column={1} bordered items={items} />
    </Card>
  );
}
