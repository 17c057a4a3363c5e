/**
 * The Team screen (team.manage): the administrators, adding one with a one-time set-password
 * link, changing a team role or status (which ends that admin's sessions in the same
 * transaction), and signing an admin out everywhere.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { checkTeamChange } from '../auth/administrators.js';
import { hashToken, livenessAt } from '../auth/sessions.js';
import { conflictOnDuplicate } from '../db/pg-error.js';
import { change, recordChange } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { deleteAllFactors } from '../queries/mfa.js';
import { setETag } from '../lib/versions.js';
import { revokeUserSessions } from '../queries/sessions.js';
import {
  insertAdministrator,
  insertSetupLink,
  lockAccount,
  retireSetupLinks,
  setTeamRole,
  teamRows,
  type TeamRow,
} from '../queries/team.js';
import { setUserStatus } from '../queries/users.js';
import { checkVersion } from '../queries/versions.js';
import type { Handlers } from './types.js';
import { fullName } from '../../../common/person-name.js';

const NOT_FOUND = 'Administrator not found';
const EMAIL_TAKEN = 'An account with this email already exists';

/** A row as the contract's TeamMember; dormant: no sign-in (or, never, no creation) for DORMANT_DAYS. */
function teamMember(row: TeamRow, dormantMs: number, now = Date.now()) {
  const since = row.lastSignInAt ?? row.createdAt;
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    teamRole: row.teamRole ?? 'viewer',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    activeSessions: row.activeSessions,
    dormant: now - since.getTime() >= dormantMs,
    setupPending: row.setupPending,
    version: row.version,
  };
}

async function membersOf(req: FastifyRequest, id?: string, db: Db = req.server.db) {
  const { config } = req.server;
  const rows = await teamRows(db, livenessAt(config.sessionIdleMs), id);
  return rows.map((row) => teamMember(row, config.dormantMs));
}

/** The administrator of `id`, locked for a change; 404 for no such administrator. */
async function lockAdministrator(tx: Parameters<typeof lockAccount>[0], id: string) {
  const target = await lockAccount(tx, id);
  if (!target || target.role !== 'admin') throw notFound(NOT_FOUND);
  return target;
}

/** A new one-time set-password link of `userId`: its token (shown once) and expiry. */
async function newSetupLink(
  req: FastifyRequest,
  tx: Parameters<typeof insertSetupLink>[0],
  userId: string,
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + req.server.config.setupLinkMs);
  await insertSetupLink(tx, {
    tokenHash: hashToken(token),
    userId,
    createdBy: req.user.id,
    expiresAt,
  });
  return { setupUrl: `/set-password?token=${token}`, setupExpiresAt: expiresAt.toISOString() };
}

