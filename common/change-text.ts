/**
 * How a recorded change reads, for both tiers: the Audit Log's "Field: before → after" lines
 * (SPA) and the sentence of a refused stale write, "Fiona Finance changed this restaurant at 10:31
 * (Platform Commission 12% → 15%). Reload to see it." (server, built from the audit trail).
 */
import type { components } from '../openapi/schema.js';
import { formatMoney } from './money-format';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from './reference-lists';

type RefundReasonCode = components['schemas']['RefundReasonCode'];

export type ChangeValue = string | number | boolean | null | { amount: number; currency: string };
export type RecordedChange = { field: string; before: ChangeValue; after: ChangeValue };

/** An audit event as far as its sentence needs it. */
export type ChangeEvent = {
  createdAt: string;
  actorName: string | null;
  action: string;
  changes: RecordedChange[];
  details: Record<string, string>;
};

/** Each audit record type's label. */
export const RECORD_TYPE_LABELS: Record<string, string> = {
  restaurant: 'Restaurant',
  booking: 'Booking',
  user: 'User',
  review: 'Review',
  content: 'Content',
  configuration: 'Platform fee',
  menu_item: 'Menu item',
  // A reference list's record type is its key.
  ...Object.fromEntries(REFERENCE_LIST_KEYS.map((key) => [key, REFERENCE_LISTS[key].label])),
  list: 'List',
  saved_view: 'Saved view',
};

const FIELD_LABELS: Record<string, string> = {
  platformCommission: 'Platform Commission',
  platformFee: 'Platform Fee',
  isFeatured: 'Featured',
  online: 'Online',
  status: 'Status',
  adminNotes: 'Admin notes',
  amount: 'Amount',
  orderRefunded: 'Order refunded',
  refunded: 'Refunded',
  paymentStatus: 'Payment status',
  reason: 'Reason',
  note: 'Note',
  itemPrice: 'Price',
  discountedPrice: 'Discounted price',
  'faq.question': 'FAQ question',
  'faq.answer': 'FAQ answer',
  faqs: 'FAQs',
  // An export's filters.
  bookingStatus: 'Booking status',
  payoutStatus: 'Payout status',
  arrivalDateTime: 'Arrival date',
  createdAt: 'Created',
  entityType: 'Record type',
  entityId: 'Record',
  actorId: 'Admin',
  teamRole: 'Team role',
};

/** A refund's reason code as the screens and the trail say it. */
export const REFUND_REASON_LABELS: Readonly<Record<RefundReasonCode, string>> = {
  requested_by_customer: 'Requested by customer',
  duplicate: 'Duplicate',
  fraudulent: 'Fraudulent',
  other: 'Other',
};
const REASON_LABELS: Readonly<Record<string, string>> = REFUND_REASON_LABELS;

const PERCENT_FIELDS = new Set(['platformFee', 'platformCommission']);
/** Fields whose values are long text: a sentence says they were edited, not what they hold. */
const LONG_FIELDS = new Set(['adminNotes', 'content', 'faqs', 'faq.answer']);
const LONGEST = 80;

export const recordTypeLabel = (type: string) => RECORD_TYPE_LABELS[type] ?? type;
export const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ?? field.charAt(0).toUpperCase() + field.slice(1);

/** One value as text: money in its currency, percentages with %, long text shortened. */
export function valueText(field: string, value: ChangeValue, longest = LONGEST): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return PERCENT_FIELDS.has(field) ? `${value}%` : String(value);
  if (typeof value === 'object') return formatMoney(value.amount, value.currency);
  if (field === 'reason' && REASON_LABELS[value]) return REASON_LABELS[value];
  const text = value.replace(/\s+/g, ' ').trim();
  return text.length > longest ? `${text.slice(0, longest - 1)}…` : text || '(empty)';
}

/** "Platform Commission: 10% → 12.25%" (an Audit Log line). */
export const changeText = (change: RecordedChange) =>
  `${fieldLabel(change.field)}: ${valueText(change.field, change.before)} → ${valueText(change.field, change.after)}`;

/** What one event changed, briefly: "Platform Commission 12% → 15%", "Admin notes edited". */
export function eventSummary(event: Pick<ChangeEvent, 'action' | 'changes' | 'details'>): string {
  if (event.action === 'refund.create' && event.details.amountText) {
    return `refund of ${event.details.amountText}`;
  }
  if (event.action.endsWith('.delete') || event.action === 'content.faq_delete') {
    return event.action === 'content.faq_delete' ? 'FAQ removed' : 'deleted';
  }
  const parts = event.changes.map((change) =>
    LONG_FIELDS.has(change.field)
      ? `${fieldLabel(change.field)} edited`
      : `${fieldLabel(change.field)} ${valueText(change.field, change.before, 40)} → ${valueText(change.field, change.after, 40)}`,
  );
  return parts.join(', ') || 'changed';
}

/** How the sentence names the record: "this restaurant", "the platform fee". */
function recordNoun(type: string): string {
  if (type === 'configuration') return 'the platform fee';
  if (type === 'content') return 'this page';
  return `this ${recordTypeLabel(type).toLowerCase()}`;
}

/** "at 10:31" on the same UTC day as `now`, else "on 2026-11-23 at 10:31" (UTC). */
function when(iso: string, now: Date): string {
  const time = `at ${iso.slice(11, 16)}`;
  return iso.slice(0, 10) === now.toISOString().slice(0, 10)
    ? time
    : `on ${iso.slice(0, 10)} ${time}`;
}

const MOST_NAMED = 3;
const RELOAD = 'Reload to see it.';

/**
 * The sentence of a refused stale write, from the audit events made since the version it was
 * sent against (oldest first): who changed the record, when (UTC) and what.
 */
export function conflictSentence(type: string, events: ChangeEvent[], now = new Date()): string {
  const noun = recordNoun(type);
  const capital = noun.charAt(0).toUpperCase() + noun.slice(1);
  if (!events.length) return `${capital} was changed since you read it. ${RELOAD}`;
  const who = (event: ChangeEvent) => event.actorName || 'Someone';
  const one = (event: ChangeEvent) => `${when(event.createdAt, now)} (${eventSummary(event)})`;
  if (events.length > MOST_NAMED) {
    const last = events[events.length - 1];
    return `${capital} was changed ${events.length} times since you read it, last by ${who(last)} ${one(last)}. ${RELOAD}`;
  }
  const [first, ...rest] = events;
  const then = rest.map((event) => `, then ${who(event)} ${one(event)}`).join('');
  return `${who(first)} changed ${noun} ${one(first)}${then}. ${RELOAD}`;
}
