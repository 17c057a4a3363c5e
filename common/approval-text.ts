/**
 * What became of an approval request, in words, as a booking's activities (server) and a
 * record's History (SPA) say it: "Refund of C$1,500.00 requested by Sam Support, approved by
 * Fiona Finance". Read from the request's audit event: its action, its facts and its actor.
 */
const APPROVAL_ACTIONS = [
  'approval.request',
  'approval.approve',
  'approval.reject',
  'approval.cancel',
  'approval.expire',
] as const;
type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export const isApprovalAction = (action: string): action is ApprovalAction =>
  (APPROVAL_ACTIONS as readonly string[]).includes(action);

/** The facts an approval event keeps (its `details`). */
type Facts = { what?: string; requestedBy?: string; reason?: string };

/** "requested by Sam Support, approved by Fiona Finance" (the actor decided it). */
export function approvalOutcome(
  action: ApprovalAction,
  facts: Facts,
  actorName: string | null,
): string {
  const asked = `requested by ${facts.requestedBy ?? 'an admin'}`;
  switch (action) {
    case 'approval.request':
      return `${asked}, waiting for approval`;
    case 'approval.approve':
      return `${asked}, approved by ${actorName}`;
    case 'approval.reject':
      return `${asked}, rejected by ${actorName}: ${facts.reason}`;
    case 'approval.cancel':
      return `${asked}, withdrawn`;
    default:
      return `${asked}, expired without a decision`;
  }
}

/** "Refund of C$1,500.00 requested by Sam Support, approved by Fiona Finance" */
export const approvalLine = (action: ApprovalAction, facts: Facts, actorName: string | null) =>
  `${facts.what} ${approvalOutcome(action, facts, actorName)}`;
