import { exceedsRefundLimit, refundUsdCents, usdLimitText } from './refund-limit';

describe('refund limit', () => {
  it('is no limit when null or undefined', () => {
    expect(exceedsRefundLimit(10_000_000_00, 'USD', null)).toBe(false);
    expect(exceedsRefundLimit(10_000_000_00, 'USD', undefined)).toBe(false);
  });

  it('allows exactly the limit and refuses one cent more', () => {
    expect(exceedsRefundLimit(100_00, 'USD', 100)).toBe(false);
    expect(exceedsRefundLimit(100_01, 'USD', 100)).toBe(true);
  });

  it('converts other currencies with the fixed table, rounded to the cent', () => {
    // 1 GBP = 1.27 USD: 78.74 GBP = 99.9998 USD -> 100.00; 78.75 GBP = 100.0125 USD -> 100.01
    expect(refundUsdCents(78_74, 'GBP')).toBe(10_000n);
    expect(exceedsRefundLimit(78_74, 'GBP', 100)).toBe(false);
    expect(exceedsRefundLimit(78_75, 'GBP', 100)).toBe(true);
    // zero-decimal currency: 14,925 JPY = 99.9975 USD -> 100.00; 14,926 JPY -> 100.00 (100.0042)
    expect(exceedsRefundLimit(14_925, 'JPY', 100)).toBe(false);
    expect(exceedsRefundLimit(14_927, 'JPY', 100)).toBe(true);
  });

  it('takes a limit with cents', () => {
    expect(exceedsRefundLimit(99_50, 'USD', 99.5)).toBe(false);
    expect(exceedsRefundLimit(99_51, 'USD', 99.5)).toBe(true);
  });

  it('says the limit as people write it', () => {
    expect(usdLimitText(5000)).toBe('5,000');
    expect(usdLimitText(99.5)).toBe('99.5');
    expect(usdLimitText(99.125)).toBe('99.13');
  });
});
