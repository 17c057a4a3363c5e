/**
 * A refund of the booking waiting for another admin's approval, shown where a refund would
 * otherwise be offered (the refund modal's order, the booking detail): one pending request per
 * order at a time.
 */
import { Alert } from 'antd';
import { Link } from 'react-router-dom';
import type { Booking, PendingRefundApproval } from '../../api/types';
import { formatMoney } from '../../../common/money-format';
import { formatDateTime } from '../../lib/dates';

/** The pending request of an order (orderId), or of a booking without orders (null). */
export const pendingApprovalOf = (booking: Booking, orderId: string | null) =>
  booking.pendingApprovals?.find((pending) => pending.orderId === orderId);

export function PendingApproval({
  pending,
  currency,
  what,
}: {
  pending: PendingRefundApproval;
  currency: string;
  /** "the order of Jane Doe", "booking BK-1". */
  what: string;
}) {
  return (
    <Alert
      type="info"
      showIcon
      title="Waiting for approval"
      description={
        <>
          Refund of {formatMoney(pending.amount, currency)} on {what}, requested by{' '}
          {pending.requestedBy} on {formatDateTime(pending.requestedAt)}. It is made when another
          admin approves it (<Link to="/admin/approvals?status=pending">Approvals</Link>).
        </>
      }
    />
  );
}
