import { Flex, Typography } from 'antd';
import type { AuditEvent } from '../../api/types';
import { changeText, exportFilterTexts } from './audit-text';

/**
 * The event's changes, one "field: before → after" line each (none: a dash); an export's search
 * and filters, one "name: value" line each.
 */
export function AuditChanges({ event }: { event: AuditEvent }) {
  if (event.action === 'list.export') {
    return (
      <Flex vertical gap={2}>
        {exportFilterTexts(event.details).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </Flex>
    );
  }
  if (!event.changes.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {event.changes.map((change) => (
        <span key={change.field}>{changeText(change)}</span>
      ))}
    </Flex>
  );
}
