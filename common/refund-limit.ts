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
