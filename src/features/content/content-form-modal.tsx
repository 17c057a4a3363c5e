import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import type { ContentType, StaticContent } from '../../api/types';
import { REQUIRED_FIELDS_MESSAGE } from './content-messages';

export interface ContentFormValues {
  title: string;
  type: ContentType;
  content: string;
}

export interface ContentFormModalProps {
  /** The item being edited, or null to create one. */
  item: StaticContent | null;
  busy: boolean;
  onSubmit: (values: ContentFormValues) => void;
  onCancel: () => void;
  /** Shown above the fields (a colleague's change since the item was read). */
  notice?: ReactNode;
}

export const TYPE_OPTIONS: { value: ContentType; label: string }[] = [
  { value: 'page', label: 'Page' },
  { value: 'section', label: 'Section' },
];

/** Create Content and Edit Content: title, type (page by default) and content. */
export function ContentFormModal({
  item,
  busy,
  onSubmit,
  onCancel,
  notice,
}: ContentFormModalProps) {
  const [values, setValues] = useState<ContentFormValues>(() => ({
    title: item?.title ?? '',
    type: item?.type ?? 'page',
    content: item?.content ?? '',
  }));
  const [invalid, setInvalid] = useState(false);
  const set = (change: Partial<ContentFormValues>) => setValues((v) => ({ ...v, ...change }));

  const submit = () => {
    if (!values.title.trim() || !values.content.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit({ ...values, title: values.title.trim() });
  };

  return (
    <Modal
      open
      title={item ? 'Edit Content' : 'Create Content'}
      okText={item ? 'Update' : 'Create'}
      onOk={submit}
      onCancel={onCancel}
      okButtonProps={{ loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit} component="div">
        {notice}
        {invalid ? (
          <Alert
            type="error"
            showIcon
            title={REQUIRED_FIELDS_MESSAGE}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form.Item label="Title" required>
          <Input
            aria-label="Title"
            value={values.title}
            maxLength={200}
            onChange={(event) => set({ title: event.target.value })}
          />
        </Form.Item>
        <Form.Item label="Type">
          <Select<ContentType>
            aria-label="Type"
            value={values.type}
            options={TYPE_OPTIONS}
            onChange={(type) => set({ type })}
          />
        </Form.Item>
        <Form.Item label="Content" required>
          <Input.TextArea
            aria-label="Content"
            rows={8}
            value={values.content}
            onChange={(event) => set({ content: event.target.value })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
