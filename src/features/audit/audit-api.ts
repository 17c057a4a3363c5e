import { api } from '../../api/api';
import type { AuditEventListResponse, AuditEventQuery } from '../../api/types';

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAuditEvents: build.query<AuditEventListResponse, AuditEventQuery>({
      query: (params) => ({ url: '/admin/audit-logs', params }),
      // Every write invalidates the activity list; the audit trail is the same events.
      providesTags: [{ type: 'ActivityLog', id: 'LIST' }],
    }),
  }),
});

export const { useListAuditEventsQuery } = auditApi;
