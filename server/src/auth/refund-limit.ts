/**
 * The refund limit of each team role, in USD (REFUND_LIMIT_SUPPORT_USD, REFUND_LIMIT_FINANCE_USD;
 * owners have none), and the one place that decides whether a refund needs another admin's
 * approval: above the actor's own limit, or above REFUND_APPROVAL_USD for anyone, converted with
 * the fixed rate table (the rule itself is common/refund-limit.ts, which the SPA shows too).
 */
import type { FastifyRequest } from 'fastify';
import type { RefundLimitsUsd } from '../config.js';
import type { User } from '../db/schema.js';
import { approvalRuleText, refundApprovalRule } from '../../../common/refund-limit.js';
import { TEAM_ROLE_LABELS } from '../../../common/team-roles.js';
import { teamRoleOf } from './bearer-auth.js';

/** The largest single refund the admin may make in USD; null: no limit (owner or no refunds). */
export function refundLimitUsd(user: Pick<User, 'teamRole'>, limits: RefundLimitsUsd) {
  const role = teamRoleOf(user);
  return role === 'support' || role === 'finance' ? limits[role] : null;
}

/**
 * Why a refund of `minor` units of `currency` by the signed-in admin needs another admin's
 * approval ("Refunds above 1,000 USD need a second admin's approval."), or null when it does not.
 */
export function refundApprovalReason(
  req: FastifyRequest,
  minor: number,
  currency: string,
): string | null {
  const { config } = req.server;
  const rule = refundApprovalRule(
    minor,
    currency,
    refundLimitUsd(req.user, config.refundLimitsUsd),
    config.approvals.refundUsd,
  );
  return rule && approvalRuleText(rule, TEAM_ROLE_LABELS[teamRoleOf(req.user)]);
}
