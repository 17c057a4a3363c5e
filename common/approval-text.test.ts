import { approvalLine, approvalOutcome, isApprovalAction } from './approval-text';

const facts = { what: 'Refund of C$1,500.00', requestedBy: 'Sam Support' };

test('what became of a request, by its event', () => {
  expect(approvalLine('approval.request', facts, 'Sam Support')).toBe(
    'Refund of C$1,500.00 requested by Sam Support, waiting for approval',
  );
  expect(approvalLine('approval.approve', facts, 'Fiona Finance')).toBe(
    'Refund of C$1,500.00 requested by Sam Support, approved by Fiona Finance',
  );
  expect(approvalLine('approval.reject', { ...facts, reason: 'Not ours' }, 'Fiona Finance')).toBe(
    'Refund of C$1,500.00 requested by Sam Support, rejected by Fiona Finance: Not ours',
  );
  expect(approvalOutcome('approval.cancel', facts, 'Sam Support')).toBe(
    'requested by Sam Support, withdrawn',
  );
  expect(approvalOutcome('approval.expire', facts, null)).toBe(
    'requested by Sam Support, expired without a decision',
  );
});

test('only the approval actions', () => {
  expect(isApprovalAction('approval.approve')).toBe(true);
  expect(isApprovalAction('refund.create')).toBe(false);
});
