import { useEffect, useState } from 'react';
import { Button, Flex, Select, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { errorText, httpStatus, serverMessage } from '../../api/errors';
import {
  useCreateSavedViewMutation,
  useDeleteSavedViewMutation,
  useListSavedViewsQuery,
  useRenameSavedViewMutation,
} from '../../api/saved-views-api';
import type { SavedView, SavedViewScreen } from '../../api/types';
import { notify } from '../../lib/notify';
import { ConfirmModal } from '../confirm-modal';
import { ConflictNotice, ConflictPopover } from '../conflict/conflict-notice';
import { useConflict } from '../conflict/use-conflict';
import { useRowWrite, type RowAction } from '../conflict/use-row-write';
import type { Versioned } from '../../api/versions';
import { paramName } from './list-url';
import {
  applyView,
  sameFilters,
  VIEW_PARAM,
  viewFilters,
  type ViewParams,
} from './saved-views-url';
import { ViewNameModal } from './view-name-modal';

/** A list screen's saved views: which screen, and URL parameters it holds beside its filters. */
export interface SavedViewsOption {
  screen: SavedViewScreen;
  /** e.g. the bookings screen's `restaurant` (a filter set by a link, not by a control) */
  params?: readonly string[];
}

export interface SavedViewsProps {
  screen: SavedViewScreen;
  /** The URL parameters a view holds on this list (besides `search`). */
  params: ViewParams;
  /**
   * What the list shows now: its search and filters by name, as the list reads them (values it
   * does not accept are unset). Other parameters of `params` are read from the URL.
   */
  values: Readonly<Record<string, string | undefined>>;
}

const creator = (view: SavedView) =>
  view.createdBy ? `${view.createdBy.name} (${view.createdBy.email})` : 'a removed account';

/** Names of filters that no longer apply, in words ("restaurant", "status and rating"). */
const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];

/**
 * The list's saved views (shared by every admin): a "Saved views" select that applies one (the
 * URL changes as if its values were typed), "Save view", "Rename view" and "Delete view" (asked
 * first). A link with `?view=<id>` opens the list with that view applied.
 */
