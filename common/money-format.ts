import { currencyDecimals, fromMinor, normalizeCurrency } from './money';

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

/** Formats integer minor units: formatMinor(1999, 'EUR') === '€19.99'. */
export function formatMinor(minor: number | null | undefined, currency?: string | null): string {
  const value = Number.isFinite(minor) ? Math.round(Number(minor)) : 0;
  return formatMoney(fromMinor(value, currency), currency);
}
