/** Users: the list, activating or deactivating an account (one or several), and the platform fee. */
import type { FastifyRequest } from 'fastify';
import { change, recordChange } from '../lib/audit.js';
import { bulkMessage, eachRow } from '../lib/bulk.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { setETag, type Precondition } from '../lib/versions.js';
import {
  listUsers,
  platformFee as storedPlatformFee,
  savePlatformFee,
  setUserStatus,
  toSessionUser,
} from '../queries/users.js';
import { revokeUserSessions } from '../queries/sessions.js';
import { accountRole, lockAccount } from '../queries/team.js';
import { checkVersion } from '../queries/versions.js';
import { checkTeamChange } from '../auth/administrators.js';
import { accessDenied, teamRoleOf } from '../auth/bearer-auth.js';
import { forbiddenMessage, hasPermission } from '../../../common/team-roles.js';
import { approvalRequested, requestApproval } from '../auth/approval-gate.js';
import { approvalTexts, changedSince } from '../lib/approval-rules.js';
import type { ApprovalExecutor, Handlers, Transaction } from './types.js';
import { fullName } from '../../../common/person-name.js';

const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';
const INVALID_PLATFORM_FEE = 'Platform fee must be a number of at least 0';
const FEE_CHANGE_WHY = "Every change of the platform fee needs a second admin's approval.";

/** The fee saved: before and after, its new version, its change as its audit event records it. */
async function writePlatformFee(tx: Transaction, platformFee: number) {
  const { platformFee: before } = await storedPlatformFee(tx);
  const { platformFee: after, version } = await savePlatformFee(tx, platformFee);
  return { before, after, version, changes: [change('platformFee', before, after)] };
}

/** An approved change of the platform fee: the value asked for, saved as any change is. */
export const platformFeeApprovals: ApprovalExecutor = {
  async carryOut(tx, approval) {
    const { platformFee } = approval.arguments as { platformFee: number };
    const fee = await writePlatformFee(tx, platformFee);
    const changed = changedSince('The platform fee', fee.before, approval.valueBefore);
    if (changed) throw conflict(changed);
    return {
      message: approvalTexts.platformFee(fee.before, fee.after).approved,
      changes: fee.changes,
      version: fee.version,
    };
  },
};

const statusMessage = (status: boolean) =>
  status ? 'User activated successfully' : 'User deactivated successfully';

/**
 * Activates or deactivates the account, checked against the version sent (If-Match, or a bulk
 * row's), in a transaction of its own with its audit event; returns the account as saved. An
 * administrator's access is the team's: the Team screen's permission and rules.
 */
async function changeStatus(
  req: FastifyRequest,
  id: string,
  status: boolean,
  precondition?: Precondition,
) {
  const db = req.server.db;
  if (id === req.user.id && !status) throw badRequest(CANNOT_DEACTIVATE_SELF);
  const role = teamRoleOf(req.user);
  if (!hasPermission(role, 'team.manage') && (await accountRole(db, id)) === 'admin') {
    throw await accessDenied(req, 'team.manage', forbiddenMessage(role, 'team.manage'));
  }
  return db.transaction(async (tx) => {
    const current = await lockAccount(tx, id);
    if (!current) throw notFound('User not found');
    const record = { type: 'user', id: current.id, version: current.version };
    await checkVersion(tx, req, record, () => toSessionUser(current), precondition);
    if (current.status === status) return current;
    if (current.role === 'admin') await checkTeamChange(tx, req.user.id, current, { status });
    const updated = await setUserStatus(tx, id, status);
    // Access ends with every session; one that ended stays ended when access comes back.
    if (!status || !current.status) await revokeUserSessions(tx, updated.id);
    await recordChange(tx, {
      request: req,
      action: 'user.status',
      entity: { type: 'user', id: updated.id, name: fullName(updated) },
      version: updated.version,
      changes: [change('status', current.status, status)],
      details: { email: updated.email },
    });
    return updated;
  });
}

export const usersHandlers: Handlers = {
  async listUsers(req) {
    const { total, data } = await listUsers(req.server.db, req.query);
    return { success: true, message: 'Users', count: total, data };
  },

  async updateUserStatus(req, reply) {
    const user = await changeStatus(req, req.params.id, req.body.status);
    setETag(reply, user.version);
    return { success: true, message: statusMessage(req.body.status), data: toSessionUser(user) };
  },

  async bulkUpdateUserStatus(req) {
    const { items, status } = req.body;
    const data = await eachRow(items, async (item) => {
      await changeStatus(req, item._id, status, [item.version]);
      return statusMessage(status);
    });
    const done = status ? 'activated' : 'deactivated';
    return { success: true, message: bulkMessage(data, 'user', done), data };
  },

  async getConfiguration(req, reply) {
    const data = await storedPlatformFee(req.server.db);
    setETag(reply, data.version);
    return { success: true, message: 'Configuration', data };
  },

  async updateConfiguration(req, reply) {
    const { platformFee } = req.body;
    // The contract rejects negatives; this also catches what JSON coercion could let through.
    if (typeof platformFee !== 'number' || !Number.isFinite(platformFee) || platformFee < 0) {
      throw badRequest(INVALID_PLATFORM_FEE);
    }
    // numeric(12,2): more decimals would be rounded silently, so refuse them.
    if (Math.round(platformFee * 100) / 100 !== platformFee || platformFee >= 1e10) {
      throw badRequest('Platform fee can have at most 2 decimals and must be below 10,000,000,000');
    }
    const db = req.server.db;
    /** The fee now, locked, after the check of If-Match against its version (0: never saved). */
    const checked = async (tx: Transaction) => {
      const before = await storedPlatformFee(tx, true);
      const record = { type: 'configuration', id: null, version: before.version };
      await checkVersion(tx, req, record, () => (before.version ? before : null));
      return before;
    };
    if (req.server.config.approvals.feeChanges) {
      const before = await db.transaction(checked);
      if (before.platformFee !== platformFee) {
        const texts = approvalTexts.platformFee(before.platformFee, platformFee);
        const { approval } = await requestApproval(req, {
          kind: 'platform_fee',
          subject: 'configuration',
          operationId: 'updateConfiguration',
          arguments: { platformFee },
          valueBefore: before.platformFee,
          valueAfter: platformFee,
          summary: texts.summary,
          why: FEE_CHANGE_WHY,
        });
        return approvalRequested(reply, texts.sent, approval);
      }
    }
    const data = await db.transaction(async (tx) => {
      const before = await checked(tx);
      if (before.version && before.platformFee === platformFee) return before;
      const fee = await writePlatformFee(tx, platformFee);
      await recordChange(tx, {
        request: req,
        action: 'configuration.update',
        entity: { type: 'configuration', id: null, name: 'Platform fee' },
        version: fee.version,
        changes: fee.changes,
      });
      return { platformFee: fee.after, version: fee.version };
    });
    setETag(reply, data.version);
    return { success: true, message: 'Platform fee updated successfully', data };
  },
};
