/**
 * The signed-in admin's second factors (account.manage): adding an authenticator app (also with
 * the enrolment ticket of a sign-in under MFA_REQUIRED, whose confirmation then signs in),
 * removing a factor, new recovery codes, and "Confirm it's you" (step-up). The rules are
 * auth/mfa.ts and auth/step-up.ts; the SQL queries/mfa.ts.
 */
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { countAttempt, forgiveAttempt, throttleKeys } from '../auth/login-throttle.js';
import {
  acceptTotp,
  confirmSecondFactor,
  countWrongCode,
  mfaKey,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeUsed,
  TICKET_NOT_VALID,
  totpOf,
  WRONG_CODE,
  wrongCodeEvent,
  type MfaMethod,
} from '../auth/mfa.js';
import {
  authenticationOptions,
  checkRegistration,
  confirmPasskey,
  PASSKEY_ADDED_ALREADY,
  PASSKEY_NOT_ADDED,
  PASSKEY_REFUSED,
  passkeyChallengeEvent,
  registrationOptions,
  relyingParty,
} from '../auth/webauthn.js';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { decryptSecret, encryptSecret } from '../auth/mfa-crypto.js';
import { openSignIn, signedInUser } from '../auth/signed-in.js';
import type { Db } from '../db/client.js';
import type { MfaFactor, User } from '../db/schema.js';
import { recordChange } from '../lib/audit.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error.js';
import {
  confirmedFactors,
  confirmFactor,
  deleteAllFactors,
  deleteFactor,
  insertPasskey,
  insertPendingTotp,
  passkeyByCredential,
  pendingTotp,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  useTicket,
} from '../queries/mfa.js';
import { markSessionVerified } from '../queries/sessions.js';
import { userById } from '../queries/users.js';
import type { Handlers } from './types.js';
import { fullName } from '../../../common/person-name.js';

const NO_PENDING =
  'No authenticator app is waiting to be confirmed: start adding one again (scan the new QR code).';
const NO_FACTOR = 'You have no second factor yet: add an authenticator app on My account.';
const LAST_FACTOR =
  'Two-step verification is required: add another factor before removing this one.';

/** The admin the request is for: the signed-in one, or the enrolment ticket's. */
async function enrollingUser(req: FastifyRequest): Promise<User> {
  if (!req.enrolTicket) return req.user;
  const user = await userById(req.server.db, req.enrolTicket.userId);
  if (!user || user.role !== 'admin' || !user.status) throw new HttpError(401, TICKET_NOT_VALID);
  return user;
}

const userEntity = (user: User) => ({ type: 'user', id: user.id, name: fullName(user) });

/** A factor being added (`started`) or added (`confirmed`), under the admin adding it. */
const enrolEvent = (
  tx: Pick<Db, 'insert'>,
  req: FastifyRequest,
  user: User,
  details: { step: 'started' | 'confirmed'; factor: MfaFactor['kind']; name?: string },
) =>
  recordChange(tx, {
    request: req,
    action: 'mfa.enroll',
    entity: userEntity(user),
    version: null,
    details,
    actor: user,
    always: true,
  });

/** A factor as the contract shows it (never its secret or key). */
const factorOf = (factor: MfaFactor) => ({
  _id: factor.id,
  kind: factor.kind,
  name: factor.name,
  createdAt: factor.createdAt.toISOString(),
  lastUsedAt: factor.lastUsedAt?.toISOString() ?? null,
});

