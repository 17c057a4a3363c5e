/** The audit log: its list of events. */
import type { AuditEvent } from '../../api/types';
import type { Routes } from './types';
import { listOf, type Filters } from './list';

export function auditFake(events: AuditEvent[], filters: Filters<AuditEvent> = {}) {
  return {
    events,
    routes: { listAuditEvents: listOf('listAuditEvents', () => events, filters) } satisfies Routes,
  };
}
