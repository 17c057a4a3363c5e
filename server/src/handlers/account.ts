/**
 * The signed-in admin's own account (account.manage): changing the password (the current one
 * is checked under the sign-in throttle; every other session ends) and the live sessions, which
 * the admin can list and end.
 */
import { UAParser } from 'ua-parser-js';
import { countAttempt, forgiveAttempt, throttleKeys } from '../auth/login-throttle.js';
import { weakPasswordReason } from '../auth/password-strength.js';
import { hashPassword, timingDummyHash, verifyPassword } from '../auth/passwords.js';
import { livenessAt } from '../auth/sessions.js';
import { recordChange } from '../lib/audit.js';
import { badRequest, notFound } from '../lib/http-error.js';
import { liveSessionsOf, revokeUserSession, revokeUserSessions } from '../queries/sessions.js';
import { setPasswordHash } from '../queries/team.js';
import type { Handlers } from './types.js';
import { fullName } from '../../../common/person-name.js';

const WRONG_PASSWORD = 'The current password is not right';

/** "Firefox 133" and "Linux" from a user agent; null for what it does not tell. */
function readableClient(userAgent: string | null) {
  if (!userAgent) return { browser: null, system: null };
  const { browser, os } = new UAParser(userAgent).getResult();
  const join = (...parts: (string | undefined)[]) =>
    parts.filter(Boolean).join(' ').slice(0, 100) || null;
  return { browser: join(browser.name, browser.major), system: join(os.name, os.version) };
}

export const accountHandlers: Handlers = {
  async changePassword(req) {
    const { db, config } = req.server;
    const { currentPassword, newPassword } = req.body;
    const user = req.user;
    // A wrong current password is a failed sign-in: counted (and throttled) as login counts it.
    const keys = throttleKeys(user.email.trim().toLowerCase(), req.ip);
    await countAttempt(db, keys, config.loginThrottle);
    const valid = await verifyPassword(
      user.passwordHash ?? (await timingDummyHash()),
      currentPassword,
    );
    if (!valid || !user.passwordHash) throw badRequest(WRONG_PASSWORD);
    await forgiveAttempt(db, keys);
    if (newPassword === currentPassword) {
      throw badRequest('The new password is the current one: choose another.');
    }
    const weak = await weakPasswordReason(newPassword, user.email);
    if (weak) throw badRequest(weak);
    const passwordHash = await hashPassword(newPassword);
    const ended = await db.transaction(async (tx) => {
      const version = await setPasswordHash(tx, user.id, passwordHash);
      const count = await revokeUserSessions(tx, user.id, {
        keepId: req.session.id,
        liveness: livenessAt(config.sessionIdleMs),
      });
      await recordChange(tx, {
        request: req,
        action: 'account.password',
        entity: { type: 'user', id: user.id, name: fullName(user) },
        version,
        details: { endedSessions: String(count) },
        always: true,
      });
      return count;
    });
    return { success: true, message: 'Password changed', data: { ended } };
  },

  async listSessions(req) {
    const { db, config } = req.server;
    const rows = await liveSessionsOf(db, req.user.id, livenessAt(config.sessionIdleMs));
    return {
      success: true,
      message: 'Sessions',
      data: rows.map((row) => ({
        _id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        clientAddress: row.clientAddress,
        ...readableClient(row.userAgent),
        current: row.id === req.session.id,
      })),
    };
  },

  async endSession(req) {
    const { db, config } = req.server;
    await db.transaction(async (tx) => {
      const ended = await revokeUserSession(
        tx,
        req.user.id,
        req.params.id,
        livenessAt(config.sessionIdleMs),
      );
      if (!ended) throw notFound('Session not found');
      await recordChange(tx, {
        request: req,
        action: 'account.session_end',
        version: null,
        entity: { type: 'user', id: req.user.id, name: fullName(req.user) },
        details: { session: req.params.id, current: String(req.params.id === req.session.id) },
        always: true,
      });
    });
    return { success: true, message: 'Session ended' };
  },

  async endOtherSessions(req) {
    const { db, config } = req.server;
    const ended = await db.transaction(async (tx) => {
      const count = await revokeUserSessions(tx, req.user.id, {
        keepId: req.session.id,
        liveness: livenessAt(config.sessionIdleMs),
      });
      if (count > 0) {
        await recordChange(tx, {
          request: req,
          action: 'account.session_end',
          entity: { type: 'user', id: req.user.id, name: fullName(req.user) },
          version: null,
          details: { ended: String(count) },
          always: true,
        });
      }
      return count;
    });
    return { success: true, message: 'Other sessions signed out', data: { ended } };
  },
};
