import { api } from '../../api/api';
import { auditedWrite, listTag, listTags } from '../../api/cache-tags';
import type {
  AccountSessionListResponse,
  ChangePasswordRequest,
  EndedSessionsResponse,
  MessageResponse,
} from '../../api/types';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSessions: build.query<AccountSessionListResponse, void>({
      query: () => '/user/sessions',
      providesTags: (result) => listTags('AccountSession', result?.data),
    }),
    /** Ends every other session too. */
    changePassword: build.mutation<EndedSessionsResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/user/password', method: 'PUT', body }),
      invalidatesTags: auditedWrite(() => [listTag('AccountSession')]),
    }),
    endSession: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/user/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: auditedWrite(() => [listTag('AccountSession')]),
    }),
    endOtherSessions: build.mutation<EndedSessionsResponse, void>({
      query: () => ({ url: '/user/sessions', method: 'DELETE' }),
      invalidatesTags: auditedWrite(() => [listTag('AccountSession')]),
    }),
  }),
});

export const {
  useListSessionsQuery,
  useChangePasswordMutation,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = accountApi;
