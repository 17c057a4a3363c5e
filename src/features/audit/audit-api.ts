import { api } from '../../api/api';
import { ACTIVITY_CHANGED } from '../../api/cache-tags';
import type { AuditEventListResponse, AuditEventQuery } from '../../api/types';

const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAuditEvents: build.query<AuditEventListResponse, AuditEventQuery>({
      query: (params) => ({ url: '/admin/audit-logs', params }),
      // The audit trail is the activity list's events: every audited write changes it.
      providesTags: [ACTIVITY_CHANGED],
    }),
  }),
});

export const { useListAuditEventsQuery } = auditApi;
