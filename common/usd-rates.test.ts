import { toUsdCents } from './usd-rates';

test('USD conversion is exact integer arithmetic, rounded half up', () => {
  expect(toUsdCents(10_000n, 'JPY', 0)).toBe(6700n);
  expect(toUsdCents(100n, 'GBP', 2)).toBe(127n);
  expect(toUsdCents(1n, 'EUR', 2)).toBe(1n);
  expect(() => toUsdCents(1n, 'XXX', 2)).toThrow(/No USD rate/);
  for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
    expect(() => toUsdCents(1n, key, 2)).toThrow(/No USD rate/);
  }
});
