import { useEffect, useState, type ReactNode } from 'react';
import { Avatar, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { ReferenceList } from '../../../common/reference-lists';
import type { ReferenceRow } from './reference-data-api';
import { assetUrl } from './asset-url';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';
const NOT_AN_IMAGE = 'Please choose an image file (PNG, JPEG or WebP)';

export interface ReferenceFormValues {
  name: string;
  image: File | null;
}

export interface ReferenceFormModalProps {
  config: ReferenceList;
  /** Closed when null; `row` is the entry being edited, absent when adding. */
  state: { row?: ReferenceRow } | null;
  busy: boolean;
  onSubmit: (values: ReferenceFormValues) => void;
  onCancel: () => void;
  /** Shown above the fields (a colleague's change since the entry was read). */
  notice?: ReactNode;
}

/** The Add / Edit modal of every reference list: a required name, and an image for cuisines. */
export function ReferenceFormModal({
  config,
  state,
  busy,
  onSubmit,
  onCancel,
  notice,
}: ReferenceFormModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const editing = state?.row;
  const { texts } = config;

  useEffect(() => {
    if (!state) return;
    form.setFieldsValue({ name: state.row?.name ?? '' });
    setImage(null);
    setImageError(null);
  }, [state, form]);

  const currentImage = editing && 'image' in editing ? editing.image : null;
  const submitLabel = editing
    ? busy
      ? texts.editBusy
      : texts.editSubmit
    : busy
      ? texts.addBusy
      : texts.addSubmit;

  return (
    <Modal
      open={state !== null}
      title={editing ? texts.editTitle : texts.addTitle}
      onCancel={busy ? undefined : onCancel}
      closable={!busy}
      mask={{ closable: !busy }}
      destroyOnHidden
      forceRender
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={busy} onClick={() => form.submit()}>
          {submitLabel}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(values) => onSubmit({ name: values.name.trim(), image })}
      >
        {notice}
        <Form.Item
          label="Name"
          name="name"
          required
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value?.trim() ? Promise.resolve() : Promise.reject(new Error(texts.nameRequired)),
            },
          ]}
        >
          <Input placeholder={texts.namePlaceholder} autoFocus disabled={busy} maxLength={100} />
        </Form.Item>
        {config.hasImage ? (
          <Form.Item
            label="Image"
            validateStatus={imageError ? 'error' : undefined}
            help={imageError}
          >
            <Space orientation="vertical">
              {currentImage && !image ? (
                <Avatar
                  shape="square"
                  size={64}
                  src={assetUrl(currentImage)}
                  icon={<PictureOutlined />}
                />
              ) : null}
              <input
                type="file"
                accept={IMAGE_TYPES}
                aria-label="Image"
                disabled={busy}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  if (file && !IMAGE_TYPES.split(',').includes(file.type)) {
                    setImage(null);
                    setImageError(NOT_AN_IMAGE);
                    event.target.value = '';
                    return;
                  }
                  setImageError(null);
                  setImage(file);
                }}
              />
              {image ? <Typography.Text type="secondary">{image.name}</Typography.Text> : null}
            </Space>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
