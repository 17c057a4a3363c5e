/** The audit trail, searched: newest first, filtered by record, actor, action and UTC days. */
import { count, desc } from 'drizzle-orm';
import { auditEvents } from '../db/schema.js';
import { iso } from '../lib/paging.js';
import { auditWhere } from '../queries/audit-filter.js';
import type { Handlers, ResultOf } from './types.js';

type Event = typeof auditEvents.$inferSelect;
type EventView = ResultOf<'listAuditEvents'>['data'][number];

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
    const where = auditWhere(req.query);
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
