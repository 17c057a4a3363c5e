/**
 * Two-step sign-in: the rules. (The SQL is queries/mfa.ts.)
 *
 * - An authenticator app (TOTP, RFC 6238): 6 digits, 30 s, SHA-1, a window of ±1 step; each
 *   step's code is accepted once per admin (`mfa_used_steps`), so a replayed code is refused
 *   even inside its window. The secret is stored encrypted (mfa-crypto.ts) and never returned
 *   after enrolment.
 * - Recovery codes: 10 single-use codes made at enrolment (and on regeneration), shown once,
 *   stored hashed like passwords.
 * - A sign-in ticket (after the right password, for an admin who has a factor or must enrol):
 *   256 random bits, stored as its SHA-256, single use, `TICKET_MS`, ended by
 *   `MAX_CODE_FAILURES` wrong codes. It is no session: every operation but the second step and
 *   (an `enroll` ticket) the enrolment refuses it with 401.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import * as OTPAuth from 'otpauth';
import type { Db } from '../db/client.js';
import type { User } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { recordChange } from '../lib/audit.js';
import { fullName } from '../../../common/person-name.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { decryptSecret } from './mfa-crypto.js';
import { hashToken } from './sessions.js';
import {
  confirmedFactors,
  failTicket,
  insertTicket,
  liveTicket,
  noteFactorUse,
  unusedRecoveryCodes,
  useRecoveryCode,
  useStep,
  type MfaTicket,
} from '../queries/mfa.js';

const TICKET_MS = 5 * 60_000;
const MAX_CODE_FAILURES = 5;
const RECOVERY_CODES = 10;
const PERIOD_S = 30;
const ISSUER = 'marketplace-admin';

export const WRONG_CODE =
  'That code is not right: enter the current code from your authenticator app, or a recovery code.';
export const TICKET_NOT_VALID =
  'This sign-in has expired or was ended: sign in again with your email and password.';
const MFA_NOT_CONFIGURED =
  'Two-step verification is not set up on this server: its operator must set MFA_ENCRYPTION_KEY.';

/** What a second step can be answered with, in the login answer's `mfa.methods`. */
export type MfaMethod = 'totp' | 'recovery_code' | 'webauthn';

type Tx = Pick<Db, 'insert' | 'update' | 'delete' | 'select'>;

/** The TOTP of a base32 secret, labelled with the admin's email in the authenticator app. */
export const totpOf = (secret: string, email: string) =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** A new secret (160 bits, RFC 4226's recommendation) in base32. */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** The key the secrets are encrypted with; refused (409) when the server has none. */
export function mfaKey(key: Buffer | undefined): Buffer {
  if (!key) throw new HttpError(409, MFA_NOT_CONFIGURED);
  return key;
}

/**
 * Whether `code` is the secret's code at `now` (±1 step) not used before by the admin; a code
 * accepted is written down as used in the same transaction.
 */
export async function acceptTotp(
  tx: Tx,
  userId: string,
  secret: string,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
  return useStep(tx, userId, step);
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes (`xxxxx-xxxxx`, 50 bits each) and their hashes. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    );
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalRecoveryCode(code))));
  return { codes, hashes };
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * The admin's second factor checked: an authenticator code (6 digits) against each app, or a
 * recovery code (used up). Returns how it was confirmed, or null for a wrong code.
 */
export async function confirmSecondFactor(
  tx: Tx,
  key: Buffer,
  user: Pick<User, 'id'>,
  code: string,
  now = new Date(),
): Promise<MfaMethod | null> {
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) {
    for (const factor of await confirmedFactors(tx, user.id)) {
      if (factor.kind !== 'totp' || !factor.secret) continue;
      if (await acceptTotp(tx, user.id, decryptSecret(key, factor.secret), typed, now)) {
        await noteFactorUse(tx, factor.id, now);
        return 'totp';
      }
    }
    return null;
  }
  const normal = normalRecoveryCode(typed);
  if (normal.length !== 10) return null;
  for (const row of await unusedRecoveryCodes(tx, user.id)) {
    if ((await verifyPassword(row.codeHash, normal)) && (await useRecoveryCode(tx, row.id, now))) {
      return 'recovery_code';
    }
  }
  return null;
}

/** A new sign-in ticket for the admin (its token, shown once). */
export async function createTicket(
  db: Pick<Db, 'insert'>,
  userId: string,
  purpose: MfaTicket['purpose'],
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await insertTicket(db, {
    tokenHash: hashToken(ticket),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + TICKET_MS),
  });
  return ticket;
}

/** The live ticket of a token (of the given purpose), or undefined. */
export async function ticketOf(
  db: Pick<Db, 'select'>,
  ticket: string,
  purpose: MfaTicket['purpose'],
): Promise<MfaTicket | undefined> {
  const found = await liveTicket(db, hashToken(ticket), new Date(), MAX_CODE_FAILURES);
  return found?.purpose === purpose ? found : undefined;
}

/** A wrong code given with the ticket: the fifth ends it. */
export const countWrongCode = (db: Pick<Db, 'update'>, ticket: MfaTicket) =>
  failTicket(db, ticket.tokenHash);

/** A wrong code (or a passkey refused) at sign-in or step-up (`where`), recorded under the admin it was for. */
export const wrongCodeEvent = (
  tx: Pick<Db, 'insert'>,
  req: FastifyRequest,
  user: User,
  where: 'sign-in' | 'step-up' | 'enrolment',
  method?: 'webauthn',
) =>
  recordChange(tx, {
    request: req,
    action: 'mfa.verify_failed',
    entity: { type: 'user', id: user.id, name: fullName(user) },
    version: null,
    details: method ? { step: where, method } : { step: where },
    actor: user,
    always: true,
  });

/** A recovery code was used (how many are left is on the admin's account page). */
export const recoveryCodeUsed = (tx: Pick<Db, 'insert'>, req: FastifyRequest, user: User) =>
  recordChange(tx, {
    request: req,
    action: 'mfa.recovery_code_used',
    entity: { type: 'user', id: user.id, name: fullName(user) },
    version: null,
    actor: user,
    always: true,
  });
