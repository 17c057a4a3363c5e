import { api } from '../../api/api';
import { inBackground } from '../../api/activity';
import type {
  LoginAnswer,
  LoginMfaRequest,
  LoginRequest,
  LoginResponse,
  TotpConfirmResponse,
  TotpEnrolmentResponse,
  VerifyRequest,
  VerifyResponse,
  PasskeyOptionsResponse,
  MessageResponse,
  MfaStatusResponse,
  SessionUserResponse,
  SetupPasswordRequest,
  TotalBookingsResponse,
} from '../../api/types';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: (body) => ({ url: '/user/login', method: 'POST', body }),
    }),
    /** The second step of a sign-in: the ticket and a code (authenticator or recovery). */
    loginMfa: build.mutation<LoginResponse, LoginMfaRequest>({
      query: (body) => ({ url: '/user/login/mfa', method: 'POST', body }),
    }),
    /**
     * Adding an authenticator app: with `ticket` (the enrolment of a sign-in under MFA_REQUIRED)
     * instead of the session's token.
     */
    startTotpEnrolment: build.mutation<TotpEnrolmentResponse, { ticket?: string }>({
      query: ({ ticket }) => ({
        url: '/user/mfa/totp',
        method: 'POST',
        body: {},
        ...(ticket ? { headers: { Authorization: `Bearer ${ticket}` } } : {}),
      }),
    }),
    confirmTotpEnrolment: build.mutation<TotpConfirmResponse, { code: string; ticket?: string }>({
      query: ({ code, ticket }) => ({
        url: '/user/mfa/totp/confirm',
        method: 'POST',
        body: { code },
        ...(ticket ? { headers: { Authorization: `Bearer ${ticket}` } } : {}),
      }),
      invalidatesTags: ['Mfa'],
    }),
    /** Passkey options for the sign-in's second step (a challenge bound to the ticket). */
    startPasskeySignIn: build.mutation<PasskeyOptionsResponse, { ticket: string }>({
      query: (body) => ({ url: '/user/login/mfa/passkey-options', method: 'POST', body }),
    }),
    /** "Confirm it's you" (step-up): a code, or a passkey's answer. */
    verifyStepUp: build.mutation<VerifyResponse, VerifyRequest>({
      query: (body) => ({ url: '/user/verify', method: 'POST', body }),
    }),
    /** Passkey options for "Confirm it's you" (a challenge bound to the session). */
    startPasskeyVerification: build.mutation<PasskeyOptionsResponse, void>({
      query: () => ({ url: '/user/verify/passkey-options', method: 'POST' }),
    }),
    /** A first password from a one-time set-password link; answers as login does. */
    setupPassword: build.mutation<LoginAnswer, SetupPasswordRequest>({
      query: (body) => ({ url: '/user/setup-password', method: 'POST', body }),
    }),
    /** Revokes `token` (the session's token, passed in because the session is cleared first). */
    logout: build.mutation<MessageResponse, string>({
      query: (token) => ({
        url: '/user/logout',
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        timeout: 5000,
      }),
    }),
    /**
     * Verifies the stored session at start-up (spec 01 §7: GET total/booking); made by the SPA
     * itself, so it does not keep an idle session alive.
     */
    checkSession: build.query<TotalBookingsResponse, void>({
      query: () => inBackground('/total/booking'),
      providesTags: ['Session'],
      keepUnusedDataFor: 0,
    }),
    /**
     * The signed-in admin as the server knows them now (team role, permissions): read after a
     * restored session's check and after a 403 (`background`: by the SPA itself), and to keep
     * the session alive on the admin's action.
     */
    getMe: build.query<SessionUserResponse, { background: boolean }>({
      query: ({ background }) => (background ? inBackground('/user/me') : '/user/me'),
      keepUnusedDataFor: 0,
    }),
    /**
     * Two-step verification: the factors that are on and the recovery codes left (My account;
     * "Confirm it's you" offers a passkey only to an admin who has one).
     */
    getMfaStatus: build.query<MfaStatusResponse, void>({
      query: () => '/user/mfa',
      providesTags: ['Mfa'],
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginMfaMutation,
  useStartTotpEnrolmentMutation,
  useConfirmTotpEnrolmentMutation,
  useVerifyStepUpMutation,
  useStartPasskeySignInMutation,
  useStartPasskeyVerificationMutation,
  useSetupPasswordMutation,
  useGetMfaStatusQuery,
} = authApi;
