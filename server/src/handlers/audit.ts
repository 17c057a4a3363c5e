/**
 * The audit trail, searched: newest first, filtered by record, actor, action and UTC days. A
 * reading is itself an event (`audit.view`, its filters in `details`), at most one a minute per
 * admin and filters, so paging through a list writes one.
 */
import { recordChange } from '../lib/audit.js';
import { listAuditEvents, viewedAuditSince } from '../queries/audit.js';
import type { Handlers } from './types.js';

const VIEW_EVERY_MS = 60_000;

export const auditHandlers: Handlers = {
  async listAuditEvents(req) {
    const db = req.server.db;
    const { total, data } = await listAuditEvents(db, req.query);
    const { skip: _skip, limit: _limit, ...filters } = req.query as Record<string, unknown>;
    const details = Object.fromEntries(
      Object.entries(filters)
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([key, value]) => [key, String(value)]),
    );
    const since = new Date(Date.now() - VIEW_EVERY_MS);
    if (!(await viewedAuditSince(db, req.user.id, details, since))) {
      await recordChange(db, {
        request: req,
        action: 'audit.view',
        entity: { type: 'list', id: null, name: 'Audit Log' },
        version: null,
        details,
        always: true,
      });
    }
    return { success: true, message: 'Audit events', count: total, data };
  },
};
