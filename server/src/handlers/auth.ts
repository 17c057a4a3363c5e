/**
 * Sign in (with a password, or by setting a first one from a set-password link), sign out and
 * the signed-in admin. Only an active admin gets a token.
 */
import { HttpError } from '../lib/http-error.js';
import { toSessionUser, userByEmail } from '../queries/users.js';
import { hashPassword, timingDummyHash, verifyPassword } from '../auth/passwords.js';
import { weakPasswordReason } from '../auth/password-strength.js';
import { clientOf, createSession, hashToken, revokeSession } from '../auth/sessions.js';
import { revokeUserSessions } from '../queries/sessions.js';
import { setPasswordHash, setupLinkUser, useSetupLink } from '../queries/team.js';
import { bearerToken, NOT_AUTHORIZED, teamRoleOf } from '../auth/bearer-auth.js';
import { refundLimitUsd } from '../auth/refund-limit.js';
import type { ServerConfig } from '../config.js';
import type { User } from '../db/schema.js';
import { permissionsOf } from '../../../common/team-roles.js';
import { recordChange } from '../lib/audit.js';
import { countAttempt, forgiveAttempt, throttleKeys } from '../auth/login-throttle.js';
import type { Handlers } from './types.js';
import { fullName } from '../../../common/person-name.js';

const INVALID_CREDENTIALS = 'Invalid email or password';
const ACCOUNT_DEACTIVATED =
  'This account has been deactivated. Please contact the system administrator.';
const LINK_NOT_VALID =
  'This set-password link is not valid any more: it was used or it expired. Ask an owner for a new one.';

/**
 * The login answer's user: the spec's fields, the team role, its permissions and refund limit,
 * and the idle timeout of the session.
 */
const signedInUser = (user: User, config: ServerConfig) => {
  const teamRole = teamRoleOf(user);
  return {
    ...toSessionUser(user),
    teamRole,
    permissions: permissionsOf(teamRole),
    refundLimitUsd: refundLimitUsd(user, config.refundLimitsUsd),
    sessionIdleMinutes: config.sessionIdleMs / 60_000,
    refundApprovalUsd: config.approvals.refundUsd,
  };
};

export const authHandlers: Handlers = {
  async login(req) {
    const db = req.server.db;
    const email = req.body.email.trim().toLowerCase();
    // Counted, and throttled, before any password is hashed (see auth/login-throttle.ts).
    const keys = throttleKeys(email, req.ip);
    await countAttempt(db, keys, req.server.config.loginThrottle);
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
    // The attempt given back, the session and the audit event are one write: none without the others.
    const token = await db.transaction(async (tx) => {
      // The password was right: the account's count of failures starts again.
      if (refusal?.statusCode !== 401) await forgiveAttempt(tx, keys);
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
      const created = await createSession(
        tx,
        user!.id,
        req.server.config.tokenTtlMs,
        clientOf(req),
      );
      await recordChange(tx, {
        request: req,
        action: 'auth.login',
        entity: { type: 'user', id: user!.id, name: fullName(user!) },
        version: null,
        actor: user!,
        always: true,
      });
      return created;
    });
    if (!token) throw refusal;
    return {
      success: true,
      message: 'Login successful',
      token,
      data: { user: signedInUser(user!, req.server.config) },
    };
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
    const token = await db.transaction(async (tx) => {
      // Only one of two uses at once finds the link unused.
      if (!(await useSetupLink(tx, tokenHash, now))) throw new HttpError(400, LINK_NOT_VALID);
      const version = await setPasswordHash(tx, user.id, passwordHash);
      await revokeUserSessions(tx, user.id);
      const created = await createSession(tx, user.id, config.tokenTtlMs, clientOf(req));
      await recordChange(tx, {
        request: req,
        action: 'account.password_setup',
        entity: { type: 'user', id: user.id, name: fullName(user) },
        version,
        actor: user,
        always: true,
      });
      return created;
    });
    return {
      success: true,
      message: 'Password set',
      token,
      data: { user: signedInUser(user, config) },
    };
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
