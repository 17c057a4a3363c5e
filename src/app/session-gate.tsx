import { useEffect, type ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { PageSpinner } from '../components/page-spinner';
import { signOut, verifySession } from '../features/auth/auth-thunks';
import { useSessionSync } from '../features/auth/use-session-sync';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * Holds the app behind "Loading your session..." while a stored session is verified. A check
 * that got no verdict (server error, no network) shows its reason with Retry, or a way to sign
 * in again instead; the stored session stays until then.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const checking = useAppSelector((state) => state.auth.status === 'checking');
  const failure = useAppSelector((state) => state.auth.checkFailure);
  useSessionSync();

  useEffect(() => {
    if (checking) void dispatch(verifySession());
  }, [checking, dispatch]);

  if (checking && failure) {
    // Plain parts, not antd's Result: this screen is in the first download of every page.
    return (
      <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '100vh' }}>
        <WarningOutlined style={{ fontSize: 48, color: '#faad14' }} />
        <Typography.Title level={4} role="alert" style={{ margin: 0 }}>
          {failure}
        </Typography.Title>
        <Typography.Text type="secondary">Your session could not be verified.</Typography.Text>
        <Flex gap="small">
          <Button type="primary" onClick={() => void dispatch(verifySession())}>
            Retry
          </Button>
          <Button onClick={() => void dispatch(signOut())}>Sign in again</Button>
        </Flex>
      </Flex>
    );
  }
  if (checking) return <PageSpinner fullScreen text="Loading your session..." />;
  return children;
}
