/** Users: the list, activating or deactivating an account, and the platform fee. */
import { change, recordChange } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import {
  listUsers,
  platformFee as storedPlatformFee,
  savePlatformFee,
  setUserStatus,
  toSessionUser,
} from '../queries/users.js';
import { revokeUserSessions } from '../queries/sessions.js';
import { accountRole, lockAccount } from '../queries/team.js';
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

/** The fee saved; its change, as its audit event records it. */
async function writePlatformFee(tx: Transaction, platformFee: number) {
  const fee = await savePlatformFee(tx, platformFee);
  return { ...fee, changes: [change('platformFee', fee.before, fee.after)] };
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
    };
  },
};

export const usersHandlers: Handlers = {
  async listUsers(req) {
    const { total, data } = await listUsers(req.server.db, req.query);
    return { success: true, message: 'Users', count: total, data };
  },

  async updateUserStatus(req) {
    const db = req.server.db;
    const { status } = req.body;
    if (req.params.id === req.user.id && !status) throw badRequest(CANNOT_DEACTIVATE_SELF);
    // An administrator's access is the team's: the Team screen's permission and rules.
    const role = teamRoleOf(req.user);
    if (!hasPermission(role, 'team.manage') && (await accountRole(db, req.params.id)) === 'admin') {
      throw await accessDenied(req, 'team.manage', forbiddenMessage(role, 'team.manage'));
    }
    const user = await db.transaction(async (tx) => {
      const current = await lockAccount(tx, req.params.id);
      if (!current) throw notFound('User not found');
      if (current.role === 'admin') await checkTeamChange(tx, req.user.id, current, { status });
      const updated = await setUserStatus(tx, req.params.id, status);
      // Access ends with every session; one that ended stays ended when access comes back.
      if (!status || !current.status) await revokeUserSessions(tx, updated.id);
      await recordChange(tx, {
        request: req,
        action: 'user.status',
        entity: { type: 'user', id: updated.id, name: fullName(updated) },
        changes: [change('status', current.status, status)],
        details: { email: updated.email },
      });
      return updated;
    });
    return {
      success: true,
      message: status ? 'User activated successfully' : 'User deactivated successfully',
      data: toSessionUser(user),
    };
  },

  async getConfiguration(req) {
    return {
      success: true,
      message: 'Configuration',
      data: { platformFee: await storedPlatformFee(req.server.db) },
    };
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
    if (req.server.config.approvals.feeChanges) {
      const before = await storedPlatformFee(db);
      if (before !== platformFee) {
        const texts = approvalTexts.platformFee(before, platformFee);
        const { approval } = await requestApproval(req, {
          kind: 'platform_fee',
          subject: 'configuration',
          operationId: 'updateConfiguration',
          arguments: { platformFee },
          valueBefore: before,
          valueAfter: platformFee,
          summary: texts.summary,
          why: FEE_CHANGE_WHY,
        });
        return approvalRequested(reply, texts.sent, approval);
      }
    }
    const saved = await db.transaction(async (tx) => {
      const fee = await writePlatformFee(tx, platformFee);
      await recordChange(tx, {
        request: req,
        action: 'configuration.update',
        entity: { type: 'configuration', id: null, name: 'Platform fee' },
        changes: fee.changes,
      });
      return fee.after;
    });
    return {
      success: true,
      message: 'Platform fee updated successfully',
      data: { platformFee: saved },
    };
  },
};