export function SavedViews({ screen, params, values }: SavedViewsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = Object.fromEntries(
    params.names.map((name) => [name, searchParams.get(paramName(params.prefix, name)) ?? '']),
  );
  const current = viewFilters({ ...fromUrl, ...values }, ['search', ...params.names]);
  const views = useListSavedViewsQuery(screen);
  const [createView, creating] = useCreateSavedViewMutation();
  const [renameView, renaming] = useRenameSavedViewMutation();
  const [deleteView, deleting] = useDeleteSavedViewMutation();
  const [naming, setNaming] = useState<'save' | 'rename' | null>(null);
  const [nameError, setNameError] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The view as it was when Rename was opened: its name fills the field and its version is what
  // the rename is sent against, even when a colleague's change of it is read meanwhile.
  const [renameFrom, setRenameFrom] = useState<SavedView | null>(null);
  // A colleague changed the view since: their name beside the one typed, which stays.
  const conflict = useConflict();

  const list = views.data?.data ?? [];
  const shown = list.find((view) => sameFilters(view.filters, current));

  const apply = (view: SavedView, replace = false) => {
    setSearchParams((now) => applyView(now, params, view.filters), { replace });
    if (view.ignoredFilters.length) {
      notify.info(
        `Some filters of "${view.name}" no longer apply and were left out: ${listed(view.ignoredFilters)}`,
      );
    }
  };

  // A view's link: apply it once the views are known, then drop the parameter.
  const linked = searchParams.get(VIEW_PARAM);
  useEffect(() => {
    if (!linked || !views.isSuccess) return;
    const view = views.data.data.find((v) => v._id === linked);
    if (view) apply(view, true);
    else {
      notify.error('This saved view no longer exists');
      setSearchParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.delete(VIEW_PARAM);
          return next;
        },
        { replace: true },
      );
    }
    // apply depends on the views, which the condition already follows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked, views.isSuccess, views.data]);

  const closeNaming = () => {
    conflict.clear();
    setNaming(null);
    setNameError(undefined);
  };
  const refusal = (error: unknown, fallback: string) =>
    httpStatus(error) === 400 || httpStatus(error) === 409
      ? (serverMessage(error) ?? fallback)
      : errorText(error, { http: fallback, other: fallback });

  const save = async (name: string) => {
    try {
      if (naming === 'rename' && renameFrom) {
        const from = renameFrom;
        conflict.clear();
        const send = (versioned: Versioned) =>
          renameView({ id: from._id, name, screen, ...versioned }).unwrap();
        try {
          await send({ version: from.version });
        } catch (error) {
          if (conflict.caught(error, { sent: from.version, mine: { name }, send })) return;
          throw error;
        }
        notify.success('View renamed');
      } else {
        await createView({ screen, name, filters: current }).unwrap();
        notify.success('View saved');
      }
      closeNaming();
    } catch (error) {
      setNameError(refusal(error, 'Failed to save the view'));
    }
  };

  // A delete of a view a colleague changed since it was read: the compact notice beside
  // Delete view, nothing deleted.
  const rowWrite = useRowWrite();
  const deleteAction = (view: SavedView): RowAction => ({
    key: `${view._id}:delete`,
    reload: () => void views.refetch(),
    done: () => notify.success('View deleted'),
    failed: (error) => notify.error(refusal(error, 'Failed to delete the view')),
  });
  const remove = async () => {
    if (!shown) return;
    const view = shown;
    await rowWrite.write(deleteAction(view), {
      version: view.version,
      send: (versioned) => deleteView({ id: view._id, screen, ...versioned }).unwrap(),
    });
    setConfirmDelete(false);
  };

  return (
    <Space wrap>
      <Select
        aria-label="Saved views"
        placeholder="Saved views"
        style={{ minWidth: 200 }}
        loading={views.isFetching}
        value={shown?._id ?? null}
        onChange={(id: string) => {
          const view = list.find((v) => v._id === id);
          if (view) apply(view);
        }}
        notFoundContent={views.isError ? 'Failed to load saved views' : 'No saved views'}
        options={list.map((view) => ({ value: view._id, label: view.name, view }))}
        optionRender={({ data }) => (
          <Flex vertical>
            <span>{data.view.name}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              by {creator(data.view)}
            </Typography.Text>
          </Flex>
        )}
      />
      <Button onClick={() => setNaming('save')}>Save view</Button>
      {shown ? (
        <>
          <Button
            onClick={() => {
              setRenameFrom(shown);
              setNaming('rename');
            }}
          >
            Rename view
          </Button>
          <ConflictPopover {...rowWrite.beside(deleteAction(shown))}>
            <Button danger onClick={() => setConfirmDelete(true)}>
              Delete view
            </Button>
          </ConflictPopover>
        </>
      ) : null}
      <ViewNameModal
        open={naming !== null}
        title={naming === 'rename' ? 'Rename view' : 'Save view'}
        okText={naming === 'rename' ? 'Rename' : 'Save'}
        initial={naming === 'rename' ? renameFrom?.name : ''}
        error={nameError}
        notice={
          <ConflictNotice
            state={conflict}
            onReload={() => {
              const now = conflict.conflict?.answer.current as SavedView | null;
              if (now) setRenameFrom(now);
            }}
            onSaved={() => {
              notify.success('View renamed');
              closeNaming();
            }}
            onFailed={(error) => setNameError(refusal(error, 'Failed to save the view'))}
          />
        }
        saving={creating.isLoading || renaming.isLoading}
        onSubmit={(name) => void save(name)}
        onCancel={closeNaming}
      />
      <ConfirmModal
        open={confirmDelete}
        title="Delete view"
        message={`Are you sure you want to delete the view "${shown?.name ?? ''}"?`}
        detail={shown ? `Saved by ${creator(shown)}. Every admin will stop seeing it.` : undefined}
        confirmText="Delete"
        danger
        loading={deleting.isLoading}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Space>
  );
}
