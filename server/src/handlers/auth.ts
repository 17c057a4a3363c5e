/**
 * Sign in (with a password, then a second step for an admin with a factor; or by setting a first
 * password from a set-password link), sign out and the signed-in admin. Only an active admin
 * gets a token, and under MFA_REQUIRED only one with a second factor.
 */
import { HttpError } from '../lib/http-error.js';
import { userByEmail, userById } from '../queries/users.js';
import { hashPassword, timingDummyHash, verifyPassword } from '../auth/passwords.js';
import { weakPasswordReason } from '../auth/password-strength.js';
import { clientOf, createSession, hashToken, revokeSession } from '../auth/sessions.js';
import { revokeUserSessions } from '../queries/sessions.js';
import { setPasswordHash, setupLinkUser, useSetupLink } from '../queries/team.js';
import { bearerToken, NOT_AUTHORIZED } from '../auth/bearer-auth.js';
import { openSignIn, signedInUser } from '../auth/signed-in.js';
import {
  confirmSecondFactor,
  countWrongCode,
  recoveryCodeUsed,
  wrongCodeEvent,
  createTicket,
  mfaKey,
  ticketOf,
  TICKET_NOT_VALID,
  WRONG_CODE,
  type MfaMethod,
} from '../auth/mfa.js';
import {
  authenticationOptions,
  confirmPasskey,
  PASSKEY_REFUSED,
  passkeyChallengeEvent,
  relyingParty,
} from '../auth/webauthn.js';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { confirmedFactors, useTicket } from '../queries/mfa.js';
import { recordChange } from '../lib/audit.js';
import { countAttempt, forgiveAttempt, throttleKeys } from '../auth/login-throttle.js';
import type { Handlers } from './types.js';
import type { components } from '../../../openapi/schema.js';

type LoginMfaResponse = components['schemas']['LoginMfaResponse'];
import { fullName } from '../../../common/person-name.js';

const INVALID_CREDENTIALS = 'Invalid email or password';
const ACCOUNT_DEACTIVATED =
  'This account has been deactivated. Please contact the system administrator.';
const LINK_NOT_VALID =
  'This set-password link is not valid any more: it was used or it expired. Ask an owner for a new one.';
const ENTER_CODE = 'Enter the code from your authenticator app';
const SET_UP_FIRST = 'Set up two-step verification to continue';
const USE_PASSKEY = 'Use your passkey, or a recovery code';

/**
 * The answer of a right password when a second step follows: its ticket, no token, and how the
 * step can be answered (by the kinds of factor the admin has; recovery codes always).
 */
const secondStep = (ticket: string, kinds: string[] | 'enroll'): LoginMfaResponse => {
  if (kinds === 'enroll') {
    return {
      success: true,
      message: SET_UP_FIRST,
      mfa: { methods: ['totp'], ticket, enroll: true },
    };
  }
  const methods: MfaMethod[] = [
    ...(kinds.includes('totp') ? (['totp'] as const) : []),
    'recovery_code',
    ...(kinds.includes('webauthn') ? (['webauthn'] as const) : []),
  ];
  const message = kinds.includes('totp') ? ENTER_CODE : USE_PASSKEY;
  return { success: true, message, mfa: { methods, ticket } };
};

