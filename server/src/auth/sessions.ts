/**
 * Sign-in sessions: the rules. (Their SQL is queries/sessions.ts.)
 *
 * - A token is 256 random bits, given to the client once and stored only as its SHA-256.
 * - A session ends when it is revoked (logout, the admin ending it from their account, a change
 *   of the admin's access: deactivation, reactivation, a new password or team role, each in the
 *   transaction of that change), after `TOKEN_TTL_HOURS` whatever happens (`expiresAt`), or
 *   after `SESSION_IDLE_MINUTES` without a request of the admin's own (`lastUsedAt`).
 * - A request of the admin's own writes down its use, at most once a minute per session
 *   (`TOUCH_EVERY_MS`), so reads stay reads. A request the SPA makes by itself (polling, a
 *   background refetch) says so with the `X-Background: 1` header and is not a use: it is
 *   answered, but it never keeps a session alive.
 * - Because a use is written down to the minute, a session is refused once its recorded last use
 *   is `SESSION_IDLE_MINUTES` plus that minute old: never before `SESSION_IDLE_MINUTES` of real
 *   inactivity, at most a minute after.
 *
 * The bearer check (bearer-auth.ts) finds the request's session with `sessionOfToken` and puts
 * it on the request (`req.session`: its id and last use), then `noteUse`. An operation that
 * needs more of a session (a later sign-in step, a recent re-authentication) adds it here, as a
 * column of `sessions` and a condition of the lookup.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import {
  findLiveSession,
  insertSession,
  revokeSessionByHash,
  touchSession,
  type Liveness,
  type RequestSession,
  type SessionClient,
} from '../queries/sessions.js';

/** A use of a session is written down at most this often. */
const TOUCH_EVERY_MS = 60_000;

/** The header a request the client makes by itself carries (`X-Background: 1`). */
export const BACKGROUND_HEADER = 'x-background';

/** The client a session is opened from (for the admin's list of sessions). */
const NO_CLIENT: SessionClient = { address: null, userAgent: null };

/** The request's client: its address (as TRUST_PROXY lets it be read) and user agent. */
export const clientOf = (req: FastifyRequest): SessionClient => ({
  address: req.ip ?? null,
  userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
});

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** When a session must have been used last to be live now, with idle timeout `idleMs`. */
export const livenessAt = (idleMs: number, now = new Date()): Liveness => ({
  now,
  usedAfter: new Date(now.getTime() - idleMs - TOUCH_EVERY_MS),
});

/**
 * Opens a session for `userId` lasting `ttlMs` at most; returns its token (shown once).
 * `verifiedAt`: the second factor was confirmed in this sign-in (it counts for step-up).
 */
export async function createSession(
  db: Pick<Db, 'insert'>,
  userId: string,
  ttlMs: number,
  client: SessionClient = NO_CLIENT,
  verifiedAt?: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
    client,
    verifiedAt,
  });
  return token;
}

/** The live session of a token and its user (any role, any status), or undefined. */
export const sessionOfToken = (db: Db, token: string, idleMs: number) =>
  findLiveSession(db, hashToken(token), livenessAt(idleMs));

/** The user of a token's session if it is neither revoked nor expired (idle or not). */
export async function findSessionUser(db: Db, token: string) {
  const found = await findLiveSession(db, hashToken(token), {
    now: new Date(),
    usedAfter: new Date(0),
  });
  return found?.user;
}

/**
 * A request of the admin's own was made with the session: its use is written down when the last
 * one written is a minute old or more. A background request changes nothing.
 */
export async function noteUse(
  db: Pick<Db, 'update'>,
  session: RequestSession,
  background: boolean,
  now = new Date(),
): Promise<void> {
  if (background) return;
  const unlessAfter = new Date(now.getTime() - TOUCH_EVERY_MS);
  if (session.lastUsedAt > unlessAfter) return;
  await touchSession(db, session.id, now, unlessAfter);
}

export const revokeSession = (db: Pick<Db, 'update'>, token: string) =>
  revokeSessionByHash(db, hashToken(token));
