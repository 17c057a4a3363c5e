import { useEffect, useState, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';

/** A view's name: required, at most 60 characters (the contract's limit). */
const VIEW_NAME_MAX = 60;

export interface ViewNameModalProps {
  open: boolean;
  /** "Save view" or "Rename view". */
  title: string;
  okText: string;
  /** The name shown first (the view's name when renaming). */
  initial?: string;
  /** The server's refusal (e.g. "A view with this name already exists"), shown under the field. */
  error?: string;
  saving: boolean;
  /** Shown above the field (a colleague's change since the view was read). */
  notice?: ReactNode;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks for a view's name; the caller saves it and closes the modal. */
export function ViewNameModal({
  open,
  title,
  okText,
  initial = '',
  error,
  saving,
  notice,
  onSubmit,
  onCancel,
}: ViewNameModalProps) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setTouched(false);
    }
  }, [open, initial]);
  const blank = !name.trim();
  const problem = touched && blank ? 'Please enter a name' : error;
  const submit = () => {
    setTouched(true);
    if (!blank) onSubmit(name.trim());
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      {notice}
      <Form layout="vertical" component="div">
        <Form.Item
          label="View name"
          htmlFor="saved-view-name"
          validateStatus={problem ? 'error' : undefined}
          help={problem}
        >
          <Input
            id="saved-view-name"
            autoFocus
            maxLength={VIEW_NAME_MAX}
            showCount
            value={name}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
