/**
 * A write that needs another admin's approval (a refund above a limit, a fee change) is not
 * made: the server answers 202 with the request it filed instead of the changed record.
 */
import { listTag, type Tag } from './cache-tags';
import type { ApprovalRequestedResponse } from './types';

/** The write was sent for approval (202), not made. */
export const sentForApproval = (answer: { data?: unknown }): answer is ApprovalRequestedResponse =>
  typeof answer.data === 'object' && answer.data !== null && 'approvalId' in answer.data;

/** What a request for approval changes: the approval queue (and the sidebar's count). */
export const APPROVAL_REQUESTED: Tag[] = [listTag('Approval')];
