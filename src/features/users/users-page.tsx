import { useState } from 'react';
import { Button, Flex, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { errorText } from '../../api/errors';
import type { User } from '../../api/types';
import { notify } from '../../app/notify';
import { ConfirmModal } from '../../components/confirm-modal';
import { ListTable } from '../../components/list/list-table';
import { listTableState } from '../../components/list/list-table-state';
import { useListQuery } from '../../components/list/use-list-query';
import { StatusBadge } from '../../components/status-badge';
import { formatShortDate } from '../../lib/dates';
import { PlatformFeeEditor } from './platform-fee-editor';
import { UserDetailsModal } from './user-details-modal';
import { useListUsersQuery, useUpdateUserStatusMutation } from './users-api';

const fullName = (user: User) => `${user.firstName} ${user.lastName}`;

export default function UsersPage() {
  const list = useListQuery();
  const users = useListUsersQuery(list.queryArgs);
  const [updateStatus] = useUpdateUserStatusMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [viewedId, setViewedId] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<User | null>(null);

  const rows = users.data?.data;
  const viewed = rows?.find((user) => user._id === viewedId) ?? null;

  /** Activating is one click; deactivating asks first. */
  const requestToggle = (user: User) => {
    if (user.status) setDeactivating(user);
    else void toggle(user);
  };

  const toggle = async (user: User) => {
    setDeactivating(null);
    setBusyId(user._id);
    try {
      await updateStatus({ id: user._id, status: !user.status }).unwrap();
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
      <PlatformFeeEditor />
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Search users by name or email..."
        aria-label="Search users by name or email..."
        value={list.searchInput}
        onChange={(event) => list.setSearch(event.target.value)}
        style={{ maxWidth: 420 }}
      />
      <ListTable<User>
        {...listTableState(users, list, {
          http: 'Failed to fetch users',
          other: 'Failed to load users. Please try again later.',
        })}
        loadingText="Loading users..."
        emptyText="No users found"
        onRetry={() => void users.refetch()}
        columns={[
          { title: 'Name', key: 'name', render: (_, user) => fullName(user) },
          { title: 'Email', dataIndex: 'email', key: 'email' },
          { title: 'Role', dataIndex: 'role', key: 'role' },
          {
            title: 'Registered Date',
            key: 'createdAt',
            render: (_, user) => formatShortDate(user.createdAt),
          },
          {
            title: 'Status',
            key: 'status',
            render: (_, user) => <StatusBadge status={user.status ? 'active' : 'inactive'} />,
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, user) => (
              <Space>
                <Button size="small" onClick={() => setViewedId(user._id)}>
                  View
                </Button>
                <Button
                  size="small"
                  danger={user.status}
                  loading={busyId === user._id}
                  onClick={() => requestToggle(user)}
                >
                  {user.status ? 'Deactivate' : 'Activate'}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <UserDetailsModal
        user={viewed}
        busy={viewed !== null && busyId === viewed._id}
        onToggle={requestToggle}
        onClose={() => setViewedId(null)}
      />
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
