/**
 * The contract's bearerAuth scheme, enforced here and nowhere else: a live session (401: none, or
 * revoked, expired or idle; see sessions.ts), of an active admin (403), whose team role grants
 * the permission the operation's requirement names (403 with the sentence of
 * common/team-roles.ts, recorded as `access.denied`). The request's session is put on the
 * request (`req.session`) and its use written down unless the request says it is a background
 * one (`X-Background: 1`).
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { recordChange } from '../lib/audit.js';
import {
  forbiddenMessage,
  hasPermission,
  isTeamRole,
  type Permission,
  type TeamRole,
} from '../../../common/team-roles.js';
import { BACKGROUND_HEADER, noteUse, sessionOfToken } from './sessions.js';
import { recentlyVerified, stepUpRequired } from './step-up.js';
import { ticketOf } from './mfa.js';
import type { User } from '../db/schema.js';
import type { RequestSession } from '../queries/sessions.js';

export const NOT_AUTHORIZED = 'You are not authorized to access this panel';

/**
 * What an operation asks of its caller: set on the request as it arrives (app.ts). `stepUp`: a
 * recent confirmation of the second factor (x-step-up); `enrolTicket`: an enrolment ticket may
 * stand in for the token (x-mfa-ticket).
 */
export type Access = {
  operationId: string;
  permission: Permission | null;
  stepUp: boolean;
  enrolTicket: boolean;
  /** the operation is never a use of the session (the event stream), X-Background or not */
  background?: boolean;
};

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

/** An admin's team role; an admin without one (none since migration 0009) may only read. */
export const teamRoleOf = (user: Pick<User, 'teamRole'>): TeamRole =>
  isTeamRole(user.teamRole) ? user.teamRole : 'viewer';

/**
 * The refusal of a call the actor's role does not allow: recorded as `access.denied` (the
 * operation, the permission, the actor and any `details`), then returned to be thrown.
 */
export async function accessDenied(
  req: FastifyRequest,
  permission: Permission,
  message: string,
  details: Record<string, string> = {},
): Promise<HttpError> {
  const operation = req.access?.operationId ?? req.routeOptions.url ?? req.url;
  await recordChange(req.server.db, {
    request: req,
    action: 'access.denied',
    entity: { type: 'operation', id: null, name: operation },
    version: null,
    details: { operation, permission, teamRole: teamRoleOf(req.user), ...details },
    always: true,
  });
  return new HttpError(403, message);
}

/** The request says the client made it by itself: it does not keep the session alive. */
const isBackgroundRequest = (req: FastifyRequest) =>
  req.headers[BACKGROUND_HEADER] === '1' || Boolean(req.access?.background);

/**
 * The token's live session must exist (401) and be an active admin's (403); its use is written
 * down; then the operation's permission must be one of their role's (403).
 */
export async function authorizeSessionUser(
  req: FastifyRequest,
  found: { user: User; session: RequestSession } | undefined,
): Promise<void> {
  req.tokenCheckPending = false;
  if (!found) throw new HttpError(401, 'Authorization failed: invalid token');
  const { user, session } = found;
  if (user.role !== 'admin' || !user.status) throw new HttpError(403, NOT_AUTHORIZED);
  req.user = user;
  req.session = session;
  await noteUse(req.server.db, session, isBackgroundRequest(req));
  const permission = req.access?.permission;
  const role = teamRoleOf(user);
  if (permission && !hasPermission(role, permission)) {
    throw await accessDenied(req, permission, forbiddenMessage(role, permission));
  }
  if (req.access?.stepUp && !recentlyVerified(session, req.server.config.mfa.stepUpMs)) {
    throw stepUpRequired();
  }
}

export async function bearerAuth(req: FastifyRequest): Promise<void> {
  const token = requireToken(req);
  const { db, config } = req.server;
  const found = await sessionOfToken(db, token, config.sessionIdleMs);
  if (!found && req.access?.enrolTicket) {
    // Enrolment after the password when MFA is required: the ticket, not a session.
    const ticket = await ticketOf(db, token, 'enroll');
    if (ticket) {
      req.tokenCheckPending = false;
      req.enrolTicket = ticket;
      return;
    }
  }
  await authorizeSessionUser(req, found);
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
