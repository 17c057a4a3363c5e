/**
 * The approval queue: its list (the sidebar's count of the requests the signed-in admin may
 * decide included) and the decisions, as the server makes them: only a pending request the admin
 * may decide (`canDecide`) is approved or rejected, only their own (`canCancel`) withdrawn, and a
 * rejection needs a reason.
 */
import type { Approval } from '../../api/types';
import { listOf, type Filters } from './list';
import { replyOf } from './reply';
import { adminUser } from './session';
import type { FakeRequest, Routes } from './types';

/** The admin signed in, as a decision's actor. */
const admin = { _id: adminUser._id, name: 'Ada Admin', email: adminUser.email };

/** The sidebar's count: the pending requests the admin may decide. */
const DECIDABLE = 'status=pending&decidable=true';

type Decision = 'approveApproval' | 'rejectApproval' | 'cancelApproval';

/** Starts with `rows` (none by default: the sidebar reads the count on every screen). */
export function approvalsFake(rows: Approval[] = [], filters: Filters<Approval> = {}) {
  // Typed by the contract when sent (each decision answers the same shapes).
  const refusal = (operation: Decision, status: 400 | 403 | 404, message: string) =>
    replyOf(operation, status, { success: false, message, status_code: status });

  const decide =
    (operation: Decision, status: Approval['status'], message: string) =>
    ({ params, body }: FakeRequest) => {
      const row = rows.find((r) => r._id === params.id);
      if (!row) return refusal(operation, 404, 'Approval request not found');
      const allowed = operation === 'cancelApproval' ? row.canCancel : row.canDecide;
      if (!allowed) {
        return refusal(
          operation,
          403,
          'You asked for this yourself: another admin must decide it.',
        );
      }
      const reason = (body as { reason?: string } | undefined)?.reason?.trim();
      if (operation === 'rejectApproval' && !reason) {
        return refusal(operation, 400, 'Give a reason for rejecting this request');
      }
      Object.assign(row, {
        status,
        decidedBy: admin,
        decidedAt: new Date().toISOString(),
        rejectReason: reason ?? null,
        canDecide: false,
        canCancel: false,
      });
      return replyOf(operation, 200, { success: true, message, data: row });
    };

  return {
    rows,
    routes: {
      listApprovals: listOf('listApprovals', () => rows, {
        [DECIDABLE]: (all) => all.filter((r) => r.status === 'pending' && r.canDecide),
        ...filters,
      }),
      approveApproval: decide('approveApproval', 'approved', 'Request approved'),
      rejectApproval: decide('rejectApproval', 'rejected', 'Request rejected'),
      cancelApproval: decide('cancelApproval', 'cancelled', 'Request withdrawn'),
    } satisfies Routes,
  };
}
