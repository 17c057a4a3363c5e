/** Currencies whose minor unit is the major unit (no decimals). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'IDR', 'XPF']);

/** Symbols used when Intl cannot format a currency code. */
const FALLBACK_SYMBOLS: Record<string, string> = {
  USD: '$',
  GBP: '£',
  EUR: '€',
  CAD: 'C$',
  AUD: 'A$',
  NZD: 'NZ$',
  JPY: '¥',
  CNY: 'CN¥',
  INR: '₹',
  KRW: '₩',
  VND: '₫',
  IDR: 'Rp',
  XPF: 'CFP',
  CHF: 'CHF',
  AED: 'AED',
  PKR: 'Rs',
};

/** Spec 01 §9: these always show the fallback symbol (CAD is "C$1,500.16", never "CA$"). */
const SPEC_SYMBOLS = new Set(['GBP', 'EUR', 'CAD']);

export const DEFAULT_CURRENCY = 'USD';

export function normalizeCurrency(currency?: string | null): string {
  const code = (currency ?? '').trim().toUpperCase();
  return code || DEFAULT_CURRENCY;
}

/** Number of decimals a currency is shown and stored with: 0 for JPY, KRW, VND, IDR, XPF; 2 otherwise. */
export function currencyDecimals(currency?: string | null): number {
  return ZERO_DECIMAL.has(normalizeCurrency(currency)) ? 0 : 2;
}

/** Formats without Intl's currency support: symbol (or the code) and the grouped amount. */
export function formatMoneyFallback(amount: number, currency?: string | null): string {
  const code = normalizeCurrency(currency);
  const decimals = currencyDecimals(code);
  const digits = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Math.abs(amount));
  const symbol = FALLBACK_SYMBOLS[code];
  // No minus before an amount that rounds to zero.
  const sign = amount < 0 && /[1-9]/.test(digits) ? '-' : '';
  return symbol ? `${sign}${symbol}${digits}` : `${sign}${code} ${digits}`;
}

/**
 * Formats an amount in major units (19.99) as en-US currency, default USD. Zero-decimal
 * currencies are rounded to whole units, every other currency shows 2 decimals.
 */
export function formatMoney(amount: number | null | undefined, currency?: string | null): string {
  const value = Number.isFinite(amount) ? Number(amount) : 0;
  const code = normalizeCurrency(currency);
  if (SPEC_SYMBOLS.has(code)) return formatMoneyFallback(value, code);
  const decimals = currencyDecimals(code);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(value);
  } catch {
    return formatMoneyFallback(value, code);
  }
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The decimal text of a number (no exponent) or a trimmed string; NaN and Infinity stay words. */
function decimalText(amount: number | string): string {
  if (typeof amount === 'string') return amount.trim();
  const text = String(amount);
  // Exponent notation only appears for very small or very large numbers.
  return /e/i.test(text) ? amount.toFixed(20) : text;
}

/**
 * Converts a major-unit amount to integer minor units by decimal string arithmetic (no float
 * multiplication): toMinor(19.99, 'USD') === 1999, toMinor('1500', 'JPY') === 1500. Extra
 * decimals are rounded half away from zero. Throws on anything that is not a decimal number.
 */
export function toMinor(amount: number | string, currency?: string | null): number {
  const match = DECIMAL.exec(decimalText(amount));
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new RangeError(`Not a decimal amount: ${String(amount)}`);
  }
  const [, sign, whole, fraction = ''] = match;
  const decimals = currencyDecimals(currency);
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const roundUp = fraction.charAt(decimals) >= '5';
  let minor = BigInt(`${whole}${kept}`);
  if (roundUp) minor += 1n;
  if (sign === '-') minor = -minor;
  const result = Number(minor);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount out of range: ${String(amount)}`);
  return result;
}

/** Converts integer minor units to the major-unit number: fromMinor(1999, 'USD') === 19.99. */
export function fromMinor(minor: number, currency?: string | null): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount: ${minor}`);
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return minor;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const text = `${minor < 0 ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return Number(text);
}

/** Formats integer minor units: formatMinor(1999, 'EUR') === '€19.99'. */
export function formatMinor(minor: number | null | undefined, currency?: string | null): string {
  const value = Number.isFinite(minor) ? Math.round(Number(minor)) : 0;
  return formatMoney(fromMinor(value, currency), currency);
}
