import { api } from '../../api/api';
import type {
  ConfigurationResponse,
  UpdateConfigurationRequest,
  UserListQuery,
  UserListResponse,
  UserResponse,
} from '../../api/types';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserListResponse, UserListQuery>({
      query: (params) => ({ url: '/admin/users', params }),
      providesTags: (result) => [
        { type: 'User', id: 'LIST' },
        ...(result?.data ?? []).map((user) => ({ type: 'User' as const, id: user._id })),
      ],
    }),
    /** Saved on the server (DESIGN.md); the row changes when the list is read again. */
    updateUserStatus: build.mutation<UserResponse, { id: string; status: boolean }>({
      query: ({ id, status }) => ({ url: `/admin/user/${id}`, method: 'PUT', body: { status } }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'User', id },
              { type: 'ActivityLog', id: 'LIST' },
            ],
    }),
    getConfiguration: build.query<ConfigurationResponse, void>({
      query: () => '/configuration',
      providesTags: ['Configuration'],
    }),
    updateConfiguration: build.mutation<ConfigurationResponse, UpdateConfigurationRequest>({
      query: (body) => ({ url: '/configuration', method: 'PUT', body }),
      invalidatesTags: (_result, error) =>
        error ? [] : ['Configuration', { type: 'ActivityLog', id: 'LIST' }],
    }),
  }),
});

export const {
  useListUsersQuery,
  useUpdateUserStatusMutation,
  useGetConfigurationQuery,
  useUpdateConfigurationMutation,
} = usersApi;
