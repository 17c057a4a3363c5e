/**
 * Two-step sign-in as the server answers it: the right password of `user` answers a ticket
 * (`enroll`: the enrolment under MFA_REQUIRED), the code `code` (or one of `recoveryCodes`, each
 * once) signs in with the token 'new-token', any other code is refused with the server's
 * sentence; enrolment shows a secret and a QR code, and its confirmation answers ten recovery
 * codes (and, with a ticket, the token). "Confirm it's you" (POST /user/verify) takes the same
 * code. `state` says what was used.
 */
import type { SessionUser } from '../../api/types';
import { reply } from './reply';
import { adminUser, wrongCredentials } from './session';
import type { Routes } from './types';

const WRONG_CODE =
  'That code is not right: enter the current code from your authenticator app, or a recovery code.';
const TICKET = 'fake-ticket';
const RECOVERY_CODES = Array.from(
  { length: 10 },
  (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`,
);

export function mfaFake({
  user = adminUser,
  password = 'admin1234',
  code = '123456',
  enroll = false,
}: { user?: SessionUser; password?: string; code?: string; enroll?: boolean } = {}) {
  const state = {
    recoveryUsed: new Set<string>(),
    verified: 0,
    factors: [] as {
      _id: string;
      kind: 'totp';
      name: string;
      createdAt: string;
      lastUsedAt: null;
    }[],
    required: false,
  };
  const refusal = (status: 400 | 401) => ({
    success: false as const,
    message: WRONG_CODE,
    status_code: status,
  });
  const ticketOf = (headers: Headers) => headers.get('authorization') === `Bearer ${TICKET}`;
  return {
    state,
    recoveryCodes: RECOVERY_CODES,
    routes: {
      login: ({ body }) => {
        const refused = wrongCredentials(body, user, password);
        if (refused) return refused;
        return reply('login', 200, {
          success: true,
          message: enroll
            ? 'Set up two-step verification to continue'
            : 'Enter the code from your authenticator app',
          mfa: enroll
            ? { methods: ['totp'], ticket: TICKET, enroll: true }
            : { methods: ['totp', 'recovery_code'], ticket: TICKET },
        });
      },
      loginMfa: ({ body }) => {
        const sent = (body as { code: string }).code.trim();
        const recovery = RECOVERY_CODES.includes(sent) && !state.recoveryUsed.has(sent);
        if (sent !== code && !recovery) return reply('loginMfa', 401, refusal(401));
        if (recovery) state.recoveryUsed.add(sent);
        return reply('loginMfa', 200, {
          success: true,
          message: 'Login successful',
          token: 'new-token',
          data: { user },
        });
      },
      startTotpEnrolment: () =>
        reply('startTotpEnrolment', 200, {
          success: true,
          message: 'Scan the QR code with your authenticator app, then enter a code',
          data: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauthUrl:
              'otpauth://totp/marketplace-admin:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            qrCode: 'data:image/png;base64,iVBORw0KGgo=',
          },
        }),
      confirmTotpEnrolment: ({ body, headers }) => {
        if ((body as { code: string }).code.trim() !== code)
          return reply('confirmTotpEnrolment', 400, refusal(400));
        const data = { recoveryCodes: RECOVERY_CODES };
        state.factors.push({
          _id: `4f1c2a9e-7b3d-4e8f-9a1b-2c3d4e5f6a${String(state.factors.length).padStart(2, '0')}`,
          kind: 'totp',
          name: 'Authenticator app',
          createdAt: '2026-11-27T08:30:00.000Z',
          lastUsedAt: null,
        });
        return reply(
          'confirmTotpEnrolment',
          200,
          ticketOf(headers)
            ? {
                success: true,
                message: 'Two-step verification is on',
                token: 'new-token',
                data: { ...data, user },
              }
            : { success: true, message: 'Two-step verification is on', data },
        );
      },
      getMfaStatus: () =>
        reply('getMfaStatus', 200, {
          success: true,
          message: 'Two-step verification',
          data: {
            factors: state.factors,
            recoveryCodesLeft: state.factors.length ? 10 - state.recoveryUsed.size : 0,
            required: state.required,
          },
        }),
      removeMfaFactor: ({ params }) => {
        const index = state.factors.findIndex((factor) => factor._id === params.id);
        if (index < 0) {
          return reply('removeMfaFactor', 404, {
            success: false,
            message: 'No such second factor: it may have been removed already.',
            status_code: 404,
          });
        }
        state.factors.splice(index, 1);
        return reply('removeMfaFactor', 200, {
          success: true,
          message: 'Authenticator app removed',
        });
      },
      regenerateRecoveryCodes: () => {
        state.recoveryUsed.clear();
        return reply('regenerateRecoveryCodes', 200, {
          success: true,
          message: 'New recovery codes',
          data: { recoveryCodes: RECOVERY_CODES },
        });
      },
      verifyStepUp: ({ body }) => {
        if ((body as { code: string }).code.trim() !== code)
          return reply('verifyStepUp', 400, refusal(400));
        state.verified += 1;
        return reply('verifyStepUp', 200, {
          success: true,
          message: 'Verified',
          data: { verifiedUntil: new Date(Date.now() + 5 * 60_000).toISOString() },
        });
      },
    } satisfies Routes,
  };
}
