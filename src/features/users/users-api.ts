import { api } from '../../api/api';
import { APPROVAL_REQUESTED, sentForApproval } from '../../api/approval-answer';
import { auditedWrite, listTags } from '../../api/cache-tags';
import { versioned, type Versioned } from '../../api/versions';
import type {
  ApprovalRequestedResponse,
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
  useGetConfigurationQuery,
  useUpdateConfigurationMutation,
} = usersApi;
