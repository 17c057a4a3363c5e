import { Tag } from 'antd';

/**
 * Tag colours by status value (compared in lower case): booking, payment and payout statuses,
 * active/inactive, online/offline, featured, review and content statuses, staff sub-roles.
 */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
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

export function StatusBadge({ status, label }: StatusBadgeProps) {
  const text = label ?? (status ? statusLabel(status) : 'N/A');
  return <Tag color={statusColor(status)}>{text}</Tag>;
}
