/**
 * Fixed conversion table to USD, used by the dashboard's Total Revenue card and the team roles'
 * refund limits: USD per one unit of the currency, in millionths (so 1 GBP = 1.270000 USD is
 * 1_270_000). docs/contract.md names it.
 */
const USD_MICRO_RATES: ReadonlyMap<string, bigint> = new Map([
  ['USD', 1_000_000n],
  ['GBP', 1_270_000n],
  ['EUR', 1_080_000n],
  ['CAD', 730_000n],
  ['AUD', 660_000n],
  ['JPY', 6_700n],
  ['KRW', 750n],
  ['VND', 40n],
  ['IDR', 63n],
  ['XPF', 9_050n],
  ['INR', 12_000n],
  ['CHF', 1_130_000n],
]);

/** USD cents of an amount in another currency's minor units, rounded half up. */
export function toUsdCents(minor: bigint, currency: string, exponent: number): bigint {
  const rate = USD_MICRO_RATES.get(currency.toUpperCase());
  if (rate === undefined) throw new Error(`No USD rate for ${currency}`);
  // minor / 10^exponent major units × rate/10^6 USD × 100 cents
  const numerator = minor * rate * 100n;
  const denominator = 10n ** BigInt(exponent) * 1_000_000n;
  return (numerator * 2n + denominator) / (2n * denominator);
}
