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

test('the fixed rate of each currency (1,000,000 units in USD cents)', () => {
  const cents = (currency: string) => toUsdCents(1_000_000n, currency, 0) / 1_000_000n;
  expect(
    Object.fromEntries(
      ['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'JPY', 'KRW', 'VND', 'IDR', 'XPF', 'INR', 'CHF'].map(
        (c) => [c, toUsdCents(1_000_000n, c, 0)],
      ),
    ),
  ).toEqual({
    USD: 100_000_000n,
    GBP: 127_000_000n,
    EUR: 108_000_000n,
    CAD: 73_000_000n,
    AUD: 66_000_000n,
    JPY: 670_000n,
    KRW: 75_000n,
    VND: 4_000n,
    IDR: 6_300n,
    XPF: 905_000n,
    INR: 1_200_000n,
    CHF: 113_000_000n,
  });
  expect(cents('usd')).toBe(100n);
});
