import { currencyDecimals, decimalText, fromMinor, normalizeCurrency, toMinor } from './money';

test('zero-decimal currencies, whatever their case, and the rest', () => {
  for (const code of ['JPY', 'krw', 'VND', 'IDR', 'xpf']) expect(currencyDecimals(code)).toBe(0);
  for (const code of ['USD', 'EUR', 'GBP', 'CAD', undefined])
    expect(currencyDecimals(code)).toBe(2);
});

test('a code is trimmed and upper-cased; no code is USD', () => {
  expect(normalizeCurrency(' gbp ')).toBe('GBP');
  expect(normalizeCurrency('')).toBe('USD');
  expect(normalizeCurrency(null)).toBe('USD');
});

// Each amount once: [amount, currency, 'refuse' result, 'round' result or the error it throws].
test.each<[number | string, string, number | undefined, number | string]>([
  [12.34, 'USD', 1234, 1234],
  [19.99, 'USD', 1999, 1999],
  [0.29, 'USD', 29, 29],
  [4.35, 'USD', 435, 435],
  [0.1, 'USD', 10, 10],
  ['12.3', 'EUR', 1230, 1230],
  ['1.2000', 'USD', 120, 120],
  [' 12.34 ', 'USD', 1234, 1234],
  ['0', 'USD', 0, 0],
  [-2.5, 'GBP', -250, -250],
  [1500, 'JPY', 1500, 1500],
  ['1500.4', 'KRW', undefined, 1500],
  ['1500.5', 'KRW', undefined, 1501],
  ['1.005', 'USD', undefined, 101],
  ['1.0049', 'USD', undefined, 100],
  ['-1.005', 'USD', undefined, -101],
  [0.1 + 0.2, 'USD', undefined, 30],
  [1e-7, 'USD', undefined, 0],
  [-1e-7, 'JPY', undefined, 0],
  [-4.5e-7, 'USD', undefined, 0],
  [5e-324, 'USD', undefined, 0],
  ['-0.001', 'USD', undefined, 0],
  ['-0.00', 'USD', 0, 0],
  ['abc', 'USD', undefined, 'Not a decimal amount: abc'],
  ['x12.34', 'USD', undefined, 'Not a decimal amount: x12.34'],
  ['12.34x', 'USD', undefined, 'Not a decimal amount: 12.34x'],
  ['.5', 'USD', undefined, 'Not a decimal amount: .5'],
  ['+1', 'USD', undefined, 'Not a decimal amount: +1'],
  ['1.2.3', 'USD', undefined, 'Not a decimal amount: 1.2.3'],
  ['', 'USD', undefined, 'Not a decimal amount: '],
  ['-', 'USD', undefined, 'Not a decimal amount: -'],
  ['1e400', 'USD', undefined, 'Not a decimal amount: 1e400'],
  [Number.NaN, 'USD', undefined, 'Not a decimal amount: NaN'],
  [Infinity, 'USD', undefined, 'Not a decimal amount: Infinity'],
  [1e21, 'JPY', undefined, 'Amount out of range: 1e+21'],
  ['99999999999999999999', 'USD', undefined, 'Amount out of range: 99999999999999999999'],
])('toMinor(%p, %s): refused %p, rounded %p', (amount, currency, refused, rounded) => {
  expect(toMinor(amount, currency, 'refuse')).toBe(refused);
  if (typeof rounded === 'number') expect(toMinor(amount, currency, 'round')).toBe(rounded);
  else expect(() => toMinor(amount, currency, 'round')).toThrow(new RangeError(rounded));
});

test('float multiplication is not exact; the conversion is', () => {
  expect(19.99 * 100).not.toBe(1999);
  expect(toMinor(19.99, 'USD', 'refuse')).toBe(1999);
});

test('the largest safe integer is kept, one more is beyond range, negative too', () => {
  for (const extra of ['refuse', 'round'] as const) {
    expect(toMinor('9007199254740991', 'JPY', extra)).toBe(Number.MAX_SAFE_INTEGER);
    expect(toMinor('90071992547409.91', 'USD', extra)).toBe(Number.MAX_SAFE_INTEGER);
  }
  expect(toMinor('9007199254740992', 'JPY', 'refuse')).toBeUndefined();
  expect(toMinor('-9007199254740992', 'VND', 'refuse')).toBeUndefined();
  expect(() => toMinor('90071992547409.92', 'USD', 'round')).toThrow(RangeError);
  expect(() => toMinor('90071992547409.915', 'USD', 'round')).toThrow(RangeError);
});

test('fromMinor gives the exact decimal back, and round-trips with toMinor', () => {
  expect(fromMinor(1234, 'USD')).toBe(12.34);
  expect(fromMinor(5, 'USD')).toBe(0.05);
  expect(fromMinor(-5, 'EUR')).toBe(-0.05);
  expect(fromMinor(-250, 'GBP')).toBe(-2.5);
  expect(fromMinor(1500, 'JPY')).toBe(1500);
  expect(Object.is(fromMinor(0, 'USD'), 0)).toBe(true);
  expect(Object.is(fromMinor(-0, 'JPY'), 0)).toBe(true);
  for (const amount of [0.01, 0.1, 0.29, 1.15, 19.99, 1234567.89]) {
    expect(fromMinor(toMinor(amount, 'USD', 'refuse')!, 'USD')).toBe(amount);
  }
});

test('fromMinor is the number its decimal text reads, for any safe integer', () => {
  const edges = [0, 1, -1, 5, 99, 100, 101, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 52 + 1, 1e15 + 7];
  // A fixed pseudo-random walk over the whole safe range, every order of magnitude.
  let x = 12345;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  const random = Array.from({ length: 20_000 }, () => {
    const digits = 1 + (next() % 15);
    const value = Math.floor((next() / 2 ** 31) * 10 ** digits);
    return next() % 2 ? value : -value;
  });
  for (const minor of [...edges, ...random]) {
    for (const currency of ['USD', 'jpy']) {
      expect(fromMinor(minor, currency)).toBe(Number(decimalText(minor, currency)));
    }
  }
});

test('only integers are minor units', () => {
  expect(() => fromMinor(1.5, 'USD')).toThrow(new RangeError('Not an integer amount: 1.5'));
  expect(() => decimalText(Number.NaN, 'USD')).toThrow(RangeError);
});

test('decimalText writes the exact decimal with the currency’s decimals', () => {
  expect(decimalText(1234, 'USD')).toBe('12.34');
  expect(decimalText(5, 'USD')).toBe('0.05');
  expect(decimalText(-250, 'GBP')).toBe('-2.50');
  expect(decimalText(1500, 'JPY')).toBe('1500');
  expect(decimalText(0, 'EUR')).toBe('0.00');
  expect(decimalText(Number.MAX_SAFE_INTEGER, 'USD')).toBe('90071992547409.91');
});
