/** The fields of one refund form (an order's or a booking's) and the question before it sends. */
import { Alert, Button, Flex, Input, Select, Tooltip, Typography } from 'antd';
import type { RefundReasonCode } from '../../api/types';
import { ConfirmModal } from '../../components/confirm-modal';
import { REFUND_REASON_LABELS } from '../../components/refund-reason';
import { currencyDecimals, fromMinor, toMinor } from '../../../common/money';
import { formatMoney } from '../../../common/money-format';
import { useAppSelector } from '../../app/hooks';
import { canSubmitRefund, refundLimitExceeded } from './booking-rules';
import type { RefundForm } from './use-refund-form';

const REASON_OPTIONS = Object.entries(REFUND_REASON_LABELS).map(([value, label]) => ({
  value: value as RefundReasonCode,
  label,
}));

/**
 * Amount (with the maximum refundable), optional reason and note, the form's error, the submit
 * button and the confirmation.
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
  // Above the role's limit the button stays in view, disabled, saying why.
  const limitUsd = useAppSelector((state) => state.auth.user?.refundLimitUsd);
  const overLimit = refundLimitExceeded(form.amount, currency, limitUsd);
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
      <Tooltip title={overLimit}>
        <Button
          type="primary"
          danger
          loading={loading}
          disabled={overLimit !== null || !canSubmitRefund(form.amount, loading)}
          onClick={form.check}
        >
          {submitText}
        </Button>
      </Tooltip>
      <RefundConfirm
        amount={form.confirming}
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
 * and the balance left after it. Only Confirm sends.
 */
function RefundConfirm({
  amount,
  balance,
  currency,
  what,
  loading,
  onConfirm,
  onCancel,
}: {
  /** The amount to confirm; the question is open while it is set. */
  amount: number | null;
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
      title="Confirm refund"
      message={`Refund ${formatMoney(amount, currency)} on ${what}?`}
      detail={`Remaining balance after this refund: ${formatMoney(left, currency)}`}
      confirmText="Confirm"
      danger
      loading={loading}
      onConfirm={() => {
        if (amount !== null) onConfirm(amount);
      }}
      onCancel={onCancel}
    />
  );
}
