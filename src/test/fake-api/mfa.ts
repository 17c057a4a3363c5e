/**
 * Two-step sign-in as the server answers it: the right password of `user` answers a ticket
 * (`enroll`: the enrolment under MFA_REQUIRED), the code `code` (or one of `recoveryCodes`, each
 * once) signs in with the token 'new-token', any other code is refused with the server's
 * sentence; enrolment shows a secret and a QR code, and its confirmation answers ten recovery
 * codes (and, with a ticket, the token). "Confirm it's you" (POST /user/verify) takes the same
 * code. With `passkey`, the admin has one (the login offers it, the factors list it); a passkey's answer (any whose id is
 * PASSKEY_ID) signs in and confirms, and "Add a passkey" adds one. `state` says what was used.
 */
import type { SessionUser } from '../../api/types';
import { reply } from './reply';
import { adminUser, wrongCredentials } from './session';
import type { Routes } from './types';

const WRONG_CODE =
  'That code is not right: enter the current code from your authenticator app, or a recovery code.';
const TICKET = 'fake-ticket';
/** The credential id of the passkey the fakes accept. */
const PASSKEY_ID = 'ZmFrZS1wYXNza2V5';
const PASSKEY_REFUSED = 'That passkey was not accepted: try again, or use a code.';
const passkeyOptions = (
  operationId: 'startPasskeySignIn' | 'startPasskeyVerification' | 'startPasskeyRegistration',
) =>
  reply(operationId, 200, {
    success: true,
    message: 'Use your passkey',
    data: { options: { challenge: 'ZmFrZS1jaGFsbGVuZ2U', rpId: 'localhost' } },
  });
const RECOVERY_CODES = Array.from(
  { length: 10 },
  (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`,
);

export function mfaFake({
  user = adminUser,
  password = 'admin1234',
  code = '123456',
  enroll = false,
  passkey = false,
}: {
  user?: SessionUser;
  password?: string;
  code?: string;
  enroll?: boolean;
  passkey?: boolean;
} = {}) {
  const state = {
    recoveryUsed: new Set<string>(),
    verified: 0,
    passkeyUses: 0,
    factors: (passkey
      ? [
          {
            _id: '4f1c2a9e-7b3d-4e8f-9a1b-2c3d4e5f6a70',
            kind: 'webauthn',
            name: 'Passkey',
            createdAt: '2026-11-27T08:30:00.000Z',
            lastUsedAt: null,
          },
        ]
      : []) as {
      _id: string;
      kind: 'totp' | 'webauthn';
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
            : {
                methods: passkey
                  ? ['totp', 'recovery_code', 'webauthn']
                  : ['totp', 'recovery_code'],
                ticket: TICKET,
              },
        });
      },
      loginMfa: ({ body }) => {
        const { webauthn } = body as { webauthn?: { id: string } };
        if (webauthn) {
          if (webauthn.id !== PASSKEY_ID) {
            return reply('loginMfa', 401, { ...refusal(401), message: PASSKEY_REFUSED });
          }
          state.passkeyUses += 1;
          return reply('loginMfa', 200, {
            success: true,
            message: 'Login successful',
            token: 'new-token',
            data: { user },
          });
        }
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
        const [removed] = state.factors.splice(index, 1);
        return reply('removeMfaFactor', 200, {
          success: true,
          message: `${removed.kind === 'webauthn' ? 'Passkey' : 'Authenticator app'} removed`,
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
      startPasskeySignIn: () => passkeyOptions('startPasskeySignIn'),
      startPasskeyVerification: () => passkeyOptions('startPasskeyVerification'),
      startPasskeyRegistration: () => passkeyOptions('startPasskeyRegistration'),
      addPasskey: ({ body }) => {
        const { name } = body as { name: string };
        const factor = {
          _id: `4f1c2a9e-7b3d-4e8f-9a1b-2c3d4e5f6b${String(state.factors.length).padStart(2, '0')}`,
          kind: 'webauthn' as const,
          name,
          createdAt: '2026-11-27T08:30:00.000Z',
          lastUsedAt: null,
        };
        const first = state.factors.length === 0;
        state.factors.push(factor);
        return reply('addPasskey', 200, {
          success: true,
          message: 'Passkey added',
          data: first ? { factor, recoveryCodes: RECOVERY_CODES } : { factor },
        });
      },
      verifyStepUp: ({ body }) => {
        const { webauthn } = body as { webauthn?: { id: string } };
        if (webauthn) {
          if (webauthn.id !== PASSKEY_ID) {
            return reply('verifyStepUp', 400, { ...refusal(400), message: PASSKEY_REFUSED });
          }
          state.verified += 1;
          state.passkeyUses += 1;
          return reply('verifyStepUp', 200, {
            success: true,
            message: 'Verified',
            data: { verifiedUntil: new Date(Date.now() + 5 * 60_000).toISOString() },
          });
        }
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

/** What a browser's passkey answers to sign-in or step-up options (`id`: whose passkey). */
export const passkeyAssertion = (id = PASSKEY_ID) => ({
  id,
  rawId: id,
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
    signature: 'MEUCIQDfake',
  },
  clientExtensionResults: {},
});

/** What a browser answers when it made a new passkey. */
export const passkeyAttestation = () => ({
  id: PASSKEY_ID,
  rawId: PASSKEY_ID,
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'o2NmbXRkbm9uZQ',
    transports: ['internal'],
  },
  clientExtensionResults: {},
});
