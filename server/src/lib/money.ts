/**
 * Money is integer minor units inside the server. Amounts cross the API as JSON numbers in major
 * units; they are converted through their decimal text, never by float arithmetic.
 */
// The spec's zero-decimal currencies (spec 01, section 9); the client uses the same list.
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'IDR', 'XPF']);

export const exponentOf = (currency: string) => (ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2);

/** Minor units of a major-unit amount, or undefined when it has more decimals than the currency. */
export function toMinor(amount: number | string, currency: string): number | undefined {
  // A number String() writes with an exponent (below 1e-6, from 1e21) has more decimals than any
  // currency or is beyond the safe integers: the pattern refuses that text, as it should.
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, rawFraction = ''] = match;
  const exponent = exponentOf(currency);
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > exponent) return undefined;
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0'));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(sign ? -minor : minor);
}

/** Major units as exact decimal text, the currency's decimals always written (1234 → "12.34"). */
export function decimalText(minor: number, currency: string): string {
  const exponent = exponentOf(currency);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return minor < 0 ? `-${text}` : text;
}

/** Major units for the API: the double nearest to the exact decimal (e.g. 1234 → 12.34). */
export function fromMinor(minor: number, currency: string): number {
  return Number(decimalText(minor, currency));
}
