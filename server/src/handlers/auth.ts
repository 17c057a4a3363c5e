/** Sign in and sign out. Only an active admin gets a token. */
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { timingDummyHash, verifyPassword } from '../auth/passwords.js';
import { createSession, revokeSession } from '../auth/sessions.js';
import { bearerToken, NOT_AUTHORIZED } from '../auth/bearer-auth.js';
import type { Handlers } from './types.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DEACTIVATED =
  'This account has been deactivated. Please contact the system administrator.';

export const toSessionUser = (user: typeof users.$inferSelect) => ({
  _id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  avatar: user.avatar,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
  status: user.status,
});

export const authHandlers: Handlers = {
  async login(req) {
    const db = req.server.db;
    const email = req.body.email.trim().toLowerCase();
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    // Compare against a dummy hash for an unknown email, so both failures look and time the same.
    const valid = await verifyPassword(
      user?.passwordHash ?? (await timingDummyHash()),
      req.body.password,
    );
    if (!user || !user.passwordHash || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
    if (user.role !== 'admin') throw new HttpError(403, NOT_AUTHORIZED);
    if (!user.status) throw new HttpError(403, ACCOUNT_DEACTIVATED);
    const token = await createSession(db, user.id, req.server.config.tokenTtlMs);
    return {
      success: true,
      message: 'Login successful',
      token,
      data: { user: toSessionUser(user) },
    };
  },

  async logout(req) {
    const token = bearerToken(req);
    if (token) await revokeSession(req.server.db, token);
    return { success: true, message: 'Logged out' };
  },
};
