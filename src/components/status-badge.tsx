import type { ListColumn } from './list/list-screen';
import { Tag } from 'antd';

/**
 * Tag colours by status value (compared in lower case): booking, payment and payout statuses,
 * active/inactive, online/offline, featured, review and content statuses, staff sub-roles.
 */
const STATUS_COLORS: Readonly<Record<string, string>> = {
  // booking status
  pending: 'gold',
  confirmed: 'blue',
  accepted: 'cyan',
  completed: 'green',
  cancelled: 'red',
  payout: 'purple',
  refunded: 'magenta',
  paid: 'green',
  // payment and payout status
  declined: 'red',
  refund: 'volcano',
  deposited: 'geekblue',
  'refund processed': 'magenta',
  // records
  active: 'green',
  inactive: 'default',
  online: 'green',
  offline: 'default',
  featured: 'gold',
  'not featured': 'default',
  // reviews and content
  approved: 'green',
  rejected: 'red',
  draft: 'default',
  published: 'green',
  // bulk upload rows
  uploading: 'processing',
  success: 'green',
  error: 'red',
  // staff sub-roles
  'kitchen staff': 'orange',
  'accounting staff': 'geekblue',
  'booking staff': 'cyan',
  manager: 'purple',
  other: 'default',
};

export function statusColor(status: string | null | undefined): string {
  return STATUS_COLORS[(status ?? '').trim().toLowerCase()] ?? 'default';
}

/** "confirmed" → "Confirmed", "kitchen staff" → "Kitchen Staff". */
export function statusLabel(status: string): string {
  return status.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

export interface StatusBadgeProps {
  /** The status value; its colour comes from STATUS_COLORS. */
  status: string | null | undefined;
  /** Text to show instead of the capitalised status (e.g. "Paid" for a payout). */
  label?: string;
}

/** The badge's text: the label, else the capitalised status, else "N/A". */
export function badgeText({ status, label }: StatusBadgeProps): string {
  return label ?? (status ? statusLabel(status) : 'N/A');
}

export function StatusBadge(props: StatusBadgeProps) {
  return <Tag color={statusColor(props.status)}>{badgeText(props)}</Tag>;
}

/** A list column showing a row's status badge (its text is the badge's). */
export function statusColumn<Row>(
  title: string,
  key: string,
  badge: (row: Row) => StatusBadgeProps,
): ListColumn<Row> {
  return {
    title,
    key,
    text: (row) => badgeText(badge(row)),
    render: (row) => <StatusBadge {...badge(row)} />,
  };
}
