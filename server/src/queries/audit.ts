/** The audit trail searched: the list and its export (one condition, one order). */
import { and, eq, gt, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';
import { countOf, pageOf, withTotal, type Paging } from '../db/paged.js';
import {
  auditActorCounts,
  auditEventCounts,
  auditEvents,
  type AuditEvent,
  type AuditValue,
} from '../db/schema.js';
import type { ListFilters, ResultOf } from '../lib/contract-types.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { badRequest } from '../lib/http-error.js';
import { iso, likePattern, utcDayRange } from '../lib/paging.js';

type AuditFilters = ListFilters<'listAuditEvents'>;
type EventView = ResultOf<'listAuditEvents'>['data'][number];

function day(value: string, name: 'from' | 'to'): [Date, Date] {
  const range = utcDayRange(value);
  if (!range || !/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw badRequest(`${name} must be a date (YYYY-MM-DD)`);
  return range;
}

function auditWhere(query: AuditFilters): SQL | undefined {
  const pattern = likePattern(query.search);
  const from = query.from ? day(query.from, 'from')[0] : undefined;
  const to = query.to ? day(query.to, 'to')[1] : undefined;
  if (from && to && from >= to) throw badRequest('from must be on or before to');
  return and(
    // The expression of the trigram index audit_events_search_idx (migration 0003).
    pattern
      ? ilike(
          sql`(${auditEvents.entityName} || ' ' || coalesce(${auditEvents.actorName}, '') || ' ' || coalesce(${auditEvents.actorEmail}, ''))`,
          pattern,
        )
      : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.entityType ? eq(auditEvents.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEvents.entityId, query.entityId) : undefined,
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    from ? gte(auditEvents.createdAt, from) : undefined,
    to ? lt(auditEvents.createdAt, to) : undefined,
  );
}

/** Newest first; the dashboard's activity and a booking's activities list in this order too. */
export const auditOrder = keyset([
  { column: auditEvents.createdAt, direction: 'desc' },
  { column: auditEvents.id, direction: 'desc' },
]);

export const eventView = (e: AuditEvent): EventView => ({
  _id: e.id,
  createdAt: iso(e.createdAt),
  actor: e.actorId
    ? { _id: e.actorId, name: e.actorName ?? '', email: e.actorEmail, role: e.actorRole }
    : null,
  action: e.action as EventView['action'],
  entity: { type: e.entityType, id: e.entityId, name: e.entityName },
  changes: e.changes,
  details: e.details,
  request: { id: e.requestId, clientAddress: e.clientAddress, userAgent: e.userAgent },
  version: e.version,
});

/**
 * Every action outside Recent Activity (`isActivity`, db/schema.ts): sign-ins, Audit Log views and
 * refused calls. The type holds the list to every sign-in action the contract names.
 */
const OUTSIDE_ACTIVITY: Record<
  Extract<EventView['action'], `auth.${string}`> | 'audit.view' | 'access.denied',
  true
> = {
  'auth.login': true,
  'auth.login_failed': true,
  'auth.logout': true,
  'audit.view': true,
  'access.denied': true,
};

/**
 * The list's total. Without a filter, or with an action alone, it comes from the counter rows
 * (Recent Activity's and the events outside it, by action: migrations 0019 and 0021); with an
 * actor alone, from the actor's counter (migration 0021); not from counting tens of millions of
 * events. Otherwise it is counted.
 */
function auditTotal(db: Db, query: AuditFilters, where: SQL | undefined) {
  const { action, actorId } = query;
  const narrowing: Record<
    Exclude<keyof AuditFilters, 'action' | 'actorId' | 'background'>,
    unknown
  > = {
    search: likePattern(query.search),
    entityType: query.entityType,
    entityId: query.entityId,
    from: query.from,
    to: query.to,
  };
  if (Object.values(narrowing).some((value) => value) || (action && actorId)) {
    return countOf(db, auditEvents, where);
  }
  const total = actorId
    ? sql`(select ${auditActorCounts.events} from ${auditActorCounts} where ${auditActorCounts.actorId} = ${actorId})`
    : action
      ? sql`(select sum((${auditEventCounts.byAction} ->> ${action})::bigint) from ${auditEventCounts} where ${auditEventCounts.kind} = ${action in OUTSIDE_ACTIVITY ? 'outside' : 'activity'})`
      : sql`(select sum(${auditEventCounts.events}) from ${auditEventCounts} where ${auditEventCounts.kind} in ('activity', 'outside'))`;
  return db
    .select({ total: sql<number>`coalesce(${total}, 0)::int` })
    .from(sql`(values (1)) as one (x)`);
}

export async function listAuditEvents(db: Db, query: AuditFilters & Paging) {
  const { skip, limit } = pageOf(query);
  const where = auditWhere(query);
  const page = await withTotal(
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(...auditOrder.orderBy)
      .offset(skip)
      .limit(limit),
    auditTotal(db, query, where),
  );
  return { total: page.total, data: page.rows.map(eventView) };
}

type EventRow = { event: AuditEvent; keys: string[] };

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

export function auditBatches(db: Db, query: AuditFilters, batchSize = BATCH_SIZE) {
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

/** Whether the admin read the Audit Log with these filters (`details`) since `since`. */
export async function viewedAuditSince(
  db: Pick<Db, 'select'>,
  actorId: string,
  details: Record<string, string>,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorId, actorId),
        eq(auditEvents.action, 'audit.view'),
        gt(auditEvents.createdAt, since),
        sql`${auditEvents.details} = ${JSON.stringify(details)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
