/** The fields of one refund form (an order's or a booking's) and the question before it sends. */
import { Alert, Button, Flex, Input, Select, Typography } from 'antd';
import type { RefundReasonCode } from '../../api/types';
import { ConfirmModal } from '../../components/confirm-modal';
import { ConflictNotice } from '../../components/conflict/conflict-notice';
import { REFUND_REASON_LABELS } from '../../../common/change-text';
import { currencyDecimals, fromMinor, toMinor } from '../../../common/money';
import { formatMoney } from '../../../common/money-format';
import { useAppSelector } from '../../app/hooks';
import { TEAM_ROLE_LABELS } from '../../../common/team-roles';
import { canSubmitRefund, refundApprovalNote, type RefundLimits } from './booking-rules';
import type { RefundForm } from './use-refund-form';

const REASON_OPTIONS = Object.entries(REFUND_REASON_LABELS).map(([value, label]) => ({
  value: value as RefundReasonCode,
  label,
}));

/** The signed-in admin's refund limits, as the approval rule reads them. */
function useRefundLimits(): RefundLimits {
  const user = useAppSelector((state) => state.auth.user);
  return {
    refundLimitUsd: user?.refundLimitUsd,
    refundApprovalUsd: user?.refundApprovalUsd,
    roleLabel: TEAM_ROLE_LABELS[user?.teamRole ?? 'viewer'],
  };
}

/**
 * Amount (with the maximum refundable), optional reason and note, the form's error, the submit
 * button and the confirmation. Above the admin's limit the button reads "Request approval" and
 * the note under the amount says why: the refund is sent for another admin's approval.
 */
export function RefundFields({
  id,
  form,
  balance,
  currency,
  submitText,
  what,
  loading,
}: {
  /** Prefix of the fields' ids (their labels point at them). */
  id: string;
  form: RefundForm;
  /** What can be refunded now. */
  balance: number;
  currency: string;
  /** "Refund This Order", "Process Refund". */
  submitText: string;
  /** "the order of Jane Doe", "booking BK-1". */
  what: string;
  loading: boolean;
}) {
  const limits = useRefundLimits();
  const approval = refundApprovalNote(form.amount, currency, limits);
  return (
    <>
      <Flex vertical gap={4}>
        <label htmlFor={id}>Refund amount</label>
        <Input
          id={id}
          type="number"
          min={0}
          step={currencyDecimals(currency) === 0 ? 1 : 0.01}
          max={balance}
          value={form.amount}
          onChange={(event) => form.setAmount(event.target.value)}
          style={{ maxWidth: 200 }}
        />
        <Typography.Text type="secondary">
          Maximum refundable amount: {formatMoney(balance, currency)}
        </Typography.Text>
        {approval ? <Typography.Text type="warning">{approval}</Typography.Text> : null}
      </Flex>
      <Flex gap="small" wrap>
        <Flex vertical gap={4}>
          <label htmlFor={`${id}-reason`}>Reason (optional)</label>
          <Select
            id={`${id}-reason`}
            value={form.reasonCode}
            options={REASON_OPTIONS}
            onChange={form.setReasonCode}
            style={{ width: 220 }}
          />
        </Flex>
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 200 }}>
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <Input
            id={`${id}-note`}
            maxLength={500}
            value={form.note}
            onChange={(event) => form.setNote(event.target.value)}
          />
        </Flex>
      </Flex>
      {form.error ? <Alert type="error" showIcon title={form.error} /> : null}
      <ConflictNotice
        state={form.conflict}
        onReload={form.reload}
        onSaved={form.savedAnyway}
        onFailed={form.failedAnyway}
      />
      <div>
        <Button
          type="primary"
          danger
          loading={loading}
          disabled={!canSubmitRefund(form.amount, loading)}
          onClick={form.check}
        >
          {approval ? 'Request approval' : submitText}
        </Button>
      </div>
      <RefundConfirm
        amount={form.confirming}
        forApproval={
          form.confirming !== null &&
          refundApprovalNote(String(form.confirming), currency, limits) !== null
        }
        balance={balance}
        currency={currency}
        what={what}
        loading={loading}
        onConfirm={form.confirm}
        onCancel={form.cancel}
      />
    </>
  );
}

/**
 * The question before any refund is sent: amount in the booking's currency, what is refunded
 * and the balance left after it (or that another admin approves it first). Only Confirm sends.
 */
function RefundConfirm({
  amount,
  forApproval,
  balance,
  currency,
  what,
  loading,
  onConfirm,
  onCancel,
}: {
  /** The amount to confirm; the question is open while it is set. */
  amount: number | null;
  /** It is a request for another admin's approval, not a refund made now. */
  forApproval: boolean;
  balance: number;
  currency: string;
  what: string;
  loading: boolean;
  onConfirm: (amount: number) => void;
  onCancel: () => void;
}) {
  const left =
    amount === null
      ? 0
      : fromMinor(
          toMinor(balance, currency, 'round') - toMinor(amount, currency, 'round'),
          currency,
        );
  return (
    <ConfirmModal
      open={amount !== null}
      title={forApproval ? 'Request approval' : 'Confirm refund'}
      message={
        forApproval
          ? `Send a refund of ${formatMoney(amount, currency)} on ${what} for approval?`
          : `Refund ${formatMoney(amount, currency)} on ${what}?`
      }
      detail={
        forApproval
          ? 'Nothing is refunded until another admin approves it.'
          : `Remaining balance after this refund: ${formatMoney(left, currency)}`
      }
      confirmText={forApproval ? 'Send for approval' : 'Confirm'}
      danger
      loading={loading}
      onConfirm={() => {
        if (amount !== null) onConfirm(amount);
      }}
      onCancel={onCancel}
    />
  );
}
