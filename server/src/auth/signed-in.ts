/**
 * Issuing a sign-in: the session (its token shown once) and the `auth.login` event, and the
 * login answer's user. Used by every way in: the password alone (no second factor), the second
 * step, an enrolment confirmed with its ticket, a first password from a set-password link.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { User } from '../db/schema.js';
import type { Db } from '../db/client.js';
import { recordChange } from '../lib/audit.js';
import { toSessionUser } from '../queries/users.js';
import { permissionsOf } from '../../../common/team-roles.js';
import { fullName } from '../../../common/person-name.js';
import { teamRoleOf } from './bearer-auth.js';
import { refundLimitUsd } from './refund-limit.js';
import { clientOf, createSession } from './sessions.js';

/**
 * The login answer's user: the spec's fields, the team role, its permissions and refund limit,
 * and the idle timeout of the session.
 */
export const signedInUser = (user: User, config: ServerConfig) => {
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

/**
 * Opens the admin's session and records `auth.login` (with how the second step was made, if
 * one was: it also counts as a confirmation for step-up). Returns the token.
 */
export async function openSignIn(
  tx: Pick<Db, 'insert'>,
  req: FastifyRequest,
  user: User,
  secondStep?: string,
): Promise<string> {
  const now = new Date();
  const token = await createSession(
    tx,
    user.id,
    req.server.config.tokenTtlMs,
    clientOf(req),
    secondStep ? now : undefined,
  );
  await recordChange(tx, {
    request: req,
    action: 'auth.login',
    entity: { type: 'user', id: user.id, name: fullName(user) },
    version: null,
    details: secondStep ? { secondStep } : {},
    actor: user,
    always: true,
  });
  return token;
}
