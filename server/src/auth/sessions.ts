/**
 * Opaque bearer tokens: 256 random bits, given to the client once, stored only as a SHA-256 hash,
 * expiring after a configurable time, revoked at logout and whenever the user's access changes
 * (deactivation, reactivation, a new password or role: `revokeUserSessions` in that transaction).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * The session lookup as a prepared query: its SQL text is built once per database (it runs on
 * every authenticated request), and PostgreSQL keeps it as a named statement per connection.
 */
function sessionUserQuery(db: Db) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('session_user');
}

const sessionUserQueries = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

export async function findSessionUser(db: Db, token: string) {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = sessionUserQuery(db);
    sessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({
    tokenHash: hashToken(token),
    now: new Date().toISOString(),
  });
  return row?.user;
}

/**
 * The same lookup as findSessionUser inside a larger statement: the user as JSON
 * (`row_to_json`), null without a live session for the token.
 */
export function sessionUserJson(token: string): SQL {
  return sql`(select row_to_json(u) from ${sessions} s join ${users} u on u.id = s.user_id
    where s.token_hash = ${hashToken(token)} and s.revoked_at is null
      and s.expires_at > ${new Date().toISOString()}::timestamptz limit 1)`;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every live session of a user; run it in the transaction that changes their access. */
export async function revokeUserSessions(db: Pick<Db, 'update'>, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
