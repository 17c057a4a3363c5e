import { useState } from 'react';
import { Alert, Button, Flex, Spin, Timeline, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ListPager, pageCountOf } from '../../components/list/list-pager';
import { AuditChanges } from './audit-changes';
import { useListAuditEventsQuery } from './audit-api';
import { actionLabel, auditLogLink, utcTime } from './audit-text';
import { approvalLine, isApprovalAction } from '../../../common/approval-text';

const PAGE_SIZE = 5;

/**
 * A record's own history (restaurant page, booking detail): its audit events, newest first,
 * five at a time, with a link to the Audit Log filtered to the record. An approval request's
 * event says what became of it ("… requested by Sam Support, approved by Fiona Finance").
 */
export function RecordHistory({ entityType, entityId }: { entityType: string; entityId: string }) {
  const [page, setPage] = useState(1);
  const events = useListAuditEventsQuery({
    entityType,
    entityId,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const rows = events.data?.data ?? [];
  const total = events.data?.count ?? 0;
  return (
    <Flex vertical gap="small" data-testid="record-history">
      {events.isLoading ? <Spin /> : null}
      {events.isError ? (
        <Alert
          type="error"
          showIcon
          title="Failed to load the history"
          action={<Button onClick={() => void events.refetch()}>Retry</Button>}
        />
      ) : null}
      {!events.isLoading && !events.isError && !rows.length ? (
        <Typography.Text type="secondary">No changes recorded yet</Typography.Text>
      ) : null}
      {rows.length ? (
        <Timeline
          items={rows.map((event) => ({
            key: event._id,
            content: (
              <Flex vertical>
                <strong>{actionLabel(event.action)}</strong>
                {isApprovalAction(event.action) ? (
                  <span>
                    {approvalLine(event.action, event.details, event.actor?.name ?? null)}
                  </span>
                ) : null}
                <AuditChanges event={event} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {event.actor ? event.actor.name || event.actor.email : 'System'} ·{' '}
                  {utcTime(event.createdAt)}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      ) : null}
      {pageCountOf(total, PAGE_SIZE) > 1 ? (
        <ListPager page={page} pageCount={pageCountOf(total, PAGE_SIZE)} onPageChange={setPage} />
      ) : null}
      <Link to={auditLogLink(entityType, entityId)}>View in Audit Log</Link>
    </Flex>
  );
}
