import { decimalText, exponentOf, fromMinor, toMinor } from '../src/lib/money.js';
import { toUsdCents } from '../src/lib/usd-rates.js';

test('exponents: zero-decimal currencies and the rest', () => {
  for (const currency of ['JPY', 'krw', 'VND', 'IDR', 'xpf']) expect(exponentOf(currency)).toBe(0);
  for (const currency of ['USD', 'EUR', 'GBP']) expect(exponentOf(currency)).toBe(2);
});

test('amounts beyond the safe integers are refused, the largest safe one is kept', () => {
  expect(toMinor('9007199254740991', 'JPY')).toBe(Number.MAX_SAFE_INTEGER);
  expect(toMinor('9007199254740992', 'JPY')).toBeUndefined();
  expect(toMinor('90071992547409.91', 'USD')).toBe(Number.MAX_SAFE_INTEGER);
  expect(toMinor('90071992547409.92', 'USD')).toBeUndefined();
  expect(toMinor('-9007199254740992', 'VND')).toBeUndefined();
});

test.each([
  [12.34, 'USD', 1234],
  ['12.3', 'EUR', 1230],
  [0.1, 'USD', 10],
  [1.005, 'USD', undefined],
  [1500, 'JPY', 1500],
  [1500.5, 'JPY', undefined],
  [-2.5, 'GBP', -250],
  ['abc', 'USD', undefined],
  [Number.NaN, 'USD', undefined],
  [1e-7, 'USD', undefined],
  [0.29, 'USD', 29],
  [4.35, 'USD', 435],
  [' 12.34 ', 'USD', 1234],
  ['1.2000', 'USD', 120],
  ['x12.34', 'USD', undefined],
  ['12.34x', 'USD', undefined],
  [1e21, 'JPY', undefined],
  [-1e-7, 'JPY', undefined],
  [Infinity, 'USD', undefined],
])('toMinor(%p, %s) = %p', (amount, currency, expected) => {
  expect(toMinor(amount, currency)).toBe(expected);
});

test('fromMinor gives the exact decimal back', () => {
  expect(fromMinor(1234, 'USD')).toBe(12.34);
  expect(fromMinor(5, 'USD')).toBe(0.05);
  expect(fromMinor(-250, 'GBP')).toBe(-2.5);
  expect(fromMinor(1500, 'JPY')).toBe(1500);
  expect(fromMinor(0, 'USD')).toBe(0); // not -0
});

test('USD conversion is exact integer arithmetic, rounded half up', () => {
  expect(toUsdCents(10_000n, 'JPY', 0)).toBe(6700n);
  expect(toUsdCents(100n, 'GBP', 2)).toBe(127n);
  expect(toUsdCents(1n, 'EUR', 2)).toBe(1n);
  expect(() => toUsdCents(1n, 'XXX', 2)).toThrow(/No USD rate/);
  for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
    expect(() => toUsdCents(1n, key, 2)).toThrow(/No USD rate/);
  }
});

test('decimalText writes the exact decimal with the currency’s decimals', () => {
  expect(decimalText(1234, 'USD')).toBe('12.34');
  expect(decimalText(5, 'USD')).toBe('0.05');
  expect(decimalText(-250, 'GBP')).toBe('-2.50');
  expect(decimalText(1500, 'JPY')).toBe('1500');
  expect(decimalText(0, 'EUR')).toBe('0.00');
  expect(decimalText(Number.MAX_SAFE_INTEGER, 'USD')).toBe('90071992547409.91');
});
