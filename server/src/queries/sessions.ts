/**
 * Sessions: the SQL of sign-in sessions. The rules (tokens, lifetimes, the idle timeout, when a
 * use is written down) are auth/sessions.ts's; every function here is given the token's hash and
 * the moments that decide, never the token.
 *
 * A session is live while it is not revoked, not expired and was used after `usedAfter` (the
 * idle cut-off). `last_used_at` is written by requests of the admin's own, at most once a minute.
 */
import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { onePerDatabase } from '../db/prepared.js';
import { mfaFactors, sessions, users, type User } from '../db/schema.js';

/** When a session is live: not revoked, not past its lifetime, used since the idle cut-off. */
export type Liveness = { now: Date; usedAfter: Date };

export type SessionClient = { address: string | null; userAgent: string | null };

/**
 * The session a request was made with, as the bearer check found it: with when it last confirmed
 * a second factor and whether its admin has one (step-up, auth/step-up.ts).
 */
export type RequestSession = {
  id: string;
  lastUsedAt: Date;
  verifiedAt: Date | null;
  hasFactor: boolean;
};

/** The user has a second factor that is on. */
const hasFactor = (userId: SQL | typeof users.id) =>
  sql<boolean>`exists(select 1 from ${mfaFactors} f where f.user_id = ${userId} and f.confirmed_at is not null)`;

/** The condition of a live session. */
export const live = ({ now, usedAfter }: Liveness) =>
  and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastUsedAt, usedAfter));

export async function insertSession(
  db: Pick<Db, 'insert'>,
  values: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    client: SessionClient;
    verifiedAt?: Date;
  },
): Promise<void> {
  await db.insert(sessions).values({
    verifiedAt: values.verifiedAt ?? null,
    tokenHash: values.tokenHash,
    userId: values.userId,
    expiresAt: values.expiresAt,
    clientAddress: values.client.address,
    userAgent: values.client.userAgent,
  });
}

/**
 * The session lookup as a prepared query: its SQL text is built once per database (it runs on
 * every authenticated request), and PostgreSQL keeps it as a named statement per connection.
 */
const sessionUserQuery = onePerDatabase((db) =>
  db
    .select({
      user: users,
      id: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      verifiedAt: sessions.verifiedAt,
      hasFactor: hasFactor(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        gt(sessions.lastUsedAt, sql`${sql.placeholder('usedAfter')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

/** The live session of a token's hash and its user; undefined when there is none. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  liveness: Liveness,
): Promise<{ user: User; session: RequestSession } | undefined> {
  const [row] = await sessionUserQuery(db).execute({
    tokenHash,
    now: liveness.now.toISOString(),
    usedAfter: liveness.usedAfter.toISOString(),
  });
  return (
    row && {
      user: row.user,
      session: {
        id: row.id,
        lastUsedAt: row.lastUsedAt,
        verifiedAt: row.verifiedAt,
        hasFactor: Boolean(row.hasFactor),
      },
    }
  );
}

/**
 * The same lookup as findLiveSession inside a larger statement: `{user, id, lastUsedAt}` as JSON
 * (the user as `row_to_json`), null without a live session for the token.
 */
export function liveSessionJson(tokenHash: string, { now, usedAfter }: Liveness): SQL {
  return sql`(select json_build_object('user', row_to_json(u), 'id', s.id, 'lastUsedAt', s.last_used_at,
      'verifiedAt', s.verified_at, 'hasFactor', ${hasFactor(sql`u.id`)})
    from ${sessions} s join ${users} u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and s.revoked_at is null
      and s.expires_at > ${now.toISOString()}::timestamptz
      and s.last_used_at > ${usedAfter.toISOString()}::timestamptz limit 1)`;
}

/** The session confirmed a second factor now (step-up). */
export async function markSessionVerified(db: Pick<Db, 'update'>, id: string, now: Date) {
  await db.update(sessions).set({ verifiedAt: now }).where(eq(sessions.id, id));
}

/** Writes down a use of the session, unless one after `unlessAfter` is written already. */
export async function touchSession(
  db: Pick<Db, 'update'>,
  id: string,
  now: Date,
  unlessAfter: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, id), sql`${sessions.lastUsedAt} <= ${unlessAfter.toISOString()}`));
}

export async function revokeSessionByHash(db: Pick<Db, 'update'>, tokenHash: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user not yet ended, but `keepId` when given; run it in the
 * transaction that changes their access. Returns how many of them were live at `liveness`
 * (expired and idle ones are ended too, uncounted).
 */
export async function revokeUserSessions(
  db: Pick<Db, 'update'>,
  userId: string,
  { keepId, liveness }: { keepId?: string; liveness?: Liveness } = {},
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepId ? ne(sessions.id, keepId) : undefined,
      ),
    )
    .returning({
      live: liveness
        ? sql<boolean>`${sessions.expiresAt} > ${liveness.now.toISOString()}::timestamptz
            and ${sessions.lastUsedAt} > ${liveness.usedAfter.toISOString()}::timestamptz`
        : sql<boolean>`true`,
    });
  return ended.filter((row) => row.live).length;
}

/** Ends one session of a user; false when the user has no such session alive. */
export async function revokeUserSession(
  db: Pick<Db, 'update'>,
  userId: string,
  id: string,
  liveness: Liveness,
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: liveness.now })
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id), live(liveness)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** A user's live sessions, the last used first. */
export async function liveSessionsOf(db: Pick<Db, 'select'>, userId: string, liveness: Liveness) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      clientAddress: sessions.clientAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(liveness)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}
