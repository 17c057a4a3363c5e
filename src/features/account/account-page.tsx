import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Modal, Table, Tag, Typography, theme } from 'antd';
import type { AccountSession } from '../../api/types';
import { errorText } from '../../api/errors';
import { notify } from '../../lib/notify';
import { formatDateTime } from '../../lib/dates';
import {
  EnrolAuthenticator,
  NewPasswordFields,
  passkeyBrowser,
  passkeyFailure,
  useGetMfaStatusQuery,
} from '../auth';
import {
  useChangePasswordMutation,
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useListSessionsQuery,
  useRegenerateRecoveryCodesMutation,
  useRemoveMfaFactorMutation,
  useAddPasskeyMutation,
  useStartPasskeyRegistrationMutation,
} from './account-api';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function ChangePassword() {
  const [form] = Form.useForm<{ currentPassword: string; password: string }>();
  const [change, { isLoading }] = useChangePasswordMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async ({
    currentPassword,
    password,
  }: {
    currentPassword: string;
    password: string;
  }) => {
    setError(null);
    try {
      const { data } = await change({ currentPassword, newPassword: password }).unwrap();
      form.resetFields();
      notify.success(
        data.ended
          ? `Password changed; ${plural(data.ended, 'other session')} signed out`
          : 'Password changed',
      );
    } catch (failure) {
      setError(errorText(failure, { http: 'The password was not changed', other: 'No answer' }));
    }
  };

  return (
    <Card title="Change password">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        style={{ maxWidth: 420 }}
        aria-label="Change password"
      >
        <Form.Item
          name="currentPassword"
          label="Current password"
          rules={[{ required: true, message: 'Enter your current password' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Typography.Paragraph type="secondary">
          Your other sessions are signed out when the password changes.
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}

function Sessions() {
  const { data, isFetching, error } = useListSessionsQuery();
  const [endSession, ending] = useEndSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSessionsMutation();
  const sessions = data?.data ?? [];

  const end = async (session: AccountSession) => {
    try {
      await endSession(session._id).unwrap();
      notify.success('Session signed out');
    } catch (failure) {
      notify.error(
        errorText(failure, { http: 'The session was not signed out', other: 'No answer' }),
      );
    }
  };
  const signOutOthers = async () => {
    try {
      const { data: result } = await endOthers().unwrap();
      notify.success(`${plural(result.ended, 'session')} signed out`);
    } catch (failure) {
      notify.error(
        errorText(failure, { http: 'The sessions were not signed out', other: 'No answer' }),
      );
    }
  };

  const columns = [
    {
      title: 'Browser',
      key: 'browser',
      render: (_: unknown, session: AccountSession) => (
        <Flex gap={4} wrap>
          <span>
            {[session.browser, session.system].filter(Boolean).join(' on ') || 'Unknown browser'}
          </span>
          {session.current ? <Tag color="green">This session</Tag> : null}
        </Flex>
      ),
    },
    { title: 'Address', dataIndex: 'clientAddress', key: 'clientAddress' },
    {
      title: 'Signed in',
      key: 'createdAt',
      render: (_: unknown, session: AccountSession) => formatDateTime(new Date(session.createdAt)),
    },
    {
      title: 'Last used',
      key: 'lastUsedAt',
      render: (_: unknown, session: AccountSession) => formatDateTime(new Date(session.lastUsedAt)),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, session: AccountSession) =>
        session.current ? null : (
          <Button size="small" loading={ending.isLoading} onClick={() => void end(session)}>
            Sign out
          </Button>
        ),
    },
  ];

  return (
    <Card
      title="Sessions"
      extra={
        <Button
          onClick={() => void signOutOthers()}
          loading={endingOthers.isLoading}
          disabled={!sessions.some((session) => !session.current)}
        >
          Sign out other sessions
        </Button>
      }
    >
      {error ? (
        <Typography.Text type="danger" role="alert">
          {errorText(error, { http: 'The sessions could not be loaded', other: 'No answer' })}
        </Typography.Text>
      ) : null}
      <Table<AccountSession>
        rowKey="_id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={sessions}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

/**
 * "Add a passkey": a name, then the browser makes the passkey for the server's options (which ask
 * "Confirm it's you" first when the server wants it); as the first factor, its recovery codes.
 */
function AddPasskey({ onDone }: { onDone: (recoveryCodes?: string[]) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [start, starting] = useStartPasskeyRegistrationMutation();
  const [add, adding] = useAddPasskeyMutation();

  const submit = async () => {
    if (!name.trim()) return setError('Enter a name for this passkey');
    setError(null);
    try {
      const { options } = (await start().unwrap()).data;
      const webauthn = await passkeyBrowser.register(options);
      const answer = await add({ name: name.trim(), webauthn }).unwrap();
      notify.success(answer.message);
      onDone(answer.data.recoveryCodes);
    } catch (failure) {
      setError(
        passkeyFailure(failure) ??
          errorText(failure, { http: 'The passkey was not added', other: 'No answer' }),
      );
    }
  };

  return (
    <Form layout="vertical" onFinish={submit}>
      <Form.Item
        label="Passkey name"
        htmlFor="passkey-name"
        extra="For example the device or key it is on: Laptop, YubiKey."
        validateStatus={error ? 'error' : undefined}
      >
        <Input
          id="passkey-name"
          maxLength={60}
          autoFocus
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" loading={starting.isLoading || adding.isLoading}>
        Add passkey
      </Button>
    </Form>
  );
}

/**
 * Two-step verification: the authenticator apps that are on (remove one; not the last while
 * MFA is required), add one, the recovery codes left and new ones (shown once). Removing and
 * new codes ask "Confirm it's you" when the server wants it (the API's base query).
 */
function TwoStep() {
  const { data, isLoading } = useGetMfaStatusQuery();
  const [remove] = useRemoveMfaFactorMutation();
  const [regenerate, regenerating] = useRegenerateRecoveryCodesMutation();
  const [adding, setAdding] = useState(false);
  const [addingPasskey, setAddingPasskey] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const status = data?.data;
  const factors = status?.factors ?? [];
  const lastRequired = Boolean(status?.required) && factors.length === 1;
  const { token } = theme.useToken();

  const removeFactor = async (id: string) => {
    try {
      const answer = await remove(id).unwrap();
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorText(error, { http: 'The factor was not removed', other: 'No answer' }));
    }
  };
  const newCodes = async () => {
    try {
      setCodes((await regenerate().unwrap()).data.recoveryCodes);
    } catch (error) {
      notify.error(
        errorText(error, { http: 'No new recovery codes were made', other: 'No answer' }),
      );
    }
  };

  return (
    <Card
      title="Two-step verification"
      loading={isLoading}
      extra={
        <Flex gap="small" wrap>
          <Button onClick={() => setAdding(true)}>Add authenticator app</Button>
          <Button onClick={() => setAddingPasskey(true)}>Add a passkey</Button>
        </Flex>
      }
    >
      {factors.length === 0 ? (
        <Typography.Paragraph>
          {status?.required
            ? 'Two-step verification is required: add an authenticator app.'
            : 'Two-step verification is off: add an authenticator app to sign in with a code as well as your password.'}
        </Typography.Paragraph>
      ) : (
        <>
          <ul aria-label="Second factors" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {factors.map((factor) => (
              <li
                key={factor._id}
                style={{
                  padding: '12px 0',
                  borderBottom: `1px solid ${token.colorBorderSecondary}`,
                }}
              >
                <Flex align="center" justify="space-between" gap="middle" wrap>
                  <Flex vertical>
                    <Typography.Title level={4} style={{ margin: 0, fontSize: 16 }}>
                      {factor.name}
                    </Typography.Title>
                    <Typography.Text type="secondary">
                      {`${factor.kind === 'webauthn' ? 'Passkey' : 'Authenticator app'}, added ${formatDateTime(factor.createdAt)}${
                        factor.lastUsedAt ? `, last used ${formatDateTime(factor.lastUsedAt)}` : ''
                      }`}
                    </Typography.Text>
                  </Flex>
                  <Button
                    danger
                    disabled={lastRequired}
                    title={lastRequired ? 'Two-step verification is required' : undefined}
                    onClick={() => removeFactor(factor._id)}
                  >
                    Remove
                  </Button>
                </Flex>
              </li>
            ))}
          </ul>
          <Flex align="center" gap="middle" wrap>
            <Typography.Text>
              {plural(status?.recoveryCodesLeft ?? 0, 'recovery code')} left
            </Typography.Text>
            <Button onClick={newCodes} loading={regenerating.isLoading}>
              New recovery codes
            </Button>
          </Flex>
        </>
      )}
      <Modal
        open={adding}
        title="Add authenticator app"
        footer={null}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <EnrolAuthenticator onDone={() => setAdding(false)} />
      </Modal>
      <Modal
        open={addingPasskey}
        title="Add a passkey"
        footer={null}
        onCancel={() => setAddingPasskey(false)}
        destroyOnHidden
      >
        <AddPasskey
          onDone={(recoveryCodes) => {
            setAddingPasskey(false);
            if (recoveryCodes) setCodes(recoveryCodes);
          }}
        />
      </Modal>
      <Modal
        open={codes !== null}
        title="Your new recovery codes"
        onOk={() => setCodes(null)}
        onCancel={() => setCodes(null)}
        okText="I saved them"
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Typography.Paragraph>
          Each one signs you in once if you lose your authenticator app; the earlier ones no longer
          work. They are shown only now.
        </Typography.Paragraph>
        <ul aria-label="Recovery codes">
          {(codes ?? []).map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
      </Modal>
    </Card>
  );
}

/** The signed-in admin's own account (from the user menu): password, two-step, sessions. */
export default function AccountPage() {
  return (
    <Flex vertical gap="middle">
      <ChangePassword />
      <TwoStep />
      <Sessions />
    </Flex>
  );
}