export const mfaHandlers: Handlers = {
  async getMfaStatus(req) {
    const { db, config } = req.server;
    const factors = await confirmedFactors(db, req.user.id);
    return {
      success: true,
      message: 'Two-step verification',
      data: {
        factors: factors.map(factorOf),
        recoveryCodesLeft: await recoveryCodesLeft(db, req.user.id),
        required: config.mfa.required,
      },
    };
  },

  async startTotpEnrolment(req) {
    const { db, config } = req.server;
    const key = mfaKey(config.mfa.encryptionKey);
    const user = await enrollingUser(req);
    const secret = newTotpSecret();
    const name = req.body?.name?.trim() || 'Authenticator app';
    await db.transaction(async (tx) => {
      await insertPendingTotp(tx, { userId: user.id, name, secret: encryptSecret(key, secret) });
      await enrolEvent(tx, req, user, { step: 'started', factor: 'totp', name });
    });
    const otpauthUrl = totpOf(secret, user.email).toString();
    return {
      success: true,
      message: 'Scan the QR code with your authenticator app, then enter a code',
      data: { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl) },
    };
  },

  /**
   * A code from the app being added turns it on, with ten new recovery codes; with an enrolment
   * ticket it also signs in. A wrong code counts in the sign-in throttle (and against the ticket).
   */
  async confirmTotpEnrolment(req) {
    const { db, config } = req.server;
    const key = mfaKey(config.mfa.encryptionKey);
    const user = await enrollingUser(req);
    const ticket = req.enrolTicket;
    const keys = throttleKeys(user.email.trim().toLowerCase(), req.ip);
    await countAttempt(db, keys, config.loginThrottle);
    const pending = await pendingTotp(db, user.id);
    if (!pending?.secret) throw conflict(NO_PENDING);
    const recovery = await newRecoveryCodes();
    const now = new Date();
    const token = await db.transaction(async (tx) => {
      const secret = decryptSecret(key, pending.secret!);
      if (!(await acceptTotp(tx, user.id, secret, req.body.code.trim(), now))) return null;
      if (!(await confirmFactor(tx, pending.id, now))) throw conflict(NO_PENDING);
      await replaceRecoveryCodes(tx, user.id, recovery.hashes);
      await forgiveAttempt(tx, keys);
      await enrolEvent(tx, req, user, { step: 'confirmed', factor: 'totp', name: pending.name });
      if (!ticket) {
        // Confirming a code counts as "it's you" for the session.
        await markSessionVerified(tx, req.session.id, now);
        return undefined;
      }
      if (!(await useTicket(tx, ticket.tokenHash, now))) throw new HttpError(401, TICKET_NOT_VALID);
      return openSignIn(tx, req, user, 'totp');
    });
    if (token === null) {
      await db.transaction(async (tx) => {
        if (ticket) await countWrongCode(tx, ticket);
        await wrongCodeEvent(tx, req, user, 'enrolment');
      });
      throw badRequest(WRONG_CODE);
    }
    const data = { recoveryCodes: recovery.codes };
    return token
      ? {
          success: true,
          message: 'Two-step verification is on',
          token,
          data: { ...data, user: signedInUser(user, config) },
        }
      : { success: true, message: 'Two-step verification is on', data };
  },

  /** "Confirm it's you": for STEP_UP_MINUTES the session may do the step-up operations. */
  async verifyStepUp(req) {
    const { db, config } = req.server;
    const user = req.user;
    if (!req.session.hasFactor) throw badRequest(NO_FACTOR);
    const { webauthn, code } = req.body;
    const key = webauthn ? undefined : mfaKey(config.mfa.encryptionKey);
    const keys = throttleKeys(user.email.trim().toLowerCase(), req.ip);
    await countAttempt(db, keys, config.loginThrottle);
    const now = new Date();
    const passkey =
      webauthn &&
      (await confirmPasskey(
        db,
        relyingParty(config),
        { userId: user.id, purpose: 'step-up', boundTo: req.session.id },
        webauthn as unknown as AuthenticationResponseJSON,
        now,
      ));
    const method = await db.transaction(async (tx) => {
      const confirmed: MfaMethod | null = webauthn
        ? passkey
          ? 'webauthn'
          : null
        : await confirmSecondFactor(tx, key!, user, code ?? '', now);
      if (!confirmed) return null;
      await markSessionVerified(tx, req.session.id, now);
      await forgiveAttempt(tx, keys);
      if (confirmed === 'recovery_code') await recoveryCodeUsed(tx, req, user);
      await recordChange(tx, {
        request: req,
        action: 'mfa.verify',
        entity: userEntity(user),
        version: null,
        details: { method: confirmed },
        always: true,
      });
      return confirmed;
    });
    if (!method) {
      await wrongCodeEvent(db, req, user, 'step-up', webauthn ? 'webauthn' : undefined);
      throw badRequest(webauthn ? PASSKEY_REFUSED : WRONG_CODE);
    }
    return {
      success: true,
      message: 'Verified',
      data: { verifiedUntil: new Date(now.getTime() + config.mfa.stepUpMs).toISOString() },
    };
  },

  /** Options for "Confirm it's you" with a passkey: a challenge bound to the session. */
  async startPasskeyVerification(req) {
    const { db, config } = req.server;
    const rp = relyingParty(config);
    const options = await db.transaction(async (tx) => {
      const made = await authenticationOptions(tx, rp, {
        userId: req.user.id,
        purpose: 'step-up',
        boundTo: req.session.id,
      });
      await passkeyChallengeEvent(tx, req, req.user, 'step-up');
      return made;
    });
    return { success: true, message: 'Use your passkey', data: { options } };
  },

  /** Options for adding a passkey: a challenge bound to the session. */
  async startPasskeyRegistration(req) {
    const { db, config } = req.server;
    const rp = relyingParty(config);
    const options = await db.transaction(async (tx) => {
      const made = await registrationOptions(tx, rp, req.user, req.session.id);
      await enrolEvent(tx, req, req.user, { step: 'started', factor: 'webauthn' });
      return made;
    });
    return { success: true, message: 'Use your passkey', data: { options } };
  },

  /**
   * The browser's new passkey, checked and stored with its name; as the admin's first factor
   * with ten recovery codes. Adding it counts as "it's you" for the session, as a code does.
   */
  async addPasskey(req) {
    const { db, config } = req.server;
    const user = req.user;
    const rp = relyingParty(config);
    const name = req.body.name.trim() || 'Passkey';
    const checked = await checkRegistration(
      db,
      rp,
      { userId: user.id, boundTo: req.session.id },
      req.body.webauthn as unknown as RegistrationResponseJSON,
    );
    if (!checked) {
      await wrongCodeEvent(db, req, user, 'enrolment', 'webauthn');
      throw badRequest(PASSKEY_NOT_ADDED);
    }
    if (await passkeyByCredential(db, checked.credentialId))
      throw badRequest(PASSKEY_ADDED_ALREADY);
    const first = !req.session.hasFactor;
    const recovery = first ? await newRecoveryCodes() : undefined;
    const now = new Date();
    const factor = await db.transaction(async (tx) => {
      const added = await insertPasskey(tx, { userId: user.id, name, ...checked, now });
      if (recovery) await replaceRecoveryCodes(tx, user.id, recovery.hashes);
      await markSessionVerified(tx, req.session.id, now);
      await enrolEvent(tx, req, user, { step: 'confirmed', factor: 'webauthn', name });
      return added;
    });
    return {
      success: true,
      message: 'Passkey added',
      data: {
        factor: factorOf(factor),
        ...(recovery ? { recoveryCodes: recovery.codes } : {}),
      },
    };
  },

  async removeMfaFactor(req) {
    const { db, config } = req.server;
    const user = req.user;
    const removed = await db.transaction(async (tx) => {
      const factors = await confirmedFactors(tx, user.id);
      const factor = factors.find((f) => f.id === req.params.id);
      if (!factor) throw notFound('No such second factor: it may have been removed already.');
      if (config.mfa.required && factors.length === 1) throw conflict(LAST_FACTOR);
      // The last one takes the recovery codes with it.
      if (factors.length === 1) await deleteAllFactors(tx, user.id);
      else await deleteFactor(tx, user.id, factor.id);
      await recordChange(tx, {
        request: req,
        action: 'mfa.remove',
        entity: userEntity(user),
        version: null,
        details: { factor: factor.kind, name: factor.name },
        always: true,
      });
      return factor;
    });
    const what = removed.kind === 'webauthn' ? 'Passkey' : 'Authenticator app';
    return { success: true, message: `${what} removed` };
  },

  async regenerateRecoveryCodes(req) {
    const { db } = req.server;
    const user = req.user;
    if (!req.session.hasFactor) throw conflict(NO_FACTOR);
    const recovery = await newRecoveryCodes();
    await db.transaction(async (tx) => {
      await replaceRecoveryCodes(tx, user.id, recovery.hashes);
      await recordChange(tx, {
        request: req,
        action: 'mfa.recovery_codes',
        entity: userEntity(user),
        version: null,
        always: true,
      });
    });
    return {
      success: true,
      message: 'New recovery codes',
      data: { recoveryCodes: recovery.codes },
    };
  },
};
