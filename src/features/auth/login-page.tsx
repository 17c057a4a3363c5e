import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { serverMessage } from '../../api/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLoginMutation } from './auth-api';
import { noticeDismissed } from './auth-slice';
import { completeSignIn } from './auth-thunks';
import {
  LOGIN_MESSAGES,
  validateLogin,
  type LoginErrors,
  type LoginValues,
} from './login-validation';
import { isAdmin } from './session-storage';

/**
 * The login screen. After a successful sign-in the /login route itself moves on to the page
 * first asked for (see GuestOnly).
 */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const notice = useAppSelector((state) => state.auth.notice);
  const [login, { isLoading }] = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);

  const edit = (field: keyof LoginValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setGeneralError(null);
    if (notice) dispatch(noticeDismissed());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found = validateLogin(values);
    setErrors(found);
    setGeneralError(null);
    if (found.email || found.password) return;
    try {
      const response = await login({
        email: values.email.trim(),
        password: values.password,
      }).unwrap();
      const { user } = response.data;
      if (!isAdmin(user) || !response.token) {
        setGeneralError(LOGIN_MESSAGES.notAdmin);
        return;
      }
      dispatch(completeSignIn({ user, token: response.token }));
    } catch (error) {
      setGeneralError(serverMessage(error) ?? LOGIN_MESSAGES.failed);
    }
  };

  const message = generalError ?? notice;

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          Admin Login
        </Typography.Title>
        {message ? (
          <Alert type="error" showIcon title={message} role="alert" style={{ marginBottom: 16 }} />
        ) : null}
        <form noValidate onSubmit={submit} aria-label="Login">
          <Form layout="vertical" component={false}>
            <Form.Item
              label="Email"
              htmlFor="login-email"
              validateStatus={errors.email ? 'error' : undefined}
              help={errors.email}
            >
              <Input
                id="login-email"
                type="email"
                autoComplete="username"
                prefix={<MailOutlined />}
                placeholder="Enter your email"
                value={values.email}
                onChange={(event) => edit('email', event.target.value)}
                aria-invalid={Boolean(errors.email)}
              />
            </Form.Item>
            <Form.Item
              label="Password"
              htmlFor="login-password"
              validateStatus={errors.password ? 'error' : undefined}
              help={errors.password}
            >
              <Input.Password
                id="login-password"
                autoComplete="current-password"
                prefix={<LockOutlined />}
                placeholder="Enter your password"
                value={values.password}
                onChange={(event) => edit('password', event.target.value)}
                aria-invalid={Boolean(errors.password)}
              />
            </Form.Item>
            <Flex justify="flex-end" style={{ marginBottom: 16 }}>
              <Link to="/forgot-password">Forgot Password</Link>
            </Flex>
            <Button type="primary" htmlType="submit" block loading={isLoading}>
              {isLoading ? 'Logging in...' : 'Login'}
            </Button>
          </Form>
        </form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          For admin access only. If you&apos;re having trouble logging in, please contact the system
          administrator.
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
