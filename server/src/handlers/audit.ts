/** The audit trail, searched: newest first, filtered by record, actor, action and UTC days. */
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { auditEvents } from '../db/schema.js';
import { badRequest } from '../lib/http-error.js';
import { iso, likePattern, utcDayRange } from '../lib/paging.js';
import type { Handlers, QueryOf, ResultOf } from './types.js';

type Event = typeof auditEvents.$inferSelect;
type EventView = ResultOf<'listAuditEvents'>['data'][number];

function day(value: string, name: 'from' | 'to'): [Date, Date] {
  const range = utcDayRange(value);
  if (!range || !/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw badRequest(`${name} must be a date (YYYY-MM-DD)`);
  return range;
}

function conditions(query: QueryOf<'listAuditEvents'>): SQL | undefined {
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

export const toEventView = (e: Event): EventView => ({
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
});

export const auditHandlers: Handlers = {
  async listAuditEvents(req) {
    const db = req.server.db;
    const { skip = 0, limit = 10 } = req.query;
    const where = conditions(req.query);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .offset(skip)
        .limit(limit),
      db.select({ total: count() }).from(auditEvents).where(where),
    ]);
    return { success: true, message: 'Audit events', count: total, data: rows.map(toEventView) };
  },
};
