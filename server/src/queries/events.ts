/**
 * The replay of the event stream: the audit events committed after the one a client saw last
 * (its Last-Event-ID), in the order of the audit trail (created_at, then id).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents, isActivity } from '../db/schema.js';
import type { ChangeNotice } from '../lib/event-hub.js';
import { iso } from '../lib/paging.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The streamed events after event `lastId`, at most `limit` (one more tells there are more);
 * null when the audit trail has no event `lastId`.
 */
export async function changesAfter(
  db: Pick<Db, 'select'>,
  lastId: string,
  limit: number,
): Promise<ChangeNotice[] | null> {
  if (!UUID.test(lastId)) return null;
  const [last] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(eq(auditEvents.id, lastId));
  if (!last) return null;
  const rows = await db
    .select({
      id: auditEvents.id,
      createdAt: auditEvents.createdAt,
      action: auditEvents.action,
      recordType: auditEvents.entityType,
      recordId: auditEvents.entityId,
      version: auditEvents.version,
      actorId: auditEvents.actorId,
      actorName: auditEvents.actorName,
    })
    .from(auditEvents)
    .where(
      and(
        // compared in SQL: created_at has microseconds, a JavaScript Date milliseconds
        sql`(${auditEvents.createdAt}, ${auditEvents.id}) > (select a.created_at, a.id from ${auditEvents} a where a.id = ${lastId})`,
        isActivity(auditEvents.action),
      ),
    )
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id))
    .limit(limit + 1);
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}
