import { api } from '../../api/api';
import { auditedWrite, listTag, listTags } from '../../api/cache-tags';
import type {
  AccountSessionListResponse,
  ChangePasswordRequest,
  EndedSessionsResponse,
  MessageResponse,
  AddPasskeyRequest,
  AddPasskeyResponse,
  PasskeyOptionsResponse,
  RecoveryCodesResponse,
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
    removeMfaFactor: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/user/mfa/${id}`, method: 'DELETE' }),
      invalidatesTags: auditedWrite(() => ['Mfa']),
    }),
    /** Options for adding a passkey (step-up, as every change to one's own factors). */
    startPasskeyRegistration: build.mutation<PasskeyOptionsResponse, void>({
      query: () => ({ url: '/user/mfa/passkey/options', method: 'POST' }),
    }),
    addPasskey: build.mutation<AddPasskeyResponse, AddPasskeyRequest>({
      query: (body) => ({ url: '/user/mfa/passkey', method: 'POST', body }),
      invalidatesTags: auditedWrite(() => ['Mfa']),
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodesResponse, void>({
      query: () => ({ url: '/user/mfa/recovery-codes', method: 'POST' }),
      invalidatesTags: auditedWrite(() => ['Mfa']),
    }),
  }),
});

export const {
  useListSessionsQuery,
  useChangePasswordMutation,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
  useRemoveMfaFactorMutation,
  useRegenerateRecoveryCodesMutation,
  useStartPasskeyRegistrationMutation,
  useAddPasskeyMutation,
} = accountApi;
