/**
 * A request's actions for the signed-in admin, as the server says they may act (`canDecide`,
 * `canCancel`): Approve (asked first: it carries the request out) and Reject (with a reason), or,
 * for who asked, "Waiting for approval" and Cancel (asked first).
 */
import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Space, Typography } from 'antd';
import { errorText, httpStatus } from '../../api/errors';
import type { Approval } from '../../api/types';
import { ConfirmModal } from '../../components/confirm-modal';
import { notify } from '../../lib/notify';
import {
  useApproveApprovalMutation,
  useCancelApprovalMutation,
  useRejectApprovalMutation,
} from './approvals-api';

const FAILED = {
  http: 'The request could not be decided',
  other: 'The request could not be decided',
};
const REASON_REQUIRED = 'Give a reason for rejecting this request';
const REASON_MAX = 500;

/** Says why a decision failed (a 403 the API's own toast already says). */
function failed(error: unknown) {
  if (httpStatus(error) !== 403) notify.error(errorText(error, FAILED));
}

type Asking = 'approve' | 'reject' | 'cancel' | null;

export function ApprovalActions({ approval }: { approval: Approval }) {
  const [asking, setAsking] = useState<Asking>(null);
  const [approve, approving] = useApproveApprovalMutation();
  const [reject, rejecting] = useRejectApprovalMutation();
  const [cancel, cancelling] = useCancelApprovalMutation();
  const busy = approving.isLoading || rejecting.isLoading || cancelling.isLoading;

  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      notify.success((await action()).message);
    } catch (error) {
      failed(error);
    } finally {
      setAsking(null);
    }
  };

  if (!approval.canDecide && !approval.canCancel) return null;
  return (
    <>
      {approval.canDecide ? (
        <Space>
          <Button
            size="small"
            type="primary"
            loading={approving.isLoading}
            disabled={busy}
            onClick={() => setAsking('approve')}
          >
            Approve
          </Button>
          <Button size="small" danger disabled={busy} onClick={() => setAsking('reject')}>
            Reject
          </Button>
        </Space>
      ) : (
        <Space>
          <Typography.Text type="secondary">Waiting for approval</Typography.Text>
          <Button
            size="small"
            loading={cancelling.isLoading}
            disabled={busy}
            onClick={() => setAsking('cancel')}
          >
            Cancel
          </Button>
        </Space>
      )}
      <ConfirmModal
        open={asking === 'approve'}
        title="Approve request"
        message={`Approve: ${approval.summary}?`}
        detail="It is carried out as soon as you approve it."
        confirmText="Approve"
        loading={approving.isLoading}
        onConfirm={() => void run(() => approve(approval._id).unwrap())}
        onCancel={() => setAsking(null)}
      />
      <ConfirmModal
        open={asking === 'cancel'}
        title="Withdraw request"
        message={`Withdraw your request: ${approval.summary}?`}
        confirmText="Withdraw"
        cancelText="Keep it"
        danger
        loading={cancelling.isLoading}
        onConfirm={() => void run(() => cancel(approval._id).unwrap())}
        onCancel={() => setAsking(null)}
      />
      <RejectModal
        approval={approval}
        open={asking === 'reject'}
        loading={rejecting.isLoading}
        onReject={(reason) => void run(() => reject({ id: approval._id, reason }).unwrap())}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}

/** "Reject request": the reason the requester will read, required. */
function RejectModal({
  approval,
  open,
  loading,
  onReject,
  onCancel,
}: {
  approval: Approval;
  open: boolean;
  loading: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `reject-reason-${approval._id}`;
  const submit = () => {
    if (!reason.trim()) {
      setError(REASON_REQUIRED);
      return;
    }
    onReject(reason.trim());
  };
  return (
    <Modal
      open={open}
      title="Reject request"
      okText="Reject"
      okButtonProps={{ danger: true, loading }}
      cancelButtonProps={{ disabled: loading }}
      onOk={submit}
      onCancel={onCancel}
      afterClose={() => {
        setReason('');
        setError(null);
      }}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <Typography.Paragraph>{approval.summary}</Typography.Paragraph>
        <label htmlFor={id}>Reason</label>
        <Input.TextArea
          id={id}
          value={reason}
          maxLength={REASON_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Flex>
    </Modal>
  );
}
