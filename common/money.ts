/**
 * Money is integer minor units in both tiers; amounts cross the API as JSON numbers in major
 * units. Conversions go through the amount's decimal text, never by float arithmetic.
 */

/** Spec 01 §9: currencies whose minor unit is the major unit (no decimals). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'IDR', 'XPF']);

const DEFAULT_CURRENCY = 'USD';

/** The code upper-cased and trimmed; no code at all is the default currency. */
export function normalizeCurrency(currency?: string | null): string {
  const code = (currency ?? '').trim().toUpperCase();
  return code || DEFAULT_CURRENCY;
}

/** Decimals a currency is stored and shown with: 0 for JPY, KRW, VND, IDR, XPF; 2 otherwise. */
export function currencyDecimals(currency?: string | null): number {
  return ZERO_DECIMAL.has(normalizeCurrency(currency)) ? 0 : 2;
}

/**
 * What toMinor does with more decimals than the currency has: 'refuse' answers undefined (input
 * the admin typed, which must be exact); 'round' rounds half away from zero (amounts computed
 * elsewhere, e.g. a remaining balance).
 */
export type ExtraDecimals = 'refuse' | 'round';

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A trimmed string, or the exact decimal text of a number (its exponent form spelled out). */
function amountText(amount: number | string): string {
  if (typeof amount === 'string') return amount.trim();
  const text = String(amount);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, rest = '', exponent] = match;
  const digits = lead + rest;
  const point = 1 + Number(exponent);
  // From 1e21 the point is past every written digit (a double has at most 17).
  return point <= 0 ? `${sign}0.${'0'.repeat(-point)}${digits}` : sign + digits.padEnd(point, '0');
}

/**
 * Minor units of a major-unit amount: toMinor(19.99, 'USD', …) === 1999. With 'refuse', anything
 * that is not exactly an amount of the currency (not a decimal, too many decimals, beyond the safe
 * integers) is undefined. With 'round', extra decimals are rounded and anything else that is not
 * an amount throws a RangeError.
 */
export function toMinor(
  amount: number | string,
  currency: string | null | undefined,
  extra: 'refuse',
): number | undefined;
export function toMinor(
  amount: number | string,
  currency: string | null | undefined,
  extra: 'round',
): number;
export function toMinor(
  amount: number | string,
  currency: string | null | undefined,
  extra: ExtraDecimals,
): number | undefined;
export function toMinor(
  amount: number | string,
  currency: string | null | undefined,
  extra: ExtraDecimals,
): number | undefined {
  const refuse = (why: string) => {
    if (extra === 'refuse') return undefined;
    throw new RangeError(`${why}: ${String(amount)}`);
  };
  const match = DECIMAL.exec(amountText(amount));
  if (!match) return refuse('Not a decimal amount');
  const [, sign, whole, rawFraction = ''] = match;
  const decimals = currencyDecimals(currency);
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > decimals && extra === 'refuse') return undefined;
  let minor =
    BigInt(whole) * 10n ** BigInt(decimals) +
    BigInt(fraction.slice(0, decimals).padEnd(decimals, '0'));
  if (fraction.charAt(decimals) >= '5') minor += 1n;
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return refuse('Amount out of range');
  // A BigInt zero has no sign: "-0.001" rounds to 0, not -0.
  return Number(sign ? -minor : minor);
}

/** Major units as exact decimal text, the currency's decimals always written (1234 → "12.34"). */
export function decimalText(minor: number, currency?: string | null): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount: ${minor}`);
  const decimals = currencyDecimals(currency);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return minor < 0 ? `-${text}` : text;
}

/**
 * Major units for the API and the screens: the double nearest the exact decimal (1234 → 12.34).
 * Dividing by a power of ten is exact to the same double as reading the decimal text: both round
 * the one exact quotient to the nearest double (IEEE 754 division and parsing are correctly
 * rounded), without the text (a page of bookings converts a few hundred amounts). `+ 0` turns
 * -0 into 0, as the text "0.00" reads.
 */
export function fromMinor(minor: number, currency?: string | null): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount: ${minor}`);
  return minor / 10 ** currencyDecimals(currency) + 0;
}
