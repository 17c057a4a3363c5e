/**
 * Who may decide an approval request, and what a request says. One rule for the decision itself
 * (auth/approval-gate.ts refuses with it), for each row's `canDecide`, and, as a condition, for
 * the queue's `decidable` filter (queries/approvals.ts), so the three always agree.
 */
import type { ApprovalRequest } from '../db/schema.js';
import { formatMinor } from '../../../common/money-format.js';
import { exceedsRefundLimit, refundUsdCents, usdLimitText } from '../../../common/refund-limit.js';
import {
  hasPermission,
  TEAM_ROLE_LABELS,
  type Permission,
  type TeamRole,
} from '../../../common/team-roles.js';

export type ApprovalKind = ApprovalRequest['kind'];

const KINDS: readonly ApprovalKind[] = ['refund', 'platform_fee', 'commission'];

/** The permission of the operation a request carries out: an approver needs it too. */
const KIND_PERMISSIONS: Readonly<Record<ApprovalKind, Permission>> = {
  refund: 'refunds.create',
  platform_fee: 'config.update',
  commission: 'restaurants.update',
};

const KIND_NAMES: Readonly<Record<ApprovalKind, string>> = {
  refund: 'refunds',
  platform_fee: 'platform fee changes',
  commission: 'commission changes',
};

const OWN_REQUEST = 'You asked for this yourself: another admin must decide it.';

/** The signed-in admin as a decision needs them. */
export type Approver = { id: string; teamRole: TeamRole; refundLimitUsd: number | null };

/** The kinds of request a role may approve or reject. */
export const decidableKinds = (role: TeamRole): ApprovalKind[] =>
  hasPermission(role, 'approvals.decide')
    ? KINDS.filter((kind) => hasPermission(role, KIND_PERMISSIONS[kind]))
    : [];

type Decided = Pick<ApprovalRequest, 'kind' | 'requestedBy' | 'amount' | 'currency'>;

/**
 * Why this admin may not decide this request (the 403's sentence), or null: only another admin,
 * whose role approves the kind, and, for a refund, whose own refund limit covers it.
 */
export function decisionRefusal(approver: Approver, request: Decided): string | null {
  if (request.requestedBy === approver.id) return OWN_REQUEST;
  const label = TEAM_ROLE_LABELS[approver.teamRole];
  if (!decidableKinds(approver.teamRole).includes(request.kind)) {
    return `Your role (${label}) does not allow approving ${KIND_NAMES[request.kind]}.`;
  }
  const { amount, currency } = request;
  const limit = approver.refundLimitUsd;
  if (
    request.kind === 'refund' &&
    amount !== null &&
    currency !== null &&
    exceedsRefundLimit(amount, currency, limit)
  ) {
    const usd = (Number(refundUsdCents(amount, currency)) / 100).toFixed(2);
    return `Your role (${label}) may approve refunds of at most ${usdLimitText(limit!)} USD; this one is ${usd} USD.`;
  }
  return null;
}

/** A commission change needs approval when it moves by more than `points` percentage points. */
export function commissionNeedsApproval(
  before: number | null,
  after: number,
  points: number,
): boolean {
  const cents = (value: number) => Math.round(value * 100);
  return Math.abs(cents(after) - cents(before ?? 0)) > cents(points);
}

/** A percentage as the texts write it: 12, 12.5. */
const percent = (value: number | null) => `${value ?? 0}%`;

/**
 * A fee change approved after the value it was asked from changed (another change came between):
 * carrying it out would undo that change unseen, so the approval is refused (409).
 */
export function changedSince(what: string, now: number | null, asked: number | null) {
  if ((now ?? 0) === (asked ?? 0)) return undefined;
  return `${what} is ${percent(now)} now, not the ${percent(asked)} this request was made from: reject it and ask again.`;
}

/** What a request does, in words, and the answer that it was sent. */
export const approvalTexts = {
  refundSummary(input: {
    minor: number;
    currency: string;
    bookingRef: string;
    restaurant: string;
    customerName: string | null;
  }) {
    const order = input.customerName === null ? '' : `the order of ${input.customerName} of `;
    return `Refund ${formatMinor(input.minor, input.currency)} on ${order}booking ${input.bookingRef} (${input.restaurant})`;
  },
  refund(minor: number, currency: string) {
    const amount = formatMinor(minor, currency);
    return {
      sent: `Refund of ${amount} sent for approval`,
      approved: `Refund of ${amount} approved and processed`,
    };
  },
  platformFee(before: number, after: number) {
    return {
      summary: `Change the platform fee from ${percent(before)} to ${percent(after)}`,
      sent: `Platform fee change to ${percent(after)} sent for approval`,
      approved: `Platform fee change to ${percent(after)} approved`,
    };
  },
  commission(restaurant: string, before: number | null, after: number) {
    return {
      summary: `Change the commission of ${restaurant} from ${percent(before)} to ${percent(after)}`,
      sent: `Commission change of ${restaurant} to ${percent(after)} sent for approval`,
      approved: `Commission change of ${restaurant} to ${percent(after)} approved`,
    };
  },
};
