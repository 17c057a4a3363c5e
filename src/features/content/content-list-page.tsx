import { useState } from 'react';
import { Button, Flex, Input, Select, Space } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { StaticContent, StaticContentQuery } from '../../api/types';
import { notify } from '../../app/notify';
import { ConfirmModal } from '../../components/confirm-modal';
import { ListTable } from '../../components/list/list-table';
import { listTableState } from '../../components/list/list-table-state';
import { useListQuery } from '../../components/list/use-list-query';
import { StatusBadge, statusLabel } from '../../components/status-badge';
import { formatDateTime } from '../../lib/dates';
import {
  useCreateStaticContentMutation,
  useDeleteStaticContentMutation,
  useListStaticContentQuery,
  useUpdateStaticContentMutation,
} from './content-api';
import { ContentFormModal, TYPE_OPTIONS, type ContentFormValues } from './content-form-modal';
import { contentErrorText } from './content-messages';

const FILTERS = ['type', 'status'] as const;
const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
];
const ALL = { value: '', label: 'All' };

/** Only the contract's values are taken from the URL (an old link may hold others). */
const ACCEPT = {
  type: TYPE_OPTIONS.map((option) => option.value),
  status: STATUS_OPTIONS.map((option) => option.value),
};

type Editing = { item: StaticContent | null } | null;

export default function ContentListPage() {
  const list = useListQuery({ filters: FILTERS, accept: ACCEPT });
  const items = useListStaticContentQuery(list.queryArgs as StaticContentQuery);
  const [create, creating] = useCreateStaticContentMutation();
  const [update, updating] = useUpdateStaticContentMutation();
  const [remove, removing] = useDeleteStaticContentMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StaticContent | null>(null);
  const [busySlug, setBusySlug] = useState<string | null>(null);

  const save = async (values: ContentFormValues) => {
    const item = editing?.item;
    try {
      const result = item
        ? await update({ slug: item.slug, body: values }).unwrap()
        : await create(values).unwrap();
      notify.success(
        result.message || (item ? 'Content updated successfully' : 'Content created successfully'),
      );
      setEditing(null);
    } catch (error) {
      notify.error(
        contentErrorText(error, item ? 'Failed to update content' : 'Failed to create content'),
      );
    }
  };

  const togglePublished = async (item: StaticContent) => {
    const publish = item.status === 'draft';
    setBusySlug(item.slug);
    try {
      await update({ slug: item.slug, body: { status: publish ? 'published' : 'draft' } }).unwrap();
      notify.success(
        publish ? 'Content published successfully' : 'Content unpublished successfully',
      );
    } catch (error) {
      notify.error(
        contentErrorText(
          error,
          publish ? 'Failed to publish content' : 'Failed to unpublish content',
        ),
      );
    } finally {
      setBusySlug(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const result = await remove(deleting.slug).unwrap();
      notify.success(result.message || 'Content deleted successfully');
      setDeleting(null);
    } catch (error) {
      notify.error(contentErrorText(error, 'Failed to delete content'));
    }
  };

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" justify="space-between">
        <Space wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search by title..."
            aria-label="Search by title..."
            value={list.searchInput}
            onChange={(event) => list.setSearch(event.target.value)}
            style={{ width: 260 }}
          />
          <Select
            aria-label="Type"
            value={list.filters.type ?? ''}
            options={[ALL, ...TYPE_OPTIONS]}
            onChange={(value) => list.setFilter('type', value)}
            style={{ width: 130 }}
          />
          <Select
            aria-label="Status"
            value={list.filters.status ?? ''}
            options={[ALL, ...STATUS_OPTIONS]}
            onChange={(value) => list.setFilter('status', value)}
            style={{ width: 140 }}
          />
          <Button onClick={list.clearFilters}>Clear Filters</Button>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ item: null })}>
          Create Content
        </Button>
      </Flex>
      <ListTable<StaticContent>
        {...listTableState(items, list, {
          http: 'Failed to fetch content items',
          other: 'Failed to load content items. Please try again later.',
        })}
        loadingText="Loading content items..."
        emptyText="No content items found"
        onRetry={() => {
          list.setPage(1);
          void items.refetch();
        }}
        columns={[
          { title: 'Title', dataIndex: 'title', key: 'title' },
          { title: 'Type', key: 'type', render: (_, item) => statusLabel(item.type) },
          { title: 'Slug', dataIndex: 'slug', key: 'slug' },
          {
            title: 'Status',
            key: 'status',
            render: (_, item) => <StatusBadge status={item.status} />,
          },
          {
            title: 'Created',
            key: 'createdAt',
            render: (_, item) => formatDateTime(item.createdAt),
          },
          {
            title: 'Updated',
            key: 'updatedAt',
            render: (_, item) => formatDateTime(item.updatedAt),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, item) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ item })}>
                  Edit
                </Button>
                <Button
                  size="small"
                  type={item.status === 'draft' ? 'primary' : 'default'}
                  loading={busySlug === item.slug}
                  onClick={() => void togglePublished(item)}
                >
                  {item.status === 'draft' ? 'Publish' : 'Unpublish'}
                </Button>
                <Button size="small" danger onClick={() => setDeleting(item)}>
                  Delete
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <ContentFormModal
          key={editing.item?._id ?? 'new'}
          item={editing.item}
          busy={creating.isLoading || updating.isLoading}
          onSubmit={(values) => void save(values)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        title="Delete Content"
        message={`Are you sure you want to delete "${deleting?.title ?? ''}"?`}
        detail="This action cannot be undone."
        confirmText="Delete"
        danger
        loading={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Flex>
  );
}
