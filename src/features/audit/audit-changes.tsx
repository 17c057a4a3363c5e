import { Flex, Typography } from 'antd';
import type { AuditEvent } from '../../api/types';
import { changeText } from './audit-text';

/** The event's changes, one "field: before → after" line each (none: a dash). */
export function AuditChanges({ event }: { event: AuditEvent }) {
  if (!event.changes.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {event.changes.map((change) => (
        <span key={change.field}>{changeText(change)}</span>
      ))}
    </Flex>
  );
}
