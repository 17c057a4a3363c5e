/**
 * The one configurable screen behind every reference list (booking types, menu categories, menu
 * ingredients, allergies, dietary preferences, cuisines): common/reference-lists.ts holds what
 * differs.
 */
import { useState } from 'react';
import { Avatar, Button, Flex, Space } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { errorText } from '../../api/errors';
import { notify } from '../../lib/notify';
import { api } from '../../api/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConflictNotice, ConflictPopover } from '../../components/conflict/conflict-notice';
import { useConflict } from '../../components/conflict/use-conflict';
import { useRowWrite, type RowAction } from '../../components/conflict/use-row-write';
import type { Versioned } from '../../api/versions';
import { ConfirmModal } from '../../components/confirm-modal';
import type { ExportCsv } from '../../components/list/export-button';
import { CellText } from '../../components/list/cell-text';
import { ListScreen, type ListColumn } from '../../components/list/list-screen';
import { useFirstPage } from '../../components/list/use-list-query';
import { statusColumn } from '../../components/status-badge';
import { formatShortDate } from '../../lib/dates';
import { useCan } from '../auth';
import { assetUrl } from './asset-url';
import {
  COUNT_COLUMNS,
  COUNT_TITLES,
  REFERENCE_LISTS,
  type ReferenceList,
  type ReferenceListKey,
} from '../../../common/reference-lists';
import {
  type ReferenceRow,
  useDeleteReferenceItemMutation,
  useListReferenceItemsQuery,
  useSaveReferenceItemMutation,
} from './reference-data-api';
import { ReferenceFormModal, type ReferenceFormValues } from './reference-form-modal';

/** The list's export: its file name and operation (the list's search only, no other argument). */
const exportOf = ({ exportFile, operations }: ReferenceList): ExportCsv => ({
  list: exportFile,
  path: operations.export.path,
});

export interface ReferenceDataPageProps {
  entity: ReferenceListKey;
}

export default function ReferenceDataPage({ entity }: ReferenceDataPageProps) {
  // A new key per list: moving between two of these routes starts a fresh screen.
  return <ReferenceDataScreen key={entity} config={REFERENCE_LISTS[entity]} />;
}

/** A missing status counts as active (spec 02 §3). */
const isActive = (row: ReferenceRow) => !('status' in row) || row.status !== false;

