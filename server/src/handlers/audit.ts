/** The audit trail, searched: newest first, filtered by record, actor, action and UTC days. */
import { listAuditEvents } from '../queries/audit.js';
import type { Handlers } from './types.js';

export const auditHandlers: Handlers = {
  async listAuditEvents(req) {
    const { total, data } = await listAuditEvents(req.server.db, req.query);
    return { success: true, message: 'Audit events', count: total, data };
  },
};
