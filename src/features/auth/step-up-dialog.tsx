import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { serverMessage } from '../../api/errors';
import { setStepUpConfirmer } from '../../api/step-up';
import {
  useGetMfaStatusQuery,
  useStartPasskeyVerificationMutation,
  useVerifyStepUpMutation,
} from './auth-api';
import { passkeyBrowser, passkeyFailure } from './passkey';

const TITLE = "Confirm it's you";
/**
 * Above every other dialog: it opens while the dialog that sent the request is still open, such
 * as "Confirm refund" waiting on its refund inside "Process Refund" (antd raises a dialog inside
 * another by 100 from 1000, ten deep at most, and static confirms to 2000), yet below the
 * notices (message 2010, notification 2050).
 */
const STEP_UP_Z_INDEX = 2001;

/**
 * The "Confirm it's you" dialog: shown when the server asks for a recent confirmation of the
 * second factor (api/step-up.ts). A code from the authenticator app or a recovery code goes to
 * POST /user/verify; then the refused request is sent again by the base query. Cancel leaves the
 * request refused (its screen shows the server's message) and the session as it was.
 */
export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verify, { isLoading }] = useVerifyStepUpMutation();
  const [startPasskey, passkeyStart] = useStartPasskeyVerificationMutation();
  // A passkey is offered only to an admin who has one (the server refuses the others).
  const factors = useGetMfaStatusQuery(undefined, { skip: !open }).data?.data.factors;
  const hasPasskey = factors?.some((factor) => factor.kind === 'webauthn') ?? false;
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpConfirmer(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setCode('');
          setError(null);
          setOpen(true);
        }),
    );
    return () => setStepUpConfirmer(null);
  }, []);

  const close = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  const confirm = async () => {
    if (!code.trim()) return setError('Enter the code');
    setError(null);
    try {
      await verify({ code: code.trim() }).unwrap();
      close(true);
    } catch (failure) {
      setError(serverMessage(failure) ?? 'That did not work. Try again.');
    }
  };

  /** A passkey instead of a code: the server's options, the browser's answer, POST /user/verify. */
  const confirmWithPasskey = async () => {
    setError(null);
    try {
      const { options } = (await startPasskey().unwrap()).data;
      const webauthn = await passkeyBrowser.authenticate(options);
      await verify({ webauthn }).unwrap();
      close(true);
    } catch (failure) {
      setError(
        serverMessage(failure) ?? passkeyFailure(failure) ?? 'That did not work. Try again.',
      );
    }
  };

  return (
    <Modal
      open={open}
      title={TITLE}
      okText="Confirm"
      confirmLoading={isLoading}
      onOk={confirm}
      onCancel={() => close(false)}
      destroyOnHidden
      zIndex={STEP_UP_Z_INDEX}
    >
      <Typography.Paragraph>
        {hasPasskey
          ? 'Enter the code from your authenticator app, or a recovery code, or use a passkey, to continue.'
          : 'Enter the code from your authenticator app, or a recovery code, to continue.'}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={confirm}>
        <Form.Item
          label="Verification code"
          htmlFor="step-up-code"
          validateStatus={error ? 'error' : undefined}
        >
          <Input
            id="step-up-code"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
          />
        </Form.Item>
        {hasPasskey ? (
          <Button
            onClick={confirmWithPasskey}
            loading={passkeyStart.isLoading}
            style={{ marginBottom: error ? 12 : 0 }}
          >
            Use a passkey
          </Button>
        ) : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
    </Modal>
  );
}
