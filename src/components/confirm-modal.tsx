import { useEffect, useRef, type ReactNode } from 'react';
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

/** Fields keep their own meaning of Enter; so do the modal's own buttons and links. */
const FIELDS = new Set(['TEXTAREA', 'INPUT', 'SELECT']);
const CONTROLS = new Set(['BUTTON', 'A']);

/**
 * A yes/no question in a modal; the caller runs the action and closes it. The confirm button
 * has the focus: Enter confirms, Escape cancels.
 */
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
  const confirm = useRef(onConfirm);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    confirm.current = loading ? () => undefined : onConfirm;
  });
  useEffect(() => {
    if (!open) return;
    // Enter anywhere but in a field confirms, also while the focus is still on the button that
    // opened the question (which Enter must not press again).
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (event.key !== 'Enter' || !target || FIELDS.has(target.tagName)) return;
      const own = body.current?.closest('.ant-modal-wrap');
      if (CONTROLS.has(target.tagName) && own?.contains(target)) return;
      event.preventDefault();
      confirm.current();
    };
    // Listening starts once the key press that opened the question (Enter on a tab of the
    // editor, handled by React on its way up) has reached the window: it must not answer it.
    const start = setTimeout(() => window.addEventListener('keydown', onKeyDown));
    return () => {
      clearTimeout(start);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  return (
    <Modal
      open={open}
      title={title}
      okText={confirmText}
      cancelText={cancelText}
      okButtonProps={{ danger, loading, autoFocus: true }}
      cancelButtonProps={{ disabled: loading }}
      closable={!loading}
      mask={{ closable: !loading }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div ref={body} />
      <Typography.Paragraph>{message}</Typography.Paragraph>
      {detail ? <Typography.Paragraph type="secondary">{detail}</Typography.Paragraph> : null}
    </Modal>
  );
}
