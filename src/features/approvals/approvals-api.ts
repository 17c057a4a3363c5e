/**
 * The approval queue: its list, the count the sidebar shows (the requests the signed-in admin may
 * decide, read by the SPA itself every minute), and the three decisions. A decision changes the
 * queue and what it carried out: the booking (a refund), the restaurants or the platform fee.
 */
import { api } from '../../api/api';
import { inBackground } from '../../api/activity';
import { auditedWrite, listTag, listTags, type Tag } from '../../api/cache-tags';
import type { ApprovalListQuery, ApprovalListResponse, ApprovalResponse } from '../../api/types';

/** What deciding a request may have changed besides the queue. */
const decided = (_arg: unknown, { data }: ApprovalResponse): Tag[] => [
  listTag('Approval'),
  { type: 'Approval', id: data._id },
  ...(data.refund
    ? ([
        listTag('Booking'),
        { type: 'Booking', id: data.refund.bookingId },
        { type: 'BookingActivity', id: data.refund.bookingId },
        { type: 'Restaurant', id: data.refund.restaurant._id },
        'Dashboard',
      ] as Tag[])
    : (['Restaurant', 'Configuration'] as Tag[])),
];

/** A refused decision: the request may have been decided or expired meanwhile. */
const refused = (): Tag[] => [listTag('Approval')];

const approvalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApprovals: build.query<ApprovalListResponse, ApprovalListQuery>({
      query: (params) => ({ url: '/admin/approvals', params }),
      providesTags: (result) => listTags('Approval', result?.data),
    }),
    /** How many requests the signed-in admin may decide now (the sidebar's count). */
    countDecidableApprovals: build.query<number, void>({
      query: () =>
        inBackground({
          url: '/admin/approvals',
          params: { status: 'pending', decidable: true, limit: 1 },
        }),
      transformResponse: (response: ApprovalListResponse) => response.count,
      providesTags: [listTag('Approval')],
    }),
    approveApproval: build.mutation<ApprovalResponse, string>({
      query: (id) => ({ url: `/admin/approvals/${id}/approve`, method: 'POST' }),
      invalidatesTags: auditedWrite(decided, refused),
    }),
    rejectApproval: build.mutation<ApprovalResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/approvals/${id}/reject`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: auditedWrite(decided, refused),
    }),
    cancelApproval: build.mutation<ApprovalResponse, string>({
      query: (id) => ({ url: `/admin/approvals/${id}/cancel`, method: 'POST' }),
      invalidatesTags: auditedWrite(decided, refused),
    }),
  }),
});

export const {
  useListApprovalsQuery,
  useCountDecidableApprovalsQuery,
  useApproveApprovalMutation,
  useRejectApprovalMutation,
  useCancelApprovalMutation,
} = approvalsApi;