function ReferenceDataScreen({ config }: { config: ReferenceList }) {
  const { texts, messages, toastSeconds: seconds } = config;
  const canDelete = config.operations.delete !== undefined;
  const firstPage = useFirstPage();
  const adminId = useAppSelector((state) => state.auth.user?._id);
  const [saveItem, saving] = useSaveReferenceItemMutation();
  const [deleteItem, deleting] = useDeleteReferenceItemMutation();
  // Without the permission the list is read-only: no Add, no row actions.
  const canWrite = useCan('reference.write');
  const [form, setForm] = useState<{ row?: ReferenceRow } | null>(null);
  const [deleted, setDeleted] = useState<ReferenceRow | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  // An entry a colleague changed since the form opened: the name typed stays in the form.
  const conflict = useConflict();
  // A toggle or a delete of an entry a colleague changed since the list was read: the compact
  // notice beside the row's button.
  const rowWrite = useRowWrite();
  const dispatch = useAppDispatch();
  const reloadRow = (row: ReferenceRow) =>
    dispatch(api.util.invalidateTags([{ type: config.key, id: row._id }]));
  const saved = (result: { message?: string }, edited: boolean) => {
    notify.success(
      result.message || (edited ? messages.updated : messages.created),
      undefined,
      seconds,
    );
    setForm(null);
    if (!edited) firstPage();
  };
  const failed = (error: unknown, edited: boolean) =>
    notify.error(errorText(error, edited ? messages.update : messages.create), undefined, seconds);

  const submit = async ({ name, image }: ReferenceFormValues) => {
    const row = form?.row;
    conflict.clear();
    const send = (versioned: Versioned) =>
      saveItem({ entity: config.key, id: row!._id, name, image, ...versioned }).unwrap();
    try {
      saved(
        row
          ? await send({ version: row.version })
          : await saveItem({ entity: config.key, name, image }).unwrap(),
        !!row,
      );
    } catch (error) {
      if (!row || !conflict.caught(error, { sent: row.version, mine: { name }, send })) {
        failed(error, !!row);
      }
    }
  };

  const statusFailed = (error: unknown) =>
    notify.error(
      errorText(error, { http: messages.status, other: messages.status }),
      undefined,
      seconds,
    );
  const toggleAction = (row: ReferenceRow): RowAction => ({
    key: `${row._id}:status`,
    reload: () => reloadRow(row),
    done: (answer) =>
      notify.success(
        (answer as { message?: string }).message || messages.updated,
        undefined,
        seconds,
      ),
    failed: statusFailed,
  });
  const toggle = async (row: ReferenceRow) => {
    setBusyId(row._id);
    const status = !isActive(row);
    await rowWrite.write(toggleAction(row), {
      version: row.version,
      mine: { status },
      send: (versioned) =>
        saveItem({ entity: config.key, id: row._id, status, ...versioned }).unwrap(),
    });
    setBusyId(null);
  };

  const deleteFailed = (error: unknown) => {
    const fallback = messages.delete ?? '';
    notify.error(errorText(error, { http: fallback, other: fallback }), undefined, seconds);
  };
  const deleteAction = (row: ReferenceRow): RowAction => ({
    key: `${row._id}:delete`,
    reload: () => reloadRow(row),
    done: (answer) =>
      notify.success(
        (answer as { message?: string }).message || messages.deleted || '',
        undefined,
        seconds,
      ),
    failed: deleteFailed,
  });
  const remove = async () => {
    if (!deleted) return;
    const row = deleted;
    const outcome = await rowWrite.write(deleteAction(row), {
      version: row.version,
      send: (versioned) => deleteItem({ entity: config.key, id: row._id, ...versioned }).unwrap(),
    });
    // A failure keeps the question open; a conflict is shown beside the row's Delete.
    if (outcome !== 'failed') setDeleted(null);
  };

  const columns: ListColumn<ReferenceRow>[] = [
    {
      title: 'Name',
      key: 'name',
      text: (row) => row.name,
      // Without an image the name is plain text (one line, ellipsis and tooltip when long).
      render: config.hasImage
        ? (row) => (
            <CellText
              text={row.name}
              icon={
                <Avatar
                  shape="square"
                  size={40}
                  src={'image' in row ? assetUrl(row.image) : undefined}
                  icon={<PictureOutlined />}
                  alt={row.name}
                />
              }
            />
          )
        : undefined,
    },
    { title: 'Created Date', key: 'createdAt', text: (row) => formatShortDate(row.createdAt) },
    ...COUNT_COLUMNS[config.counts].map((column) => ({
      title: COUNT_TITLES[column],
      key: column,
      text: (row: ReferenceRow) => String((row as Record<string, unknown>)[column] ?? ''),
    })),
    ...(config.hasStatus
      ? [
          statusColumn('Status', 'status', (row: ReferenceRow) => ({
            status: isActive(row) ? 'active' : 'inactive',
          })),
        ]
      : []),
  ];

  const actions = (row: ReferenceRow) => (
    <Space>
      <Button size="small" onClick={() => setForm({ row })}>
        Edit
      </Button>
      {config.hasStatus ? (
        <ConflictPopover {...rowWrite.beside(toggleAction(row))}>
          <Button
            size="small"
            danger={isActive(row)}
            loading={busyId === row._id}
            onClick={() => void toggle(row)}
          >
            {isActive(row) ? 'Deactivate' : 'Activate'}
          </Button>
        </ConflictPopover>
      ) : null}
      {canDelete ? (
        <ConflictPopover {...rowWrite.beside(deleteAction(row))}>
          <Button size="small" danger onClick={() => setDeleted(row)}>
            Delete
          </Button>
        </ConflictPopover>
      ) : null}
    </Space>
  );

  return (
    <Flex vertical gap="middle">
      <ListScreen
        query={useListReferenceItemsQuery}
        args={{
          entity: config.key,
          ...(config.sendsAddedById && adminId ? { addedById: adminId } : {}),
        }}
        searchIn={config.localPaging ? (row) => row.name : undefined}
        exportCsv={{ ...exportOf(config), args: {} }}
        toolbar={
          canWrite ? (
            <Button type="primary" onClick={() => setForm({})}>
              {texts.addButton}
            </Button>
          ) : undefined
        }
        texts={{
          search: texts.searchPlaceholder,
          loading: texts.loading,
          empty: texts.empty,
          error: messages.load,
        }}
        retry={config.retry}
        columns={columns}
        actions={canWrite ? actions : undefined}
      />
      <ReferenceFormModal
        config={config}
        state={form}
        busy={saving.isLoading && busyId === null}
        onSubmit={(values) => void submit(values)}
        onCancel={() => {
          conflict.clear();
          setForm(null);
        }}
        notice={
          <ConflictNotice
            state={conflict}
            // Take theirs: the form filled from the entry as it is now.
            onReload={() => {
              const now = conflict.conflict?.answer.current as ReferenceRow | null;
              if (now) setForm({ row: now });
            }}
            onSaved={(answer) => saved(answer as { message?: string }, true)}
            onFailed={(error) => failed(error, true)}
          />
        }
      />
      {canDelete ? (
        <ConfirmModal
          open={deleted !== null}
          title={messages.deleteTitle ?? ''}
          message={(messages.deleteQuestion ?? '').replace('{name}', () => deleted?.name ?? '')}
          detail="This action cannot be undone."
          confirmText="Delete"
          danger
          loading={deleting.isLoading}
          onConfirm={() => void remove()}
          onCancel={() => setDeleted(null)}
        />
      ) : null}
    </Flex>
  );
}
