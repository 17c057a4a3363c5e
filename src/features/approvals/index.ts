/** What other parts of the SPA use of approvals: the sidebar's count of requests to decide. */
export { DecidableApprovalsBadge } from './decidable-count';
