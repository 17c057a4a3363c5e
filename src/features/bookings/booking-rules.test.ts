import type { Booking } from '../../api/types';
import {
  canSubmitRefund,
  customerName,
  formatDetailDateTime,
  offersRefund,
  listTotal,
  paymentMethodText,
  parseRefundAmount,
  refundApprovalNote,
  paymentSummary,
  payoutBadge,
} from './booking-rules';
import { formatMoney } from '../../../common/money-format';

const details = (values: Partial<Booking['paymentDetails']>): Booking['paymentDetails'] => ({
  subTotal: 0,
  discount: 0,
  tax: 0,
  fee: 0,
  total: 0,
  platformFee: 0,
  platformCommission: 0,
  platformFeeCustomer: 0,
  platformFeeRestaurant: 0,
  netPayout: 0,
  refundedTotal: 0,
  ...values,
});

test("Process Refund reads the API's PaymentStatus and status", () => {
  expect(offersRefund({ PaymentStatus: 'Paid', status: 'confirmed' })).toBe(true);
  expect(offersRefund({ PaymentStatus: 'Paid', status: 'cancelled' })).toBe(false);
  expect(offersRefund({ PaymentStatus: 'Pending', status: 'confirmed' })).toBe(false);
});

describe('customer name', () => {
  it('joins first and last name, without a missing one', () => {
    expect(customerName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(customerName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    // Bookings stored before names were required may still lack one.
    const missing = (names: object) => names as Parameters<typeof customerName>[0];
    expect(customerName(missing({ firstName: 'Ada', lastName: null }))).toBe('Ada');
    expect(customerName(missing({ firstName: null, lastName: 'Lovelace' }))).toBe('Lovelace');
  });
});

describe('payment summary arithmetic', () => {
  it('USD: Total = total − platformFee, Net Restaurant Payout = total − fee', () => {
    const s = paymentSummary(
      details({ total: 108.3, platformFee: 10.1, fee: 15.15, platformCommission: 5.05 }),
      'USD',
    );
    expect(s.total).toBe(98.2);
    expect(s.netRestaurantPayout).toBe(93.15);
    expect(s.platformFeeChargedToRestaurant).toBe(5.05);
    expect(s.totalChargedToCustomer).toBe(108.3);
    // Exact where float subtraction is not: 0.3 − 0.1 would give 0.19999999999999998.
    expect(paymentSummary(details({ total: 0.3, platformFee: 0.1 }), 'USD').total).toBe(0.2);
    expect(formatMoney(s.total, 'USD')).toBe('$98.20');
  });

  it('JPY: whole yen', () => {
    const s = paymentSummary(details({ total: 12_345, platformFee: 1_200, fee: 1_850 }), 'JPY');
    expect(s.total).toBe(11_145);
    expect(s.netRestaurantPayout).toBe(10_495);
    expect(formatMoney(s.total, 'JPY')).toBe('¥11,145');
  });

  it('EUR: two decimals, refunds shown with the server payout after refunds', () => {
    const s = paymentSummary(
      details({ total: 59.99, platformFee: 5.45, fee: 8.18, refundedTotal: 10, netPayout: 41.81 }),
      'EUR',
    );
    expect(s.total).toBe(54.54);
    expect(s.netRestaurantPayout).toBe(51.81);
    expect(s.refundedTotal).toBe(10);
    expect(s.netPayoutAfterRefunds).toBe(41.81);
    expect(formatMoney(s.netRestaurantPayout, 'EUR')).toBe('€51.81');
  });

  it('shows sub total, discount, tax, platform fee and refunds as the server sent them, 0 when missing', () => {
    const s = paymentSummary(
      details({
        subTotal: 120.5,
        discount: 12.25,
        tax: 9.6,
        total: 117.85,
        platformFee: 3.5,
        refundedTotal: 7.5,
        netPayout: 100.1,
      }),
      'USD',
    );
    expect(s).toMatchObject({
      subTotal: 120.5,
      discount: 12.25,
      tax: 9.6,
      platformFee: 3.5,
      total: 114.35,
      totalChargedToCustomer: 117.85,
      refundedTotal: 7.5,
      netPayoutAfterRefunds: 100.1,
    });
    const missing = {} as Booking['paymentDetails'];
    expect(paymentSummary(missing, 'USD')).toEqual({
      subTotal: 0,
      discount: 0,
      tax: 0,
      total: 0,
      platformFee: 0,
      netRestaurantPayout: 0,
      platformFeeChargedToRestaurant: 0,
      totalChargedToCustomer: 0,
      refundedTotal: 0,
      netPayoutAfterRefunds: 0,
    });
  });

  it('list Total is total, else subTotal', () => {
    expect(listTotal({ paymentDetails: details({ total: 20, subTotal: 18 }) })).toBe(20);
    expect(listTotal({ paymentDetails: details({ total: 0, subTotal: 18 }) })).toBe(18);
  });
});

describe('payment method', () => {
  it('upper-cased type and card number, else the method, else N/A', () => {
    expect(
      paymentMethodText({
        paymentMethod: 'card',
        paymentMethodDetails: [{ type: 'visa', cardNumber: '**** 4242' }],
      }),
    ).toBe('VISA **** 4242');
    expect(paymentMethodText({ paymentMethod: 'paypal', paymentMethodDetails: [] })).toBe('paypal');
    expect(paymentMethodText({ paymentMethod: null, paymentMethodDetails: [] })).toBe('N/A');
    expect(paymentMethodText({ paymentMethod: '  ', paymentMethodDetails: [] })).toBe('N/A');
    expect(paymentMethodText({ paymentMethod: ' cash ' } as never)).toBe('cash');
    expect(
      paymentMethodText({
        paymentMethod: 'card',
        paymentMethodDetails: [{ type: 'amex', cardNumber: '' }],
      }),
    ).toBe('AMEX');
    // A card without the number the contract requires: the type alone.
    expect(
      paymentMethodText({
        paymentMethod: 'card',
        paymentMethodDetails: [{ type: 'visa' } as never],
      }),
    ).toBe('VISA');
  });
});

describe('refund button', () => {
  it('is disabled while running, when empty, zero or negative', () => {
    expect(canSubmitRefund('', false)).toBe(false);
    expect(canSubmitRefund('   ', false)).toBe(false);
    expect(canSubmitRefund('0', false)).toBe(false);
    expect(canSubmitRefund('-1', false)).toBe(false);
    expect(canSubmitRefund('abc', false)).toBe(false);
    expect(canSubmitRefund('5', true)).toBe(false);
    expect(canSubmitRefund('0.01', false)).toBe(true);
  });

  it('reads the typed amount trimmed; empty or not a number is null', () => {
    expect(parseRefundAmount(' 12.5 ')).toBe(12.5);
    expect(parseRefundAmount('')).toBeNull();
    expect(parseRefundAmount('  ')).toBeNull();
    expect(parseRefundAmount('1,5')).toBeNull();
  });
});

describe('detail timestamps', () => {
  it('are shown in UTC as Mon D, YYYY hh:mm AM/PM, empty when missing or invalid', () => {
    expect(formatDetailDateTime('2026-03-02T23:30:00.000Z')).toBe('Mar 2, 2026 11:30 PM');
    expect(formatDetailDateTime('2026-03-03T00:05:00+02:00')).toBe('Mar 2, 2026 10:05 PM');
    expect(formatDetailDateTime('2026-03-02T09:15:00.000Z')).toBe('Mar 2, 2026 09:15 AM');
    expect(formatDetailDateTime(null)).toBe('');
    expect(formatDetailDateTime('not a date')).toBe('');
  });
});

describe('refund approval note', () => {
  const support = { refundLimitUsd: 100, refundApprovalUsd: 1000, roleLabel: 'Support' };
  const finance = { refundLimitUsd: 5000, refundApprovalUsd: 1000, roleLabel: 'Finance' };
  const owner = { refundLimitUsd: null, refundApprovalUsd: 1000, roleLabel: 'Owner' };
  const role =
    'The Support role may refund up to 100 USD at a time; above it, another admin approves.';
  const everyone = "Refunds above 1,000 USD need a second admin's approval.";

  it('says why above the role`s limit, converted to USD as the server does', () => {
    expect(refundApprovalNote('100', 'USD', support)).toBeNull();
    expect(refundApprovalNote('100.01', 'USD', support)).toBe(role);
    // 1 GBP = 1.27 USD: 78.74 GBP is 100.00 USD, 78.75 GBP is 100.01 USD.
    expect(refundApprovalNote('78.74', 'GBP', support)).toBeNull();
    expect(refundApprovalNote('78.75', 'GBP', support)).toBe(role);
  });

  it('above the threshold for everyone: finance and owners too', () => {
    expect(refundApprovalNote('1000', 'USD', finance)).toBeNull();
    expect(refundApprovalNote('1000.01', 'USD', finance)).toBe(everyone);
    expect(refundApprovalNote('1369.87', 'CAD', owner)).toBe(everyone);
    expect(refundApprovalNote('1369.86', 'CAD', owner)).toBeNull();
  });

  it('no amount yet, or a session stored before the threshold, asks nothing more', () => {
    expect(refundApprovalNote('', 'USD', support)).toBeNull();
    expect(refundApprovalNote('abc', 'USD', support)).toBeNull();
    expect(refundApprovalNote('-5', 'USD', support)).toBeNull();
  });

  it('an amount the currency cannot hold has no note (the form and the server refuse it)', () => {
    // More decimals than USD has: not rounded up into a note (100.005 would be 100.01 USD).
    expect(refundApprovalNote('100.005', 'USD', support)).toBeNull();
    // Too large for exact minor units: no note, no error.
    expect(refundApprovalNote('1e20', 'USD', support)).toBeNull();
    expect(
      refundApprovalNote('1000000', 'USD', { refundLimitUsd: null, roleLabel: 'Owner' }),
    ).toBeNull();
  });
});

describe('payoutBadge', () => {
  it('is the deposited text when paid out, else Pending, also when the booking does not say', () => {
    expect(payoutBadge({ payout: true }, 'Paid')).toEqual({ status: 'deposited', label: 'Paid' });
    expect(payoutBadge({ payout: false }, 'Deposited')).toEqual({
      status: 'pending',
      label: 'Pending',
    });
    expect(payoutBadge({} as { payout: boolean }, 'Deposited').label).toBe('Pending');
  });
});
