import { useState } from 'react';
import { Button, Flex, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ContentStatus, ContentType, StaticContent } from '../../api/types';
import { notify } from '../../lib/notify';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import type { Versioned } from '../../api/versions';
import { ConfirmModal } from '../../components/confirm-modal';
import { ConflictNotice, ConflictPopover } from '../../components/conflict/conflict-notice';
import { useConflict } from '../../components/conflict/use-conflict';
import { useRowWrite, type RowAction } from '../../components/conflict/use-row-write';
import { selectFilter } from '../../components/list/list-filters';
import { ListScreen, type ListColumn } from '../../components/list/list-screen';
import { statusColumn, statusLabel } from '../../components/status-badge';
import { formatDateTime } from '../../lib/dates';
import { useCan } from '../auth';
import {
  useCreateStaticContentMutation,
  useDeleteStaticContentMutation,
  useListStaticContentQuery,
  useUpdateStaticContentMutation,
} from './content-api';
import { ContentFormModal, TYPE_OPTIONS, type ContentFormValues } from './content-form-modal';
import { contentErrorText } from './content-messages';

const ALL = { value: '', label: 'All' } as const;

const FILTERS = {
  type: selectFilter<ContentType>('Type', [ALL, ...TYPE_OPTIONS], { width: 130 }),
  status: selectFilter<ContentStatus>(
    'Status',
    [ALL, { value: 'draft', label: 'Draft' }, { value: 'published', label: 'Published' }],
    { width: 140 },
  ),
};

const TEXTS = {
  search: 'Search by title...',
  loading: 'Loading content items...',
  empty: 'No content items found',
  error: {
    http: 'Failed to fetch content items',
    other: 'Failed to load content items. Please try again later.',
  },
};

const COLUMNS: ListColumn<StaticContent>[] = [
  { title: 'Title', key: 'title', text: (item) => item.title },
  { title: 'Type', key: 'type', text: (item) => statusLabel(item.type) },
  { title: 'Slug', key: 'slug', text: (item) => item.slug },
  statusColumn('Status', 'status', (item) => ({ status: item.status })),
  { title: 'Created', key: 'createdAt', text: (item) => formatDateTime(item.createdAt) },
  { title: 'Updated', key: 'updatedAt', text: (item) => formatDateTime(item.updatedAt) },
];

type Editing = { item: StaticContent | null } | null;

