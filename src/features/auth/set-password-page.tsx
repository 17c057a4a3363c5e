import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AntdTheme } from '../../components/antd-theme';
import { serverMessage } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { useSetupPasswordMutation } from './auth-api';
import { completeSignIn } from './auth-thunks';
import { NewPasswordFields } from './password-fields';
import { DEFAULT_AFTER_LOGIN } from './redirect-target';
import { EnrolAuthenticator } from './login-second-step';

const NO_TOKEN = 'This link is incomplete. Open the whole link an owner gave you.';

/**
 * The one-time set-password link an owner passes on (`/set-password?token=…`): the new
 * administrator chooses a password, typed twice, and is signed in.
 */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [setupPassword, { isLoading }] = useSetupPasswordMutation();
  const [error, setError] = useState<string | null>(token ? null : NO_TOKEN);
  const [enrolTicket, setEnrolTicket] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const submit = async ({ password }: { password: string }) => {
    setError(null);
    try {
      const response = await setupPassword({ token, password }).unwrap();
      // Under MFA_REQUIRED the password is followed by setting up an authenticator app.
      if ('mfa' in response) return setEnrolTicket(response.mfa.ticket);
      dispatch(completeSignIn({ user: response.data.user, token: response.token }));
      navigate(DEFAULT_AFTER_LOGIN, { replace: true });
    } catch (failure) {
      setError(serverMessage(failure) ?? 'The password could not be set. Try again.');
    }
  };

  return (
    <AntdTheme>
      <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
        <Card style={{ width: '100%', maxWidth: 440 }}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            Set your password
          </Typography.Title>
          <Typography.Paragraph>
            Choose the password you will sign in with. This link works once.
          </Typography.Paragraph>
          {error ? (
            <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />
          ) : null}
          {enrolTicket ? (
            <EnrolAuthenticator
              ticket={enrolTicket}
              onSignedIn={(user, signedInToken) => {
                dispatch(completeSignIn({ user, token: signedInToken }));
                navigate(DEFAULT_AFTER_LOGIN, { replace: true });
              }}
            />
          ) : null}
          <Form
            hidden={Boolean(enrolTicket)}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            disabled={!token}
          >
            <NewPasswordFields label="Password" />
            <Button type="primary" htmlType="submit" loading={isLoading} block>
              Set password and sign in
            </Button>
          </Form>
        </Card>
      </Flex>
    </AntdTheme>
  );
}
