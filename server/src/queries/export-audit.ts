/** The audit log as CSV rows: the list's condition and order, read in keyset batches. */
import { and } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents, type AuditValue } from '../db/schema.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { auditWhere, type AuditQuery } from './audit-filter.js';
import { BATCH_SIZE, keyset, keysetBatches } from './keyset.js';

const auditOrder = keyset([
  { column: auditEvents.createdAt, direction: 'desc' },
  { column: auditEvents.id, direction: 'desc' },
]);
type EventRow = { event: typeof auditEvents.$inferSelect; keys: string[] };

/** A value of a change as text: money as "12.50 EUR" (major units, exact as stored), none empty. */
function valueText(value: AuditValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return `${value.amount} ${value.currency}`;
  return String(value);
}

export const AUDIT_COLUMNS: readonly CsvColumn<EventRow>[] = [
  { title: 'Time', value: (r) => r.event.createdAt },
  { title: 'Admin', value: (r) => r.event.actorName },
  { title: 'Admin Email', value: (r) => r.event.actorEmail },
  { title: 'Role', value: (r) => r.event.actorRole },
  { title: 'Action', value: (r) => r.event.action },
  { title: 'Record Type', value: (r) => r.event.entityType },
  { title: 'Record ID', value: (r) => r.event.entityId },
  { title: 'Record', value: (r) => r.event.entityName },
  {
    title: 'Changes',
    value: (r) =>
      r.event.changes.map((c) => `${c.field}: ${valueText(c.before)} → ${valueText(c.after)}`),
  },
  {
    title: 'Details',
    value: (r) => Object.entries(r.event.details).map(([name, value]) => `${name}: ${value}`),
  },
  { title: 'Request ID', value: (r) => r.event.requestId },
  { title: 'Client Address', value: (r) => r.event.clientAddress },
];

export function auditBatches(db: Db, query: AuditQuery, batchSize = BATCH_SIZE) {
  const where = auditWhere(query);
  return keysetBatches<EventRow>(
    (after, limit) =>
      db
        .select({ event: auditEvents, keys: auditOrder.keys })
        .from(auditEvents)
        .where(and(where, after))
        .orderBy(...auditOrder.orderBy)
        .limit(limit),
    auditOrder,
    batchSize,
  );
}
