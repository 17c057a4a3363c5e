import { Flex, Typography } from 'antd';
import type { AuditEvent } from '../../api/types';
import { changeLines } from './audit-text';

/**
 * The event's changes, one "field: before → after" line each (none: a dash); an export's search
 * and filters, one "name: value" line each.
 */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const lines = changeLines(event);
  if (!lines.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {lines.map((line, index) => (
        <span key={`${index}:${line}`}>{line}</span>
      ))}
    </Flex>
  );
}
