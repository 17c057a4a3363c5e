import { Badge } from 'antd';
import { useCan } from '../auth';
import { useCountDecidableApprovalsQuery } from './approvals-api';

/** How often the sidebar's count is read again (besides after every decision and request). */
const POLL_MS = 60_000;

/**
 * The sidebar's count beside "Approvals": the requests the signed-in admin may decide now, for
 * an admin whose role decides any (nothing is asked of the others).
 */
export function DecidableApprovalsBadge() {
  const decides = useCan('approvals.decide');
  const { data: count = 0 } = useCountDecidableApprovalsQuery(undefined, {
    skip: !decides,
    pollingInterval: POLL_MS,
  });
  if (!decides || count === 0) return null;
  return (
    <Badge
      count={count}
      size="small"
      style={{ marginInlineStart: 8 }}
      title={`${count} waiting for your decision`}
    />
  );
}
