/**
 * Passkeys and security keys (WebAuthn, with @simplewebauthn/server): the rules. (The SQL is
 * queries/mfa.ts.)
 *
 * - The relying party is PUBLIC_ORIGIN's host name and its answers must come from that origin
 *   (config.ts refuses to start with one that cannot work); without it passkeys are off (409).
 * - A passkey is a factor (`mfa_factors`, kind `webauthn`) with its credential id, COSE public
 *   key, signature counter and transports; it is listed and removed like an authenticator app.
 * - Every challenge is made here, stored server-side, single use (taken before the answer is
 *   checked, so a refused answer uses it up too), bound to the admin, the purpose and the ticket
 *   (sign-in) or session (registration, step-up) that asked, and valid `CHALLENGE_MS`.
 * - A signature counter that does not go up (when the authenticator keeps one) is refused: a
 *   cloned key.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig, WebAuthnConfig } from '../config.js';
import { recordChange } from '../lib/audit.js';
import type { Db } from '../db/client.js';
import type { User } from '../db/schema.js';
import { conflict } from '../lib/http-error.js';
import { fullName } from '../../../common/person-name.js';
import {
  insertChallenge,
  passkeyByCredential,
  passkeysOf,
  takeChallenge,
  usePasskey,
  type WebAuthnPurpose,
} from '../queries/mfa.js';

const CHALLENGE_MS = 5 * 60_000;
const RP_NAME = 'marketplace-admin';

export const PASSKEY_REFUSED = 'That passkey was not accepted: try again, or use a code.';
export const PASSKEY_NOT_ADDED =
  'That passkey could not be added: start again and use your passkey within 5 minutes.';
export const PASSKEY_ADDED_ALREADY =
  'This passkey is added already: use another passkey or security key.';
const PASSKEYS_OFF = 'Passkeys are not set up on this server: its operator must set PUBLIC_ORIGIN.';
const NO_PASSKEY =
  'You have no passkey: use a code from your authenticator app or a recovery code.';

type Factor = Awaited<ReturnType<typeof passkeysOf>>[number];

/** Which challenge an answer is for: the admin, the purpose and the ticket or session. */
export type ChallengeBinding = { userId: string; purpose: WebAuthnPurpose; boundTo: string };

/** PUBLIC_ORIGIN's relying party; refused (409) when the server has none. */
export function relyingParty(config: Pick<ServerConfig, 'webauthn'>): WebAuthnConfig {
  if (!config.webauthn) throw conflict(PASSKEYS_OFF);
  return config.webauthn;
}

/** Options as the contract's free-form JSON object (`data.options`). */
const asJsonObject = <T extends object>(options: T) => options as T & Record<string, unknown>;

const transportsOf = (factor: Factor) =>
  (factor.transports ?? []) as AuthenticatorTransportFuture[];

/** Options for adding a passkey (`startRegistration`), its challenge stored. */
export async function registrationOptions(
  db: Pick<Db, 'select' | 'insert' | 'delete'>,
  rp: WebAuthnConfig,
  user: User,
  boundTo: string,
) {
  const existing = await passkeysOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: user.email,
    userID: isoUint8Array.fromUTF8String(user.id),
    userDisplayName: fullName(user),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((factor) => ({
      id: factor.credentialId!,
      transports: transportsOf(factor),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, { userId: user.id, purpose: 'register', boundTo });
  return asJsonObject(options);
}

/** Options for signing in or confirming with one of the admin's passkeys (`startAuthentication`). */
export async function authenticationOptions(
  db: Pick<Db, 'select' | 'insert' | 'delete'>,
  rp: WebAuthnConfig,
  binding: ChallengeBinding,
) {
  const passkeys = await passkeysOf(db, binding.userId);
  if (!passkeys.length) throw conflict(NO_PASSKEY);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: CHALLENGE_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((factor) => ({
      id: factor.credentialId!,
      transports: transportsOf(factor),
    })),
  });
  await storeChallenge(db, options.challenge, binding);
  return asJsonObject(options);
}

const storeChallenge = (
  db: Pick<Db, 'insert' | 'delete'>,
  challenge: string,
  binding: ChallengeBinding,
) => insertChallenge(db, { challenge, ...binding, expiresAt: new Date(Date.now() + CHALLENGE_MS) });

/** Uses up the challenge the answer signed, if it was handed out for `binding`; its text. */
async function takeChallengeOf(
  db: Pick<Db, 'delete'>,
  clientDataJSON: string,
  binding: ChallengeBinding,
): Promise<string | undefined> {
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
  if (typeof challenge !== 'string' || !challenge) return undefined;
  return (await takeChallenge(db, { challenge, ...binding }, new Date())) ? challenge : undefined;
}

/** A new passkey checked (origin, relying party, challenge); what to store, or null. */
export async function checkRegistration(
  db: Pick<Db, 'delete'>,
  rp: WebAuthnConfig,
  binding: Omit<ChallengeBinding, 'purpose'>,
  response: RegistrationResponseJSON,
) {
  const challenge = await takeChallengeOf(db, response.response.clientDataJSON, {
    ...binding,
    purpose: 'register',
  });
  if (!challenge) return null;
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
    if (!verified) return null;
    const { credential } = registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    return null;
  }
}

/**
 * A passkey's answer at sign-in or step-up checked: the challenge (used up), one of the admin's
 * own passkeys, origin, relying party, signature and counter; the counter then written. True
 * when it is the admin's.
 */
export async function confirmPasskey(
  db: Pick<Db, 'select' | 'update' | 'delete'>,
  rp: WebAuthnConfig,
  binding: ChallengeBinding,
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<boolean> {
  const challenge = await takeChallengeOf(db, response.response.clientDataJSON, binding);
  if (!challenge) return false;
  const factor = await passkeyByCredential(db, response.id);
  if (!factor || factor.userId !== binding.userId || !factor.confirmedAt) return false;
  const before = factor.signCount ?? 0;
  let newCounter: number;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: factor.credentialId!,
        publicKey: isoBase64URL.toBuffer(factor.publicKey!),
        counter: before,
        transports: transportsOf(factor),
      },
      requireUserVerification: false,
    });
    if (!verified) return false;
    newCounter = authenticationInfo.newCounter;
  } catch {
    // Wrong origin or relying party, a bad signature, a counter gone back: all refusals.
    return false;
  }
  return usePasskey(db, factor.id, { before, after: newCounter }, now);
}

/** A passkey challenge handed out for a sign-in or a step-up, recorded under its admin. */
export const passkeyChallengeEvent = (
  tx: Pick<Db, 'insert'>,
  req: FastifyRequest,
  user: User,
  step: 'sign-in' | 'step-up',
) =>
  recordChange(tx, {
    request: req,
    action: 'mfa.passkey_challenge',
    entity: { type: 'user', id: user.id, name: fullName(user) },
    version: null,
    details: { step },
    actor: user,
    always: true,
  });
