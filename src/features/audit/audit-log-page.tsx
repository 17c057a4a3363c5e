import { Button, DatePicker, Flex, Input, Select, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { errorText } from '../../api/errors';
import type { AuditAction, AuditEvent } from '../../api/types';
import { ListTable } from '../../components/list/list-table';
import { useListQuery } from '../../components/list/use-list-query';
import { isIsoDay } from '../../lib/dates';
import { AuditChanges } from './audit-changes';
import { useListAuditEventsQuery } from './audit-api';
import {
  ACTION_LABELS,
  RECORD_TYPE_LABELS,
  actionLabel,
  recordLink,
  recordTypeLabel,
  utcTime,
} from './audit-text';

const FILTERS = ['action', 'entityType', 'entityId', 'actorId', 'from', 'to'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only values the contract takes are read from the URL (an old link may hold others). */
const ACCEPT = {
  action: Object.keys(ACTION_LABELS),
  entityType: Object.keys(RECORD_TYPE_LABELS),
  entityId: (value: string) => value.length <= 100,
  actorId: (value: string) => UUID.test(value),
  from: isIsoDay,
  to: isIsoDay,
};
const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label })),
];
const TYPE_OPTIONS = [
  { value: '', label: 'All records' },
  ...Object.entries(RECORD_TYPE_LABELS).map(([value, label]) => ({ value, label })),
];
const LOAD_FAILED = 'Failed to load audit events. Please try again later.';

export default function AuditLogPage() {
  const list = useListQuery({ filters: FILTERS, accept: ACCEPT });
  const { action, entityType, entityId, actorId, from, to } = list.filters;
  const events = useListAuditEventsQuery({
    skip: list.skip,
    limit: list.limit,
    ...(list.search ? { search: list.search } : {}),
    ...{ entityType, entityId, actorId, from, to },
    action: action as AuditAction | undefined,
  });
  const rows = events.data?.data;
  const actorName = actorId ? rows?.find((e) => e.actor?._id === actorId)?.actor?.name : undefined;

  return (
    <Flex vertical gap="middle">
      <Flex gap="middle" wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search by record or admin..."
          aria-label="Search by record or admin..."
          value={list.searchInput}
          onChange={(event) => list.setSearch(event.target.value)}
          style={{ maxWidth: 320 }}
        />
        <Select
          aria-label="Action"
          value={action ?? ''}
          options={ACTION_OPTIONS}
          onChange={(value) => list.setFilter('action', value)}
          style={{ width: 260 }}
        />
        <Select
          aria-label="Record type"
          value={entityType ?? ''}
          options={TYPE_OPTIONS}
          onChange={(value) => {
            list.setFilter('entityId', undefined);
            list.setFilter('entityType', value);
          }}
          style={{ width: 180 }}
        />
        <DatePicker.RangePicker
          aria-label="Date range (UTC)"
          format="YYYY-MM-DD"
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          allowEmpty={[true, true]}
          onChange={(range) => {
            list.setFilter('from', range?.[0]?.format('YYYY-MM-DD'));
            list.setFilter('to', range?.[1]?.format('YYYY-MM-DD'));
          }}
        />
        <Button onClick={list.clearFilters}>Clear Filters</Button>
      </Flex>
      {actorId || entityId ? (
        <Flex gap="small" wrap>
          {actorId ? (
            <Tag closable onClose={() => list.setFilter('actorId', undefined)}>
              Admin: {actorName ?? actorId}
            </Tag>
          ) : null}
          {entityId ? (
            <Tag closable onClose={() => list.setFilter('entityId', undefined)}>
              Record: {rows?.[0]?.entity.name ?? entityId}
            </Tag>
          ) : null}
        </Flex>
      ) : null}
      <ListTable<AuditEvent>
        rows={rows}
        total={events.data?.count}
        page={list.page}
        onPageChange={list.setPage}
        isLoading={events.isLoading}
        isFetching={events.isFetching}
        error={
          events.isError ? errorText(events.error, { http: LOAD_FAILED, other: LOAD_FAILED }) : null
        }
        loadingText="Loading audit events..."
        emptyText="No audit events found"
        onRetry={() => void events.refetch()}
        columns={[
          {
            title: 'Time',
            key: 'time',
            render: (_, event) => (
              <span style={{ whiteSpace: 'nowrap' }}>{utcTime(event.createdAt)}</span>
            ),
          },
          {
            title: 'Admin',
            key: 'admin',
            render: (_, event) =>
              event.actor ? (
                <Typography.Link onClick={() => list.setFilter('actorId', event.actor!._id)}>
                  {event.actor.name || event.actor.email}
                </Typography.Link>
              ) : (
                <Typography.Text type="secondary">System</Typography.Text>
              ),
          },
          { title: 'Action', key: 'action', render: (_, event) => actionLabel(event.action) },
          {
            title: 'Record',
            key: 'record',
            render: (_, event) => {
              const link = recordLink(event);
              const name = event.entity.name || recordTypeLabel(event.entity.type);
              return (
                <Flex vertical>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {recordTypeLabel(event.entity.type)}
                  </Typography.Text>
                  {link ? <Link to={link}>{name}</Link> : <span>{name}</span>}
                </Flex>
              );
            },
          },
          {
            title: 'Changes',
            key: 'changes',
            render: (_, event) => <AuditChanges event={event} />,
          },
        ]}
      />
    </Flex>
  );
}
