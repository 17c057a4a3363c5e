/**
 * The approval queue: list, read, approve (carry out), reject, withdraw. A decision is one
 * conditional update of the pending request in the transaction that carries it out, so a request
 * is carried out once however many admins approve it at once, on however many instances.
 */
import type { FastifyRequest } from 'fastify';
import type { ApprovalRequest, AuditChange } from '../db/schema.js';
import { change, recordChange } from '../lib/audit.js';
import { badRequest, notFound } from '../lib/http-error.js';
import type { ApprovalKind } from '../lib/approval-rules.js';
import {
  approvalEvent,
  approvalViewFor,
  approverOf,
  authorizeDecision,
  expireOverdueApprovals,
  notPending,
} from '../auth/approval-gate.js';
import { accessDenied } from '../auth/bearer-auth.js';
import {
  APPROVAL_NOT_FOUND,
  approvalById,
  decideApproval,
  listApprovals,
  setApprovalRefund,
} from '../queries/approvals.js';
import type { ApprovalExecutor, Handlers, Transaction } from './types.js';

const NOT_YOURS = 'Only the admin who asked for it can withdraw this request.';
const REASON_REQUIRED = 'Give a reason for rejecting this request';

/** What carrying out an approved request changed, for the approval's audit event. */
type Carried = { changes: AuditChange[]; details: Record<string, string>; version?: number };

/** Raised inside a decision's transaction when another decision came first; rolls it back. */
class DecidedMeanwhile extends Error {}

/** The request as it is now (expired first if its time has passed), or 404. */
async function current(req: FastifyRequest<{ Params: { id: string } }>) {
  await expireOverdueApprovals(req, { id: req.params.id });
  const approval = await approvalById(req.server.db, req.params.id);
  if (!approval) throw notFound(APPROVAL_NOT_FOUND);
  return approval;
}

/** The answer to a decision that found the request decided: who decided it, and how. */
async function decidedAlready(req: FastifyRequest, id: string) {
  return notPending(await approvalViewFor(req.server.db, req, id));
}

/**
 * Decides a pending request in one transaction: the conditional update (exactly one concurrent
 * decision finds it pending), then `then` (carrying it out), then its one audit event.
 */
async function decide(
  req: FastifyRequest,
  approval: ApprovalRequest,
  decision: Parameters<typeof decideApproval>[2],
  action: 'approval.approve' | 'approval.reject' | 'approval.cancel',
  then?: (tx: Transaction, claimed: ApprovalRequest) => Promise<Carried>,
) {
  const db = req.server.db;
  if (approval.status !== 'pending') throw await decidedAlready(req, approval.id);
  try {
    await db.transaction(async (tx) => {
      const claimed = await decideApproval(tx, approval.id, decision);
      if (!claimed) throw new DecidedMeanwhile();
      const carried = then ? await then(tx, claimed) : { changes: [], details: {} };
      const { entity, details } = approvalEvent(await approvalViewFor(tx, req, approval.id));
      // One event: the decision, and what carrying it out changed.
      await recordChange(tx, {
        request: req,
        action,
        entity,
        version: carried.version ?? null,
        changes: [change('status', 'pending', decision.status), ...carried.changes],
        details: {
          ...carried.details,
          ...details,
          ...(decision.rejectReason ? { reason: decision.rejectReason } : {}),
        },
      });
    });
  } catch (error) {
    if (error instanceof DecidedMeanwhile) {
      // Expired meanwhile (its time passed during the request), or another decision came first.
      await expireOverdueApprovals(req, { id: approval.id });
      throw await decidedAlready(req, approval.id);
    }
    throw error;
  }
  return approvalViewFor(db, req, approval.id);
}

/** The approvals' handlers, given how each kind of request is carried out. */
export function approvalsHandlers(executors: Record<ApprovalKind, ApprovalExecutor>): Handlers {
  return {
    async listApprovals(req) {
      await expireOverdueApprovals(req);
      const { total, data } = await listApprovals(req.server.db, req.query, approverOf(req));
      return { success: true, message: 'Approval requests', count: total, data };
    },

    async getApproval(req) {
      const approval = await current(req);
      return {
        success: true,
        message: 'Approval request',
        data: await approvalViewFor(req.server.db, req, approval.id),
      };
    },

    async approveApproval(req) {
      const approval = await current(req);
      await authorizeDecision(req, approval);
      const executor = executors[approval.kind];
      let message = '';
      let data;
      try {
        data = await decide(
          req,
          approval,
          { status: 'approved', decidedBy: req.user.id },
          'approval.approve',
          async (tx, claimed) => {
            const outcome = await executor.carryOut(tx, claimed);
            message = outcome.message;
            if (outcome.refundId) await setApprovalRefund(tx, claimed.id, outcome.refundId);
            return { changes: outcome.changes, details: outcome.details ?? {} };
          },
        );
      } catch (error) {
        throw (await executor.explain?.(req, approval, error)) ?? error;
      }
      return { success: true, message, data };
    },

    async rejectApproval(req) {
      const reason = req.body.reason.trim();
      if (!reason) throw badRequest(REASON_REQUIRED);
      const approval = await current(req);
      await authorizeDecision(req, approval);
      const data = await decide(
        req,
        approval,
        { status: 'rejected', decidedBy: req.user.id, rejectReason: reason },
        'approval.reject',
      );
      return { success: true, message: 'Request rejected', data };
    },

    async cancelApproval(req) {
      const approval = await current(req);
      if (approval.requestedBy !== req.user.id) {
        throw await accessDenied(req, 'approvals.read', NOT_YOURS, { approvalId: approval.id });
      }
      const data = await decide(
        req,
        approval,
        { status: 'cancelled', decidedBy: req.user.id },
        'approval.cancel',
      );
      return { success: true, message: 'Request withdrawn', data };
    },
  };
}
