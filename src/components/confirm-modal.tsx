import type { ReactNode } from 'react';
import { Modal, Typography } from 'antd';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** The question, e.g. Are you sure you want to delete the booking type "Lunch"? */
  message: ReactNode;
  /** A second line, e.g. "This action cannot be undone." */
  detail?: ReactNode;
  /** Label of the confirm button ("Delete", "Confirm", ...). */
  confirmText?: string;
  cancelText?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** The confirmed action is running: spinner on the button, closing is disabled. */
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a modal; the caller runs the action and closes it. */
export function ConfirmModal({
  open,
  title,
  message,
  detail,
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      okText={confirmText}
      cancelText={cancelText}
      okButtonProps={{ danger, loading }}
      cancelButtonProps={{ disabled: loading }}
      closable={!loading}
      mask={{ closable: !loading }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{message}</Typography.Paragraph>
      {detail ? <Typography.Paragraph type="secondary">{detail}</Typography.Paragraph> : null}
    </Modal>
  );
}
