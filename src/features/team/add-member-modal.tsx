import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import type { AddedTeamMemberResponse, AddTeamMemberRequest } from '../../api/types';
import { errorText } from '../../api/errors';
import { formatDateTime } from '../../lib/dates';
import { TEAM_ROLE_LABELS, TEAM_ROLES } from '../../../common/team-roles';
import { useAddTeamMemberMutation } from './team-api';

/** The one-time set-password link of an administrator, shown once, to pass on. */
export function SetupLinkModal({
  title,
  added,
  onClose,
}: {
  title: string;
  added: AddedTeamMemberResponse['data'];
  onClose: () => void;
}) {
  const link = new URL(added.setupUrl, window.location.origin).href;
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Typography.Paragraph>
        Send this link to {added.firstName} {added.lastName} ({added.email}). It lets them set their
        password once, until {formatDateTime(new Date(added.setupExpiresAt))}. It is shown only now.
      </Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: link }} code aria-label="Set-password link">
        {link}
      </Typography.Paragraph>
    </Modal>
  );
}

const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }));

/**
 * Adds an administrator. The owner never chooses or sees a password: the answer's one-time
 * set-password link is shown once, to pass on.
 */
export function AddMemberModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<AddTeamMemberRequest>();
  const [add, { isLoading }] = useAddTeamMemberMutation();
  const [added, setAdded] = useState<AddedTeamMemberResponse['data'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setAdded(null);
    setError(null);
    form.resetFields();
    onClose();
  };

  const submit = async (values: AddTeamMemberRequest) => {
    setError(null);
    try {
      const answer = await add({
        ...values,
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: (values.lastName ?? '').trim(),
      }).unwrap();
      setAdded(answer.data);
    } catch (failure) {
      setError(errorText(failure, { http: 'The administrator was not added', other: 'No answer' }));
    }
  };

  if (added) return <SetupLinkModal title="Administrator added" added={added} onClose={close} />;

  return (
    <Modal
      open={open}
      title="Add administrator"
      onCancel={close}
      okText="Add"
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ teamRole: 'viewer' }}
        onFinish={submit}
      >
        <Form.Item
          name="email"
          label="Email"
          rules={[{ required: true, type: 'email', message: 'Enter an email address' }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="firstName"
          label="First name"
          rules={[{ required: true, whitespace: true, message: 'Enter a first name' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="lastName" label="Last name">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="teamRole" label="Team role">
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
