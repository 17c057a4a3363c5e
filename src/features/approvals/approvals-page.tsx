import { Flex, Typography } from 'antd';
import type { Approval, ApprovalKind, ApprovalStatus } from '../../api/types';
import { CellText } from '../../components/list/cell-text';
import { booleanFilter, labelsFilter, tagFilter } from '../../components/list/list-filters';
import { ListScreen, type ListColumn } from '../../components/list/list-screen';
import { REFUND_REASON_LABELS } from '../../../common/change-text';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../../common/money-format';
import { ApprovalActions } from './approval-actions';
import { useListApprovalsQuery } from './approvals-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Withdrawn',
  expired: 'Expired',
};

const KIND_LABELS: Readonly<Record<ApprovalKind, string>> = {
  refund: 'Refund',
  platform_fee: 'Platform fee',
  commission: 'Commission',
};

const FILTERS = {
  status: labelsFilter('Status', 'All statuses', STATUS_LABELS, { width: 150 }),
  kind: labelsFilter('Kind', 'All kinds', KIND_LABELS, { width: 150 }),
  decidable: booleanFilter(
    'Decision',
    { all: 'Any decision', true: 'Mine to decide', false: 'Not mine to decide' },
    { width: 190 },
  ),
  // Set by a row's requester link; named after the requester when a row on screen is theirs.
  requester: tagFilter<Approval>(
    'Requested by',
    (value) => UUID.test(value),
    (id, rows) =>
      `Requested by: ${rows?.find((a) => a.requestedBy._id === id)?.requestedBy.name ?? id}`,
  ),
};

const LOAD_FAILED = 'Failed to load approval requests. Please try again later.';
const TEXTS = {
  search: 'Search by booking, restaurant or admin...',
  loading: 'Loading approval requests...',
  empty: 'No approval requests found',
  error: { http: LOAD_FAILED, other: LOAD_FAILED },
};

/** The refund's reason and note: "Duplicate: Charged twice". */
function reasonText(approval: Approval): string {
  const refund = approval.refund;
  if (!refund) return '';
  const reason = REFUND_REASON_LABELS[refund.reasonCode];
  return refund.note ? `${reason}: ${refund.note}` : reason;
}

/** "C$120.00 of C$2,480.50" for a refund; nothing for a fee change. */
function refundedText(approval: Approval): string {
  const refund = approval.refund;
  if (!refund) return '';
  return `${formatMoney(refund.refundedSoFar, refund.currency)} of ${formatMoney(refund.bookingTotal, refund.currency)}`;
}

/** Who decided it and when, and a rejection's reason. */
function decisionText(approval: Approval): string {
  if (approval.status === 'expired') return `Expired ${formatDateTime(approval.expiresAt)}`;
  if (!approval.decidedBy || !approval.decidedAt) return '';
  const reason = approval.rejectReason ? `: ${approval.rejectReason}` : '';
  return `by ${approval.decidedBy.name}, ${formatDateTime(approval.decidedAt)}${reason}`;
}

const COLUMNS: ListColumn<Approval, keyof typeof FILTERS>[] = [
  {
    title: 'Requested',
    key: 'requestedAt',
    text: (approval) => formatDateTime(approval.requestedAt),
  },
  {
    title: 'Request',
    key: 'summary',
    text: (approval) => `${approval.summary}. ${approval.why}`,
    render: (approval) => (
      <Flex vertical>
        <CellText text={approval.summary} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <CellText text={approval.why} />
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Requested By',
    key: 'requestedBy',
    text: (approval) => approval.requestedBy.name,
    render: (approval, list) => (
      <CellText text={approval.requestedBy.name}>
        {/* A real link (focusable, opens in a new tab too); a click filters in place. */}
        <Typography.Link
          href={`?requester=${encodeURIComponent(approval.requestedBy._id)}`}
          onClick={(click) => {
            click.preventDefault();
            list.setFilter('requester', approval.requestedBy._id);
          }}
        >
          {approval.requestedBy.name}
        </Typography.Link>
      </CellText>
    ),
  },
  { title: 'Reason', key: 'reason', text: (approval) => reasonText(approval) || '—' },
  {
    title: 'Refunded So Far',
    key: 'refunded',
    text: (approval) => refundedText(approval) || '—',
  },
  {
    title: 'Status',
    key: 'status',
    text: (approval) => `${STATUS_LABELS[approval.status]} ${decisionText(approval)}`.trim(),
    render: (approval) => (
      <Flex vertical align="start">
        <StatusBadge
          status={approval.status === 'cancelled' ? 'withdrawn' : approval.status}
          label={STATUS_LABELS[approval.status]}
        />
        {decisionText(approval) ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <CellText text={decisionText(approval)} />
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
];

/**
 * Approvals: the refunds and fee changes waiting for a second admin, and those decided. Who may
 * decide a request approves or rejects it (with a reason); who asked sees "Waiting for approval"
 * and may withdraw it.
 */
export default function ApprovalsPage() {
  return (
    <ListScreen
      query={useListApprovalsQuery}
      exportCsv={{ list: 'approvals', path: '/admin/exports/approvals' }}
      columns={COLUMNS}
      filters={FILTERS}
      texts={TEXTS}
      clearable
      actions={(approval) => <ApprovalActions approval={approval} />}
    />
  );
}
