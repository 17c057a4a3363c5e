import {
  approvalRuleText,
  exceedsRefundLimit,
  refundApprovalRule,
  refundUsdCents,
  usdLimitText,
} from './refund-limit';

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

describe('refund approval rule', () => {
  it('needs approval above the lower of the role limit and the threshold for everyone', () => {
    // support 100 USD, everyone 1,000 USD: the role's limit decides
    expect(refundApprovalRule(100_00, 'USD', 100, 1000)).toBeNull();
    expect(refundApprovalRule(100_01, 'USD', 100, 1000)).toEqual({
      limitUsd: 100,
      everyone: false,
    });
    // finance 5,000 USD: the threshold for everyone decides
    expect(refundApprovalRule(1000_00, 'USD', 5000, 1000)).toBeNull();
    expect(refundApprovalRule(1000_01, 'USD', 5000, 1000)).toEqual({
      limitUsd: 1000,
      everyone: true,
    });
    // owner (no limit) too
    expect(refundApprovalRule(1000_01, 'USD', null, 1000)).toEqual({
      limitUsd: 1000,
      everyone: true,
    });
    expect(refundApprovalRule(1000_01, 'USD', undefined, 1000)?.everyone).toBe(true);
    // a role limit equal to the threshold is the threshold
    expect(refundApprovalRule(1000_01, 'USD', 1000, 1000)).toEqual({
      limitUsd: 1000,
      everyone: true,
    });
  });

  it('converts other currencies: C$, JPY', () => {
    // 1 CAD = 0.73 USD: 1,369.86 CAD = 999.9978 USD -> 1,000.00; 1,369.87 CAD = 1,000.0051 -> 1,000.01
    expect(refundApprovalRule(1369_86, 'CAD', null, 1000)).toBeNull();
    expect(refundApprovalRule(1369_87, 'CAD', null, 1000)).not.toBeNull();
    // 1 JPY = 0.0067 USD: 149,253 JPY = 999.9951 -> 1,000.00; 149,255 JPY = 1,000.0085 -> 1,000.01
    expect(refundApprovalRule(149_253, 'JPY', null, 1000)).toBeNull();
    expect(refundApprovalRule(149_255, 'JPY', null, 1000)).not.toBeNull();
  });

  it('says the rule', () => {
    expect(approvalRuleText({ limitUsd: 1000, everyone: true }, 'Owner')).toBe(
      "Refunds above 1,000 USD need a second admin's approval.",
    );
    expect(approvalRuleText({ limitUsd: 100, everyone: false }, 'Support')).toBe(
      'The Support role may refund up to 100 USD at a time; above it, another admin approves.',
    );
  });
});
