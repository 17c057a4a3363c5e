import { api } from '../../api/api';
import { APPROVAL_REQUESTED, sentForApproval } from '../../api/approval-answer';
import { auditedWrite, bulkChanged, listTags } from '../../api/cache-tags';
import { versioned, type Versioned } from '../../api/versions';
import type {
  ApprovalRequestedResponse,
  BulkResponse,
  BulkUserStatusRequest,
  ConfigurationResponse,
  UpdateConfigurationRequest,
  UserListQuery,
  UserListResponse,
  UserResponse,
} from '../../api/types';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserListResponse, UserListQuery>({
      query: (params) => ({ url: '/admin/users', params }),
      providesTags: (result) => listTags('User', result?.data),
    }),
    /** Saved on the server (DESIGN.md); the row changes when the list is read again. */
    updateUserStatus: build.mutation<UserResponse, { id: string; status: boolean } & Versioned>({
      query: ({ id, status, ...version }) =>
        versioned({ url: `/admin/user/${id}`, method: 'PUT', body: { status } }, version),
      invalidatesTags: auditedWrite(({ id }) => [{ type: 'User', id }]),
    }),
    /** Activate or deactivate many rows at once, each against the version it was read at. */
    bulkUpdateUserStatus: build.mutation<BulkResponse, BulkUserStatusRequest>({
      query: (body) => ({ url: '/admin/users/bulk', method: 'POST', body }),
      invalidatesTags: auditedWrite(bulkChanged('User')),
    }),
    getConfiguration: build.query<ConfigurationResponse, void>({
      query: () => '/configuration',
      providesTags: ['Configuration'],
    }),
    /** Saved, or sent for another admin's approval (202, FEE_CHANGES_NEED_APPROVAL). */
    updateConfiguration: build.mutation<
      ConfigurationResponse | ApprovalRequestedResponse,
      UpdateConfigurationRequest & Versioned
    >({
      query: ({ version, overrides, ...body }) =>
        versioned({ url: '/configuration', method: 'PUT', body }, { version, overrides }),
      invalidatesTags: auditedWrite((_arg, answer) =>
        sentForApproval(answer) ? APPROVAL_REQUESTED : ['Configuration'],
      ),
    }),
  }),
});

export const {
  useListUsersQuery,
  useUpdateUserStatusMutation,
  useBulkUpdateUserStatusMutation,
  useGetConfigurationQuery,
  useUpdateConfigurationMutation,
} = usersApi;
