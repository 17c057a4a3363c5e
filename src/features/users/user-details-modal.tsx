import { Button, Descriptions, Modal } from 'antd';
import type { User } from '../../api/types';
import { StatusBadge } from '../../components/status-badge';
import { formatShortDate } from '../../lib/dates';

export interface UserDetailsModalProps {
  user: User | null;
  /** The status change is running for this user. */
  busy: boolean;
  /** Activate or deactivate; without it (the role may not) no button. */
  onToggle?: (user: User) => void;
  onClose: () => void;
}

export function UserDetailsModal({ user, busy, onToggle, onClose }: UserDetailsModalProps) {
  return (
    <Modal
      open={user !== null}
      title="User Details"
      onCancel={onClose}
      destroyOnHidden
      footer={
        user && onToggle ? (
          <Button danger={user.status} type="primary" loading={busy} onClick={() => onToggle(user)}>
            {user.status ? 'Deactivate User' : 'Activate User'}
          </Button>
        ) : null
      }
    >
      {user ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="Name">{`${user.firstName} ${user.lastName}`}</Descriptions.Item>
          <Descriptions.Item label="Email">{user.email}</Descriptions.Item>
          <Descriptions.Item label="Role">{user.role}</Descriptions.Item>
          <Descriptions.Item label="Registered Date">
            {formatShortDate(user.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label="Status">
            <StatusBadge status={user.status ? 'active' : 'inactive'} />
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
