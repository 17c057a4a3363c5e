/** The contract's bearerAuth scheme: a valid session of an active admin (401 / 403 otherwise). */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { findSessionUser } from './sessions.js';

export const NOT_AUTHORIZED = 'You are not authorized to access this panel';

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

export async function bearerAuth(req: FastifyRequest): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw new HttpError(401, 'Authentication required: send a bearer token');
  const user = await findSessionUser(req.server.db, token);
  if (!user) throw new HttpError(401, 'Authorization failed: invalid token');
  if (user.role !== 'admin' || !user.status) throw new HttpError(403, NOT_AUTHORIZED);
  req.user = user;
}
