import { useState } from 'react';
import { Button, Flex, Space } from 'antd';
import { api } from '../../api/api';
import { errorText } from '../../api/errors';
import type { Versioned } from '../../api/versions';
import { useAppDispatch } from '../../app/hooks';
import { ConflictPopover } from '../../components/conflict/conflict-notice';
import { useConflict } from '../../components/conflict/use-conflict';
import type { User } from '../../api/types';
import { notify } from '../../lib/notify';
import { ConfirmModal } from '../../components/confirm-modal';
import { ListScreen, type ListColumn } from '../../components/list/list-screen';
import { statusColumn } from '../../components/status-badge';
import { formatShortDate } from '../../lib/dates';
import { useCan } from '../auth';
import { PlatformFeeEditor } from './platform-fee-editor';
import { UserDetailsModal } from './user-details-modal';
import {
  useBulkUpdateUserStatusMutation,
  useListUsersQuery,
  useUpdateUserStatusMutation,
} from './users-api';

const TEXTS = {
  search: 'Search users by name or email...',
  loading: 'Loading users...',
  empty: 'No users found',
  error: {
    http: 'Failed to fetch users',
    other: 'Failed to load users. Please try again later.',
  },
};

const fullName = (user: User) => `${user.firstName} ${user.lastName}`;

const COLUMNS: ListColumn<User>[] = [
  { title: 'Name', key: 'name', text: fullName },
  { title: 'Email', key: 'email', text: (user) => user.email },
  { title: 'Role', key: 'role', text: (user) => user.role },
  { title: 'Registered Date', key: 'createdAt', text: (user) => formatShortDate(user.createdAt) },
  statusColumn('Status', 'status', (user) => ({ status: user.status ? 'active' : 'inactive' })),
];

export default function UsersPage() {
  const [updateStatus] = useUpdateUserStatusMutation();
  const [bulkUpdate] = useBulkUpdateUserStatusMutation();
  const canSetStatus = useCan('users.status');
  const canExport = useCan('users.export');
  const canSetFee = useCan('config.update');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [viewedId, setViewedId] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<User | null>(null);

  /** Activating is one click; deactivating asks first. */
  const requestToggle = (user: User) => {
    if (user.status) setDeactivating(user);
    else void toggle(user);
  };

  const dispatch = useAppDispatch();
  // A user changed by a colleague since the list was read: shown beside the row's button.
  const conflict = useConflict();
  const failed = (error: unknown) =>
    notify.error(
      errorText(error, {
        http: 'Failed to update user status',
        other: 'Failed to update user status',
      }),
    );

  const toggle = async (user: User) => {
    setDeactivating(null);
    setBusyId(user._id);
    conflict.clear();
    const status = !user.status;
    const send = (versioned: Versioned) =>
      updateStatus({ id: user._id, status, ...versioned }).unwrap();
    try {
      await send({ version: user.version });
    } catch (error) {
      if (conflict.caught(error, { key: user._id, sent: user.version, mine: { status }, send })) {
        setViewedId((open) => (open === user._id ? null : open));
      } else failed(error);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Flex vertical gap="middle">
      {canSetFee ? <PlatformFeeEditor /> : null}
      <ListScreen
        query={useListUsersQuery}
        savedViews={{ screen: 'users' }}
        texts={TEXTS}
        exportCsv={canExport ? { list: 'users', path: '/admin/exports/users' } : undefined}
        columns={COLUMNS}
        bulk={{
          actions: canSetStatus
            ? [
                { key: 'activate', label: 'Activate' },
                { key: 'deactivate', label: 'Deactivate', danger: true },
              ]
            : [],
          run: (action, items) => bulkUpdate({ items, status: action === 'activate' }).unwrap(),
          name: fullName,
          failed: 'Failed to update user status',
        }}
        actions={(user) => (
          <Space>
            <Button size="small" onClick={() => setViewedId(user._id)}>
              View
            </Button>
            {canSetStatus ? (
              <ConflictPopover
                state={conflict}
                conflictKey={user._id}
                onReload={() => dispatch(api.util.invalidateTags([{ type: 'User', id: user._id }]))}
                onFailed={failed}
              >
                <Button
                  size="small"
                  danger={user.status}
                  loading={busyId === user._id}
                  onClick={() => requestToggle(user)}
                >
                  {user.status ? 'Deactivate' : 'Activate'}
                </Button>
              </ConflictPopover>
            ) : null}
          </Space>
        )}
      >
        {(rows) => {
          const viewed = rows?.find((user) => user._id === viewedId) ?? null;
          return (
            <UserDetailsModal
              user={viewed}
              busy={viewed !== null && busyId === viewed._id}
              onToggle={canSetStatus ? requestToggle : undefined}
              onClose={() => setViewedId(null)}
            />
          );
        }}
      </ListScreen>
      <ConfirmModal
        open={deactivating !== null}
        title="Deactivate user"
        message={`Deactivate ${deactivating ? fullName(deactivating) : ''}?`}
        detail="They will not be able to sign in until activated again."
        confirmText="Deactivate"
        danger
        onConfirm={() => {
          if (deactivating) void toggle(deactivating);
        }}
        onCancel={() => setDeactivating(null)}
      />
    </Flex>
  );
}