export const authHandlers: Handlers = {
  async login(req) {
    const { db, config } = req.server;
    const email = req.body.email.trim().toLowerCase();
    // Counted, and throttled, before any password is hashed (see auth/login-throttle.ts).
    const keys = throttleKeys(email, req.ip);
    await countAttempt(db, keys, config.loginThrottle);
    const user = await userByEmail(db, email);
    // Compare against a dummy hash for an unknown email, so both failures look and time the same.
    const valid = await verifyPassword(
      user?.passwordHash ?? (await timingDummyHash()),
      req.body.password,
    );
    const refusal =
      !user || !user.passwordHash || !valid
        ? new HttpError(401, INVALID_CREDENTIALS)
        : user.role !== 'admin'
          ? new HttpError(403, NOT_AUTHORIZED)
          : !user.status
            ? new HttpError(403, ACCOUNT_DEACTIVATED)
            : undefined;
    // A second step follows the right password of an admin with a factor (or, under
    // MFA_REQUIRED, one without: enrolment first).
    const kinds = refusal ? [] : (await confirmedFactors(db, user!.id)).map((f) => f.kind);
    const step = kinds.length ? 'verify' : !refusal && config.mfa.required ? 'enroll' : undefined;
    // The attempt given back, the session and the audit event are one write: none without the others.
    const outcome = await db.transaction(async (tx) => {
      // The password was right: the account's count of failures starts again, unless a code is
      // still to come (then only the right code gives the attempt back: wrong codes add up).
      if (refusal?.statusCode !== 401 && step !== 'verify') await forgiveAttempt(tx, keys);
      if (refusal) {
        // The attempt is recorded under the account it named (if any), never with the password.
        await recordChange(tx, {
          request: req,
          action: 'auth.login_failed',
          entity: { type: 'user', id: user?.id ?? null, name: user ? fullName(user) : email },
          version: null,
          details: { email, reason: refusal.message },
          actor: null,
          always: true,
        });
        return undefined;
      }
      if (step) {
        return secondStep(
          await createTicket(tx, user!.id, step),
          step === 'enroll' ? 'enroll' : kinds,
        );
      }
      return {
        success: true,
        message: 'Login successful',
        token: await openSignIn(tx, req, user!),
        data: { user: signedInUser(user!, config) },
      };
    });
    if (!outcome) throw refusal;
    return outcome;
  },

  /**
   * The second step: the ticket and a code (authenticator or recovery). A wrong code counts in
   * the sign-in throttle and against the ticket (the fifth ends it); the right one uses the
   * ticket up and signs in.
   */
  async loginMfa(req) {
    const { db, config } = req.server;
    const ticket = await ticketOf(db, req.body.ticket, 'verify');
    const user = ticket && (await userById(db, ticket.userId));
    if (!ticket || !user) throw new HttpError(401, TICKET_NOT_VALID);
    const keys = throttleKeys(user.email.trim().toLowerCase(), req.ip);
    await countAttempt(db, keys, config.loginThrottle);
    if (user.role !== 'admin' || !user.status) throw new HttpError(403, ACCOUNT_DEACTIVATED);
    const { webauthn, code } = req.body;
    // A passkey's answer is checked first (its challenge used up even when it is refused).
    const passkey =
      webauthn &&
      (await confirmPasskey(
        db,
        relyingParty(config),
        { userId: user.id, purpose: 'sign-in', boundTo: ticket.tokenHash },
        webauthn as unknown as AuthenticationResponseJSON,
      ));
    const key = webauthn ? undefined : mfaKey(config.mfa.encryptionKey);
    const token = await db.transaction(async (tx) => {
      const method: MfaMethod | null = webauthn
        ? passkey
          ? 'webauthn'
          : null
        : await confirmSecondFactor(tx, key!, user, code ?? '');
      if (!method) return undefined;
      // Of two right codes at once, one signs in.
      if (!(await useTicket(tx, ticket.tokenHash, new Date()))) {
        throw new HttpError(401, TICKET_NOT_VALID);
      }
      await forgiveAttempt(tx, keys);
      if (method === 'recovery_code') await recoveryCodeUsed(tx, req, user);
      return openSignIn(tx, req, user, method);
    });
    if (!token) {
      await db.transaction(async (tx) => {
        await countWrongCode(tx, ticket);
        await wrongCodeEvent(tx, req, user, 'sign-in', webauthn ? 'webauthn' : undefined);
      });
      throw new HttpError(401, webauthn ? PASSKEY_REFUSED : WRONG_CODE);
    }
    return {
      success: true,
      message: 'Login successful',
      token,
      data: { user: signedInUser(user, config) },
    };
  },

  /** Options for the sign-in's passkey: a challenge bound to the ticket. */
  async startPasskeySignIn(req) {
    const { db, config } = req.server;
    const ticket = await ticketOf(db, req.body.ticket, 'verify');
    const user = ticket && (await userById(db, ticket.userId));
    if (!ticket || !user) throw new HttpError(401, TICKET_NOT_VALID);
    const rp = relyingParty(config);
    const options = await db.transaction(async (tx) => {
      const made = await authenticationOptions(tx, rp, {
        userId: user.id,
        purpose: 'sign-in',
        boundTo: ticket.tokenHash,
      });
      await passkeyChallengeEvent(tx, req, user, 'sign-in');
      return made;
    });
    return { success: true, message: 'Use your passkey', data: { options } };
  },

  /**
   * A first password from a one-time set-password link, then signed in. Throttled like login,
   * per link and per client address: a guessed token is a failed attempt.
   */
  async setupPassword(req) {
    const { db, config } = req.server;
    const tokenHash = hashToken(req.body.token);
    const keys = throttleKeys(`setup:${tokenHash}`, req.ip);
    await countAttempt(db, keys, config.loginThrottle);
    const now = new Date();
    const user = await setupLinkUser(db, tokenHash, now);
    if (!user) throw new HttpError(400, LINK_NOT_VALID);
    await forgiveAttempt(db, keys);
    if (user.role !== 'admin' || !user.status) throw new HttpError(403, ACCOUNT_DEACTIVATED);
    const weak = await weakPasswordReason(req.body.password, user.email);
    if (weak) throw new HttpError(400, weak);
    const passwordHash = await hashPassword(req.body.password);
    const signedIn = await db.transaction(async (tx) => {
      // Only one of two uses at once finds the link unused.
      if (!(await useSetupLink(tx, tokenHash, now))) throw new HttpError(400, LINK_NOT_VALID);
      const version = await setPasswordHash(tx, user.id, passwordHash);
      await revokeUserSessions(tx, user.id);
      await recordChange(tx, {
        request: req,
        action: 'account.password_setup',
        entity: { type: 'user', id: user.id, name: fullName(user) },
        version,
        actor: user,
        always: true,
      });
      // Under MFA_REQUIRED a new administrator enrols an authenticator before any token.
      if (config.mfa.required && !(await confirmedFactors(tx, user.id)).length) {
        return secondStep(await createTicket(tx, user.id, 'enroll'), 'enroll');
      }
      return {
        success: true,
        message: 'Password set',
        token: await createSession(tx, user.id, config.tokenTtlMs, clientOf(req)),
        data: { user: signedInUser(user, config) },
      };
    });
    return signedIn;
  },

  async getMe(req) {
    return {
      success: true,
      message: 'Signed-in user',
      data: { user: signedInUser(req.user, req.server.config) },
    };
  },

  async logout(req) {
    const token = bearerToken(req);
    if (token) {
      await req.server.db.transaction(async (tx) => {
        await revokeSession(tx, token);
        await recordChange(tx, {
          request: req,
          action: 'auth.logout',
          entity: { type: 'user', id: req.user.id, name: fullName(req.user) },
          version: null,
          always: true,
        });
      });
    }
    return { success: true, message: 'Logged out' };
  },
};