export const teamHandlers: Handlers = {
  async listTeam(req) {
    const data = await membersOf(req);
    return { success: true, message: 'Team', count: data.length, data };
  },

  async addTeamMember(req, reply) {
    const email = req.body.email.trim();
    const { id, link } = await req.server.db.transaction(async (tx) => {
      const created = await conflictOnDuplicate(
        insertAdministrator(tx, {
          firstName: req.body.firstName.trim(),
          lastName: req.body.lastName.trim(),
          email,
          passwordHash: null,
          teamRole: req.body.teamRole,
        }),
        EMAIL_TAKEN,
      );
      const setup = await newSetupLink(req, tx, created);
      await recordChange(tx, {
        request: req,
        action: 'team.create',
        entity: { type: 'user', id: created, name: fullName(req.body) },
        version: 1,
        details: { email, teamRole: req.body.teamRole },
        always: true,
      });
      return { id: created, link: setup };
    });
    const [member] = await membersOf(req, id);
    return reply
      .code(201)
      .send({ success: true, message: 'Administrator added', data: { ...member, ...link } });
  },

  /** A new link for an administrator who has not set a password; earlier links stop working. */
  async renewSetupLink(req) {
    const link = await req.server.db.transaction(async (tx) => {
      const target = await lockAdministrator(tx, req.params.id);
      if (target.passwordSet) throw conflict(`${fullName(target)} has set a password already.`);
      await retireSetupLinks(tx, target.id, new Date());
      const setup = await newSetupLink(req, tx, target.id);
      await recordChange(tx, {
        request: req,
        action: 'team.setup_link',
        entity: { type: 'user', id: target.id, name: fullName(target) },
        version: null,
        details: { email: target.email, expiresAt: setup.setupExpiresAt },
        always: true,
      });
      return setup;
    });
    const [member] = await membersOf(req, req.params.id);
    return { success: true, message: 'New set-password link', data: { ...member, ...link } };
  },

  async updateTeamMember(req, reply) {
    const body = req.body as { teamRole?: TeamRow['teamRole'] & string; status?: boolean };
    const message = await req.server.db.transaction(async (tx) => {
      const target = await lockAdministrator(tx, req.params.id);
      const record = { type: 'user', id: target.id, version: target.version };
      await checkVersion(tx, req, record, async () => (await membersOf(req, target.id, tx))[0]);
      await checkTeamChange(tx, req.user.id, target, body);
      const entity = { type: 'user', id: target.id, name: fullName(target) };
      if (body.teamRole !== undefined) {
        if (body.teamRole === target.teamRole) return 'Team role unchanged';
        const version = await setTeamRole(tx, target.id, body.teamRole);
        // The new role applies at once: the admin signs in again.
        await revokeUserSessions(tx, target.id);
        await recordChange(tx, {
          request: req,
          action: 'team.role',
          entity,
          version,
          changes: [change('teamRole', target.teamRole, body.teamRole)],
          details: { email: target.email },
        });
        return 'Team role changed';
      }
      const status = body.status!;
      if (status === target.status) return status ? 'Already active' : 'Already deactivated';
      const updated = await setUserStatus(tx, target.id, status);
      await revokeUserSessions(tx, target.id);
      await recordChange(tx, {
        request: req,
        action: 'team.status',
        entity,
        version: updated.version,
        changes: [change('status', target.status, status)],
        details: { email: target.email },
      });
      return status ? 'Administrator activated' : 'Administrator deactivated';
    });
    const [member] = await membersOf(req, req.params.id);
    setETag(reply, member.version);
    return { success: true, message, data: member };
  },

  async endTeamMemberSessions(req) {
    const ended = await req.server.db.transaction(async (tx) => {
      const target = await lockAdministrator(tx, req.params.id);
      const liveness = livenessAt(req.server.config.sessionIdleMs);
      const count = await revokeUserSessions(tx, target.id, { liveness });
      if (count > 0) {
        await recordChange(tx, {
          request: req,
          action: 'team.sessions_end',
          entity: { type: 'user', id: target.id, name: fullName(target) },
          version: null,
          details: { email: target.email, ended: String(count) },
          always: true,
        });
      }
      return count;
    });
    return { success: true, message: 'Sessions ended', data: { ended } };
  },

  /**
   * An owner resets a member's two-step verification (a lost phone): their factors and recovery
   * codes go and their sessions end; their next sign-in enrols again. Never one's own.
   */
  async resetTeamMemberMfa(req) {
    const ended = await req.server.db.transaction(async (tx) => {
      const target = await lockAdministrator(tx, req.params.id);
      if (target.id === req.user.id) {
        throw badRequest(
          'You cannot reset your own two-step verification: manage your factors on My account.',
        );
      }
      const removed = await deleteAllFactors(tx, target.id);
      const liveness = livenessAt(req.server.config.sessionIdleMs);
      const count = await revokeUserSessions(tx, target.id, { liveness });
      await recordChange(tx, {
        request: req,
        action: 'mfa.reset',
        entity: { type: 'user', id: target.id, name: fullName(target) },
        version: null,
        details: { email: target.email, factorsRemoved: String(removed), ended: String(count) },
        always: true,
      });
      return count;
    });
    return { success: true, message: 'Two-step verification reset', data: { ended } };
  },
};
