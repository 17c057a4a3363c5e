/**
 * The refund limit of each team role, in USD (REFUND_LIMIT_SUPPORT_USD, REFUND_LIMIT_FINANCE_USD;
 * owners have none): a refund above the actor's limit, converted with the fixed rate table, is
 * refused here, the one place that decides it (a later issue turns the refusal into a request
 * for approval).
 */
import type { FastifyRequest } from 'fastify';
import type { RefundLimitsUsd } from '../config.js';
import type { User } from '../db/schema.js';
import { currencyDecimals, fromMinor } from '../../../common/money.js';
import { exceedsRefundLimit, refundUsdCents, usdLimitText } from '../../../common/refund-limit.js';
import { TEAM_ROLE_LABELS } from '../../../common/team-roles.js';
import { accessDenied, teamRoleOf } from './bearer-auth.js';

/** The largest single refund the admin may make in USD; null: no limit (owner or no refunds). */
export function refundLimitUsd(user: Pick<User, 'teamRole'>, limits: RefundLimitsUsd) {
  const role = teamRoleOf(user);
  return role === 'support' || role === 'finance' ? limits[role] : null;
}

/** Refuses (403, recorded as `access.denied`) a refund above the signed-in admin's limit. */
export async function checkRefundLimit(
  req: FastifyRequest,
  minor: number,
  currency: string,
): Promise<void> {
  const limit = refundLimitUsd(req.user, req.server.config.refundLimitsUsd);
  if (limit === null || !exceedsRefundLimit(minor, currency, limit)) return;
  const cents = refundUsdCents(minor, currency);
  const amount = `${fromMinor(minor, currency).toFixed(currencyDecimals(currency))} ${currency}`;
  const usd = `${(Number(cents) / 100).toFixed(2)} USD`;
  const label = TEAM_ROLE_LABELS[teamRoleOf(req.user)];
  throw await accessDenied(
    req,
    'refunds.create',
    `Your role (${label}) may refund at most ${usdLimitText(limit)} USD at a time; this refund is ` +
      `${currency === 'USD' ? amount : `${amount} (${usd})`}.`,
    { limit: `${usdLimitText(limit)} USD`, amount },
  );
}
