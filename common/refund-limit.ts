/**
 * The one rule for a team role's refund limit, shared by the server (which refuses) and the SPA
 * (which disables the button): an amount in a currency's minor units is over a limit in USD when,
 * converted with the fixed rate table and rounded to the cent, it is more than the limit. A null
 * limit is no limit.
 */
import { currencyDecimals } from './money';
import { toUsdCents } from './usd-rates';

/** USD cents of a refund of `minor` units of `currency`. */
export const refundUsdCents = (minor: number, currency: string): bigint =>
  toUsdCents(BigInt(minor), currency, currencyDecimals(currency));

/** Whether a refund of `minor` units of `currency` is above a limit of `limitUsd` USD. */
export function exceedsRefundLimit(
  minor: number,
  currency: string,
  limitUsd: number | null | undefined,
): boolean {
  if (limitUsd === null || limitUsd === undefined) return false;
  return refundUsdCents(minor, currency) > BigInt(Math.round(limitUsd * 100));
}

/** A limit as the refusal says it: "5,000", "100", "99.5". */
export const usdLimitText = (limitUsd: number): string =>
  limitUsd.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * What makes a refund a request for another admin's approval: an amount above the requester's
 * own limit (their role's), or above the threshold that holds for everyone, owners included
 * (REFUND_APPROVAL_USD). `limitUsd` is the lower of the two, the one the amount is above.
 */
export type ApprovalRule = { limitUsd: number; everyone: boolean };

/** The rule a refund of `minor` units of `currency` falls under, or null when it needs no approval. */
export function refundApprovalRule(
  minor: number,
  currency: string,
  roleLimitUsd: number | null | undefined,
  everyoneUsd: number,
): ApprovalRule | null {
  const everyone =
    roleLimitUsd === null || roleLimitUsd === undefined || roleLimitUsd >= everyoneUsd;
  const limitUsd = everyone ? everyoneUsd : roleLimitUsd;
  return exceedsRefundLimit(minor, currency, limitUsd) ? { limitUsd, everyone } : null;
}

/**
 * The rule in words, as the request keeps it and the refund form says it: "Refunds above 1,000
 * USD need a second admin's approval." or "The Support role may refund up to 100 USD at a time;
 * above it, another admin approves."
 */
export function approvalRuleText(rule: ApprovalRule, roleLabel: string): string {
  const limit = `${usdLimitText(rule.limitUsd)} USD`;
  return rule.everyone
    ? `Refunds above ${limit} need a second admin's approval.`
    : `The ${roleLabel} role may refund up to ${limit} at a time; above it, another admin approves.`;
}
