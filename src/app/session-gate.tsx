import { useEffect, type ReactNode } from 'react';
import { Button, Flex, Result } from 'antd';
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
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Result
          status="warning"
          title={<span role="alert">{failure}</span>}
          subTitle="Your session could not be verified."
          extra={[
            <Button key="retry" type="primary" onClick={() => void dispatch(verifySession())}>
              Retry
            </Button>,
            <Button key="sign-in" onClick={() => void dispatch(signOut())}>
              Sign in again
            </Button>,
          ]}
        />
      </Flex>
    );
  }
  if (checking) return <PageSpinner fullScreen text="Loading your session..." />;
  return children;
}
