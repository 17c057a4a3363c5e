/**
 * The browser's side of passkeys (WebAuthn, with @simplewebauthn/browser): `passkeyBrowser`
 * answers the server's options; component tests put a software one in its place (jsdom has no
 * WebAuthn).
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

import type { AddPasskeyRequest, PasskeyAssertion } from '../../api/types';

type Options = { challenge: string; [key: string]: unknown };

export const passkeyBrowser = {
  /** A new passkey for the options of POST /user/mfa/passkey/options. */
  register: async (options: Options): Promise<AddPasskeyRequest['webauthn']> =>
    (await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    })) as unknown as AddPasskeyRequest['webauthn'],
  /** A passkey's answer to sign-in or step-up options. */
  authenticate: async (options: Options): Promise<PasskeyAssertion> =>
    (await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    })) as unknown as PasskeyAssertion,
};

/** What the browser's refusal means to the admin (the dialog cancelled, no passkey here). */
export function passkeyFailure(error: unknown): string | undefined {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError') {
    return 'The passkey was not used (cancelled or timed out): try again, or use a code.';
  }
  if (name === 'InvalidStateError') return 'This passkey is added already.';
  if (error instanceof Error && !('status' in error)) return error.message;
  return undefined;
}
