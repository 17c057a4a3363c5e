/** A refund's reason code as the screens say it (the refund form, the audit trail, approvals). */
import type { RefundReasonCode } from '../api/types';

export const REFUND_REASON_LABELS: Readonly<Record<RefundReasonCode, string>> = {
  requested_by_customer: 'Requested by customer',
  duplicate: 'Duplicate',
  fraudulent: 'Fraudulent',
  other: 'Other',
};
