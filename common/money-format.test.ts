import { jest } from '@jest/globals';
import { formatMinor, formatMoney, formatMoneyFallback } from './money-format';

describe('formatMoney', () => {
  it('formats en-US currency, USD by default', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1234.5, null)).toBe('$1,234.50');
    expect(formatMoney(1234.5, '')).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
  });

  it('uses the given currency, whatever its case', () => {
    expect(formatMoney(10, 'GBP')).toBe('£10.00');
    expect(formatMoney(10, 'eur')).toBe('€10.00');
    expect(formatMoney(10, 'CAD')).toBe('C$10.00');
  });

  it('always shows the spec symbols for GBP, EUR and CAD', () => {
    expect(formatMoney(1500.16, 'CAD')).toBe('C$1,500.16');
    expect(formatMoney(-2.5, 'cad')).toBe('-C$2.50');
    expect(formatMoney(1234567.891, 'GBP')).toBe('£1,234,567.89');
    expect(formatMoney(0.1, 'EUR')).toBe('€0.10');
  });

  it('trims the currency code; shows 0 for what is not a finite number', () => {
    expect(formatMoney(10, ' gbp ')).toBe('£10.00');
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0.00');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'EUR')).toBe('€0.00');
    expect(formatMinor(Number.NaN, 'USD')).toBe('$0.00');
    expect(formatMinor(undefined, 'JPY')).toBe('¥0');
  });

  it('rounds zero-decimal currencies to whole units and gives others 2 decimals', () => {
    expect(formatMoney(1234.56, 'JPY')).toBe('¥1,235');
    expect(formatMoney(1234.4, 'KRW')).toBe('₩1,234');
    expect(formatMoney(99.5, 'VND')).toMatch(/^₫\s?100$/);
    expect(formatMoney(1000.2, 'IDR')).toMatch(/^IDR\s?1,000$/);
    expect(formatMoney(7.6, 'XPF')).toMatch(/^CFPF\s?8$/);
    expect(formatMoney(1.005, 'USD')).toMatch(/^\$1\.0[01]$/);
    expect(formatMoney(3, 'EUR')).toBe('€3.00');
  });

  it('falls back to known symbols when Intl cannot format the code', () => {
    expect(formatMoney(12.5, 'NOT-A-CODE')).toBe('NOT-A-CODE 12.50');
    expect(formatMoneyFallback(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatMoneyFallback(10, 'EUR')).toBe('€10.00');
    expect(formatMoneyFallback(10, 'CAD')).toBe('C$10.00');
    expect(formatMoneyFallback(-10, 'USD')).toBe('-$10.00');
    expect(formatMoneyFallback(1500.4, 'JPY')).toBe('¥1,500');
    expect(formatMoneyFallback(-0.001, 'USD')).toBe('$0.00');
    expect(formatMoneyFallback(-0.005, 'USD')).toBe('-$0.01');
    expect(formatMoneyFallback(-2500, 'XX')).toBe('-XX 2,500.00');
  });

  it('knows a symbol for each currency the seeded restaurants use', () => {
    const symbols: [string, string][] = [
      ['USD', '$1.00'],
      ['AUD', 'A$1.00'],
      ['NZD', 'NZ$1.00'],
      ['CNY', 'CN¥1.00'],
      ['INR', '₹1.00'],
      ['KRW', '₩1'],
      ['VND', '₫1'],
      ['IDR', 'Rp1'],
      ['XPF', 'CFP1'],
      ['CHF', 'CHF1.00'],
      ['AED', 'AED1.00'],
      ['PKR', 'Rs1.00'],
    ];
    for (const [code, text] of symbols) expect(formatMoneyFallback(1, code)).toBe(text);
  });

  it('uses the fallback when Intl throws for a code', () => {
    const original = Intl.NumberFormat;
    const spy = jest.spyOn(Intl, 'NumberFormat').mockImplementation((locale, options) => {
      if (options?.style === 'currency') throw new RangeError('Invalid currency code');
      return new original(locale, options);
    });
    try {
      expect(formatMoney(5, 'CAD')).toBe('C$5.00');
      expect(formatMoney(5, 'GBP')).toBe('£5.00');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('formatMinor', () => {
  it('formats minor units', () => {
    expect(formatMinor(1999, 'EUR')).toBe('€19.99');
    expect(formatMinor(1500, 'JPY')).toBe('¥1,500');
    expect(formatMinor(null, 'USD')).toBe('$0.00');
  });
});
