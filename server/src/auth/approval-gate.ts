/**
 * Four eyes on money and fees: filing a request for another admin's approval (instead of making
 * a refund or fee change), authorizing a decision on one, and expiring the requests nobody
 * decided in time. Expiry needs no scheduler: a pending request past its `expiresAt` is marked
 * expired, with its `approval.expire` event, by the first read of it or of the queue, by a
 * decision on it, or by a new request for the same subject, whichever comes first; until then
 * nothing can decide it (every decision checks the time in its conditional update).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApprovalRequest } from '../db/schema.js';
import { decisionRefusal, type Approver } from '../lib/approval-rules.js';
import { change, recordChange } from '../lib/audit.js';
import { conflict, HttpError } from '../lib/http-error.js';
import {
  expireOverdue,
  insertApproval,
  loadApprovalView,
  pendingApprovalOf,
  approvalByKey,
  type ApprovalView,
  type NewApproval,
} from '../queries/approvals.js';
import { formatMoney } from '../../../common/money-format.js';
import { accessDenied, teamRoleOf } from './bearer-auth.js';
import { refundLimitUsd } from './refund-limit.js';

/** The signed-in admin as the decision rule reads them. */
export const approverOf = (req: FastifyRequest): Approver => ({
  id: req.user.id,
  teamRole: teamRoleOf(req.user),
  refundLimitUsd: refundLimitUsd(req.user, req.server.config.refundLimitsUsd),
});

type Reader = Parameters<typeof loadApprovalView>[0];

/** The request as an approval event names it: its record (what it changes) and its facts. */
export function approvalEvent(view: ApprovalView) {
  const entity = view.refund
    ? { type: 'booking', id: view.refund.bookingId, name: view.refund.bookingRef }
    : view.change?.restaurant
      ? { type: 'restaurant', id: view.change.restaurant._id, name: view.change.restaurant.name }
      : { type: 'configuration', id: null, name: 'Platform fee' };
  const what = view.refund
    ? `Refund of ${formatMoney(view.refund.amount, view.refund.currency)}`
    : `${view.change?.restaurant ? 'Commission' : 'Platform fee'} change to ${view.change?.after}%`;
  return {
    entity,
    details: {
      approvalId: view._id,
      kind: view.kind,
      summary: view.summary,
      what,
      requestedBy: view.requestedBy.name,
    },
  };
}

/** The request in the contract's shape for the signed-in admin (it exists: the caller has it). */
export async function approvalViewFor(db: Reader, req: FastifyRequest, id: string) {
  const view = await loadApprovalView(db, id, approverOf(req));
  if (!view) throw new HttpError(500, 'Approval request stored but not found');
  return view;
}

/**
 * Marks overdue pending requests expired (all, one subject's or one request) and records an
 * `approval.expire` event for each, without an actor, in one transaction.
 */
export async function expireOverdueApprovals(
  req: FastifyRequest,
  only?: { subject?: string; id?: string },
): Promise<void> {
  await req.server.db.transaction(async (tx) => {
    for (const expired of await expireOverdue(tx, only)) {
      const { entity, details } = approvalEvent(await approvalViewFor(tx, req, expired.id));
      await recordChange(tx, {
        request: null,
        actor: null,
        action: 'approval.expire',
        entity,
        // The request's subject (the booking, restaurant or fee) is not changed by it.
        version: null,
        changes: [change('status', 'pending', 'expired')],
        details,
      });
    }
  });
}

/** What a new request holds besides who asks and when it expires. */
export type ApprovalInput = Omit<NewApproval, 'requestedBy' | 'expiresAt' | 'status' | 'id'>;

/**
 * Files the request with its `approval.request` event, or answers with the one that holds its
 * place: the request sent earlier with the same Idempotency-Key (`replayed`, for the caller to
 * compare), or a 409 naming the pending request of the same subject.
 */
export async function requestApproval(
  req: FastifyRequest,
  input: ApprovalInput,
): Promise<{ approval: ApprovalRequest; replayed: boolean }> {
  const db = req.server.db;
  await expireOverdueApprovals(req, { subject: input.subject });
  const filed = await db.transaction(async (tx) => {
    const approval = await insertApproval(tx, {
      ...input,
      requestedBy: req.user.id,
      expiresAt: new Date(Date.now() + req.server.config.approvals.expiryMs),
    });
    if (!approval) return undefined;
    const { entity, details } = approvalEvent(await approvalViewFor(tx, req, approval.id));
    await recordChange(tx, {
      request: req,
      action: 'approval.request',
      entity,
      version: null,
      changes: [change('status', null, 'pending')],
      details: { ...details, why: approval.why },
    });
    return approval;
  });
  if (filed) return { approval: filed, replayed: false };
  const sameKey = input.idempotencyKey && (await approvalByKey(db, input.idempotencyKey));
  if (sameKey) return { approval: sameKey, replayed: true };
  const pending = await pendingApprovalOf(db, input.subject);
  throw new HttpError(
    409,
    pending
      ? `Another request is already waiting for approval here: ${pending.approval.summary} (asked by ${pending.requestedBy}).`
      : 'Another request for this was decided a moment ago: try again.',
    undefined,
    pending ? { approvalId: pending.approval.id } : undefined,
  );
}

/** The 202 answer: nothing was changed, the request waits for another admin. */
export const approvalRequested = (
  reply: FastifyReply,
  message: string,
  approval: ApprovalRequest,
) =>
  reply.code(202).send({
    success: true,
    message,
    data: { approvalId: approval.id, status: approval.status },
  });

/**
 * Every approval and rejection passes here, once, before anything is decided: another admin,
 * whose role approves the kind and whose refund limit covers it (403, recorded as
 * `access.denied`). This is also where the decision will require a recent second-factor
 * verification (step-up) once two-step sign-in exists: approving moves money.
 */
export async function authorizeDecision(req: FastifyRequest, approval: ApprovalRequest) {
  const refusal = decisionRefusal(approverOf(req), approval);
  if (refusal) {
    throw await accessDenied(req, 'approvals.decide', refusal, { approvalId: approval.id });
  }
}

/** Why a request can no longer be decided, as it is now. */
export function notPending(view: ApprovalView): HttpError {
  const by = view.decidedBy?.name ?? 'another admin';
  switch (view.status) {
    case 'approved':
      return conflict(`This request was already approved by ${by}.`);
    case 'rejected':
      return conflict(`This request was already rejected by ${by}.`);
    case 'cancelled':
      return conflict(`This request was withdrawn by ${by}.`);
    default:
      return conflict(
        `This request expired at ${(view.decidedAt ?? view.expiresAt).slice(0, 16).replace('T', ' ')} UTC without a decision.`,
      );
  }
}
