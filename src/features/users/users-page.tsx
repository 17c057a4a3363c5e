import { useState } from 'react';
import { Button, Flex, Space } from 'antd';
import { errorText } from '../../api/errors';
import type { User } from '../../api/types';
import { notify } from '../../lib/notify';
import { ConfirmModal } from '../../components/confirm-modal';
import { ListScreen, type ListColumn } from '../../components/list/list-screen';
import { statusColumn } from '../../components/status-badge';
import { formatShortDate } from '../../lib/dates';
import { useCan } from '../auth';
import { PlatformFeeEditor } from './platform-fee-editor';
import { UserDetailsModal } from './user-details-modal';
import { useListUsersQuery, useUpdateUserStatusMutation } from './users-api';

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

  const toggle = async (user: User) => {
    setDeactivating(null);
    setBusyId(user._id);
    try {
      await updateStatus({ id: user._id, status: !user.status, version: user.version }).unwrap();
    } catch (error) {
      notify.error(
        errorText(error, {
          http: 'Failed to update user status',
          other: 'Failed to update user status',
        }),
      );
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
        actions={(user) => (
          <Space>
            <Button size="small" onClick={() => setViewedId(user._id)}>
              View
            </Button>
            {canSetStatus ? (
              <Button
                size="small"
                danger={user.status}
                loading={busyId === user._id}
                onClick={() => requestToggle(user)}
              >
                {user.status ? 'Deactivate' : 'Activate'}
              </Button>
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
