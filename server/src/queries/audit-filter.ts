/** The audit log's search and filters, one builder for the list and its export. */
import { and, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { auditEvents } from '../db/schema.js';
import { badRequest } from '../lib/http-error.js';
import { likePattern, utcDayRange } from '../lib/paging.js';
import type { QueryOf } from '../handlers/types.js';

export type AuditQuery = Omit<QueryOf<'listAuditEvents'>, 'skip' | 'limit'>;

function day(value: string, name: 'from' | 'to'): [Date, Date] {
  const range = utcDayRange(value);
  if (!range || !/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw badRequest(`${name} must be a date (YYYY-MM-DD)`);
  return range;
}

export function auditWhere(query: AuditQuery): SQL | undefined {
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
