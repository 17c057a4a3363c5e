import { exponentOf, fromMinor, toMinor } from '../src/lib/money.js';
import { toUsdCents } from '../src/lib/usd-rates.js';

test('exponents: zero-decimal currencies and the rest', () => {
  expect(exponentOf('JPY')).toBe(0);
  expect(exponentOf('krw')).toBe(0);
  expect(exponentOf('USD')).toBe(2);
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
])('toMinor(%p, %s) = %p', (amount, currency, expected) => {
  expect(toMinor(amount, currency)).toBe(expected);
});

test('fromMinor gives the exact decimal back', () => {
  expect(fromMinor(1234, 'USD')).toBe(12.34);
  expect(fromMinor(5, 'USD')).toBe(0.05);
  expect(fromMinor(-250, 'GBP')).toBe(-2.5);
  expect(fromMinor(1500, 'JPY')).toBe(1500);
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
