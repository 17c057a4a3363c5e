import { Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { AuditEvent } from '../../api/types';
import {
  dateRangeFilter,
  labelsFilter,
  rangeEndFilter,
  tagFilter,
} from '../../components/list/list-filters';
import { CellText } from '../../components/list/cell-text';
import { ListScreen, type ListColumn } from '../../components/list/list-screen';
import { AuditChanges } from './audit-changes';
import { useListAuditEventsQuery } from './audit-api';
import {
  ACTION_LABELS,
  RECORD_TYPE_LABELS,
  actionLabel,
  changeLines,
  recordLink,
  recordTypeLabel,
  utcTime,
} from './audit-text';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only values the contract takes are read from the URL (an old link may hold others). */
const FILTERS = {
  action: labelsFilter('Action', 'All actions', ACTION_LABELS, { width: 260 }),
  // Another record type: the record of the old one no longer applies.
  entityType: labelsFilter('Record type', 'All records', RECORD_TYPE_LABELS, {
    width: 180,
    clears: ['entityId'],
  }),
  from: dateRangeFilter('Date range (UTC)', 'to'),
  to: rangeEndFilter('Date range (UTC)'),
  // Set by a row's admin link; named after the admin when a row on screen is theirs.
  actorId: tagFilter<AuditEvent>(
    'Admin',
    (value) => UUID.test(value),
    (id, rows) => `Admin: ${rows?.find((e) => e.actor?._id === id)?.actor?.name ?? id}`,
  ),
  // Set by a link to a record's history (e.g. from its History card).
  entityId: tagFilter<AuditEvent>(
    'Record',
    (value) => value.length <= 100,
    (id, rows) => `Record: ${rows?.[0]?.entity.name ?? id}`,
  ),
};

const LOAD_FAILED = 'Failed to load audit events. Please try again later.';
const TEXTS = {
  search: 'Search by record or admin...',
  loading: 'Loading audit events...',
  empty: 'No audit events found',
  error: { http: LOAD_FAILED, other: LOAD_FAILED },
};

const adminText = (event: AuditEvent) =>
  event.actor ? event.actor.name || event.actor.email || '' : 'System';
const recordName = (event: AuditEvent) => event.entity.name || recordTypeLabel(event.entity.type);

const COLUMNS: ListColumn<AuditEvent, keyof typeof FILTERS>[] = [
  {
    title: 'Time',
    key: 'time',
    text: (event) => utcTime(event.createdAt),
    render: (event) => <span style={{ whiteSpace: 'nowrap' }}>{utcTime(event.createdAt)}</span>,
  },
  {
    title: 'Admin',
    key: 'admin',
    text: adminText,
    render: (event, list) =>
      event.actor ? (
        <CellText text={adminText(event)}>
          {/* A real link (focusable, opens in a new tab too); a click filters in place. */}
          <Typography.Link
            href={`?actorId=${encodeURIComponent(event.actor._id)}`}
            onClick={(click) => {
              click.preventDefault();
              list.setFilter('actorId', event.actor!._id);
            }}
          >
            {adminText(event)}
          </Typography.Link>
        </CellText>
      ) : (
        <Typography.Text type="secondary">System</Typography.Text>
      ),
  },
  { title: 'Action', key: 'action', text: (event) => actionLabel(event.action) },
  {
    title: 'Record',
    key: 'record',
    text: (event) => `${recordTypeLabel(event.entity.type)}: ${recordName(event)}`,
    render: (event) => {
      const link = recordLink(event);
      return (
        <Flex vertical>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {recordTypeLabel(event.entity.type)}
          </Typography.Text>
          <CellText text={recordName(event)}>
            {link ? <Link to={link}>{recordName(event)}</Link> : undefined}
          </CellText>
        </Flex>
      );
    },
  },
  {
    title: 'Changes',
    key: 'changes',
    text: (event) => changeLines(event).join('\n') || '—',
    render: (event) => <AuditChanges event={event} />,
  },
];

export default function AuditLogPage() {
  return (
    <ListScreen
      query={useListAuditEventsQuery}
      exportCsv={{ list: 'audit-log', path: '/admin/exports/audit-logs' }}
      savedViews={{ screen: 'audit-log' }}
      columns={COLUMNS}
      filters={FILTERS}
      texts={TEXTS}
      clearable
    />
  );
}
