import { isRefundEligible } from './refund-eligibility';

test.each([
  ['paid', 'confirmed', true],
  ['PAID', 'confirmed', true],
  ['Completed', 'completed', true],
  [' Paid ', 'confirmed', true],
  ['Paid', null, true],
  ['Paid', 'Cancelled', false],
  ['Paid', ' cancelled ', false],
  ['Refund', 'confirmed', false],
  ['Deposited', 'confirmed', false],
  ['pending', 'confirmed', false],
  [null, 'confirmed', false],
])('payment %p, booking %p: refundable %p', (paymentStatus, status, expected) => {
  expect(isRefundEligible({ paymentStatus, status })).toBe(expected);
});