export default function ContentListPage() {
  const [create, creating] = useCreateStaticContentMutation();
  const [update, updating] = useUpdateStaticContentMutation();
  const [remove, removing] = useDeleteStaticContentMutation();
  // Without the permission the list is read-only: no Create, no row actions.
  const canWrite = useCan('content.write');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StaticContent | null>(null);
  const [busySlug, setBusySlug] = useState<string | null>(null);

  // An item a colleague changed since it was opened: the form keeps what was typed.
  const conflict = useConflict();
  const saved = (result: { message?: string }, updated: boolean) => {
    notify.success(
      result.message || (updated ? 'Content updated successfully' : 'Content created successfully'),
    );
    setEditing(null);
  };
  const failed = (error: unknown, updated: boolean) =>
    notify.error(
      contentErrorText(error, updated ? 'Failed to update content' : 'Failed to create content'),
    );

  const save = async (values: ContentFormValues) => {
    const item = editing?.item;
    conflict.clear();
    const send = (versioned: Versioned) =>
      update({ slug: item!.slug, body: values, ...versioned }).unwrap();
    try {
      saved(item ? await send({ version: item.version }) : await create(values).unwrap(), !!item);
    } catch (error) {
      const mine = { title: values.title, type: values.type };
      if (!item || !conflict.caught(error, { sent: item.version, mine, send })) {
        failed(error, !!item);
      }
    }
  };

  // Publish, unpublish or delete of an item a colleague changed since the list was read: the
  // compact notice beside the row's button, nothing changed.
  const rowWrite = useRowWrite();
  const dispatch = useAppDispatch();
  const publishFailed = (error: unknown, publish: boolean) =>
    notify.error(
      contentErrorText(
        error,
        publish ? 'Failed to publish content' : 'Failed to unpublish content',
      ),
    );
  const reloadItem = (item: StaticContent) =>
    dispatch(api.util.invalidateTags([{ type: 'StaticContent', id: item._id }]));
  const publishAction = (item: StaticContent): RowAction => {
    const publish = item.status === 'draft';
    return {
      key: `${item._id}:status`,
      reload: () => reloadItem(item),
      done: () =>
        notify.success(
          publish ? 'Content published successfully' : 'Content unpublished successfully',
        ),
      failed: (error) => publishFailed(error, publish),
    };
  };
  const deleteAction = (item: StaticContent): RowAction => ({
    key: `${item._id}:delete`,
    reload: () => reloadItem(item),
    done: (answer) =>
      notify.success((answer as { message?: string }).message || 'Content deleted successfully'),
    failed: (error) => notify.error(contentErrorText(error, 'Failed to delete content')),
  });

  const togglePublished = async (item: StaticContent) => {
    const status: ContentStatus = item.status === 'draft' ? 'published' : 'draft';
    setBusySlug(item.slug);
    await rowWrite.write(publishAction(item), {
      version: item.version,
      mine: { status },
      send: (versioned) => update({ slug: item.slug, body: { status }, ...versioned }).unwrap(),
    });
    setBusySlug(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const item = deleting;
    const outcome = await rowWrite.write(deleteAction(item), {
      version: item.version,
      send: (versioned) => remove({ slug: item.slug, ...versioned }).unwrap(),
    });
    // A failure keeps the question open; a conflict is shown beside the row's Delete.
    if (outcome !== 'failed') setDeleting(null);
  };

  return (
    <Flex vertical gap="middle">
      <ListScreen
        query={useListStaticContentQuery}
        savedViews={{ screen: 'content' }}
        filters={FILTERS}
        exportCsv={{ list: 'content', path: '/admin/exports/content' }}
        clearable
        toolbar={
          canWrite ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ item: null })}
            >
              Create Content
            </Button>
          ) : undefined
        }
        texts={TEXTS}
        retry="first-page"
        columns={COLUMNS}
        actions={
          canWrite
            ? (item) => (
                <Space>
                  <Button size="small" onClick={() => setEditing({ item })}>
                    Edit
                  </Button>
                  <ConflictPopover {...rowWrite.beside(publishAction(item))}>
                    <Button
                      size="small"
                      type={item.status === 'draft' ? 'primary' : 'default'}
                      loading={busySlug === item.slug}
                      onClick={() => void togglePublished(item)}
                    >
                      {item.status === 'draft' ? 'Publish' : 'Unpublish'}
                    </Button>
                  </ConflictPopover>
                  <ConflictPopover {...rowWrite.beside(deleteAction(item))}>
                    <Button size="small" danger onClick={() => setDeleting(item)}>
                      Delete
                    </Button>
                  </ConflictPopover>
                </Space>
              )
            : undefined
        }
      />
      {editing ? (
        <ContentFormModal
          key={editing.item ? `${editing.item._id} ${editing.item.version}` : 'new'}
          item={editing.item}
          busy={creating.isLoading || updating.isLoading}
          onSubmit={(values) => void save(values)}
          onCancel={() => {
            conflict.clear();
            setEditing(null);
          }}
          notice={
            <ConflictNotice
              state={conflict}
              // Take theirs: the form again, filled from the item as it is now.
              onReload={() => {
                const now = conflict.conflict?.answer.current as StaticContent | null;
                if (now) setEditing({ item: now });
              }}
              onSaved={(answer) => saved(answer as { message?: string }, true)}
              onFailed={(error) => failed(error, true)}
            />
          }
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
