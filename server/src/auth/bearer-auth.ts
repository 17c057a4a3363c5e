/** The contract's bearerAuth scheme: a valid session of an active admin (401 / 403 otherwise). */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { findSessionUser } from './sessions.js';
import type { User } from '../db/schema.js';

export const NOT_AUTHORIZED = 'You are not authorized to access this panel';

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

function requireToken(req: FastifyRequest): string {
  const token = bearerToken(req);
  if (!token) throw new HttpError(401, 'Authentication required: send a bearer token');
  return token;
}

/** The token's session user must exist (401) and be an active admin (403). */
export function authorizeSessionUser(req: FastifyRequest, user: User | undefined): void {
  req.tokenCheckPending = false;
  if (!user) throw new HttpError(401, 'Authorization failed: invalid token');
  if (user.role !== 'admin' || !user.status) throw new HttpError(403, NOT_AUTHORIZED);
  req.user = user;
}

export async function bearerAuth(req: FastifyRequest): Promise<void> {
  const token = requireToken(req);
  authorizeSessionUser(req, await findSessionUser(req.server.db, token));
}

/**
 * For an operation whose handler looks the session up in its own statement (one round trip per
 * request): only the token's presence is checked here. Should the request fail before the
 * handler made its check (a bad query, a bad date), the error handler makes bearerAuth's check
 * first, so a bad token is answered 401/403 exactly as if it had been checked here.
 */
export async function bearerTokenPresent(req: FastifyRequest): Promise<void> {
  requireToken(req);
  req.tokenCheckPending = true;
}
