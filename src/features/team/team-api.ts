import { api } from '../../api/api';
import { auditedWrite, listTag, listTags } from '../../api/cache-tags';
import { versioned, type Versioned } from '../../api/versions';
import type {
  AddedTeamMemberResponse,
  AddTeamMemberRequest,
  EndedSessionsResponse,
  TeamListResponse,
  TeamMemberResponse,
  UpdateTeamMemberRequest,
} from '../../api/types';

const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTeam: build.query<TeamListResponse, void>({
      query: () => '/admin/team',
      providesTags: (result) => listTags('Team', result?.data),
    }),
    /** Answers the one-time set-password link, shown once. */
    addTeamMember: build.mutation<AddedTeamMemberResponse, AddTeamMemberRequest>({
      query: (body) => ({ url: '/admin/team', method: 'POST', body }),
      invalidatesTags: auditedWrite(() => [listTag('Team')]),
    }),
    updateTeamMember: build.mutation<
      TeamMemberResponse,
      { id: string } & Versioned & UpdateTeamMemberRequest
    >({
      query: ({ id, version, overrides, ...body }) =>
        versioned({ url: `/admin/team/${id}`, method: 'PUT', body }, { version, overrides }),
      invalidatesTags: auditedWrite(({ id }) => [{ type: 'Team', id }]),
    }),
    /** A new one-time link for an administrator who has not set a password yet. */
    renewSetupLink: build.mutation<AddedTeamMemberResponse, string>({
      query: (id) => ({ url: `/admin/team/${id}/setup-link`, method: 'POST' }),
      invalidatesTags: auditedWrite((id) => [{ type: 'Team', id }]),
    }),
    endTeamMemberSessions: build.mutation<EndedSessionsResponse, string>({
      query: (id) => ({ url: `/admin/team/${id}/sessions`, method: 'DELETE' }),
      invalidatesTags: auditedWrite((id) => [{ type: 'Team', id }]),
    }),
    /** Removes a member's second factors and ends their sessions (not one's own). */
    resetTeamMemberMfa: build.mutation<EndedSessionsResponse, string>({
      query: (id) => ({ url: `/admin/team/${id}/mfa`, method: 'DELETE' }),
      invalidatesTags: auditedWrite((id) => [{ type: 'Team', id }]),
    }),
  }),
});

export const {
  useListTeamQuery,
  useAddTeamMemberMutation,
  useUpdateTeamMemberMutation,
  useEndTeamMemberSessionsMutation,
  useResetTeamMemberMfaMutation,
  useRenewSetupLinkMutation,
} = teamApi;
