/**
 * The state machine of one refund form, an order's or a booking's: the amount typed, its check,
 * the confirmation question, the send and its outcome. The caller says how to send and what the
 * outcome messages read.
 */
import { useState } from 'react';
import type { RefundReasonCode } from '../../api/types';
import { notify } from '../../lib/notify';
import { parseRefundAmount } from './booking-rules';
import { sentForApproval } from '../../api/approval-answer';
import type { RefundAnswer } from './bookings-api';

/** The note sent when the admin writes none (the spec's fixed text). */
const REFUND_REASON = 'Refund processed via admin panel';

/** Why a refund is made: kept with it and in its audit event. */
interface RefundWhy {
  reasonCode: RefundReasonCode;
  note: string;
}

export interface RefundFormOptions {
  /** What can be refunded now. */
  balance: number;
  /** Refuses an amount above the balance before asking, with this text. */
  overBalance: string;
  /** Sends the refund; rejects when it is refused or fails. */
  send: (amount: number, why: RefundWhy) => Promise<RefundAnswer>;
  /** The success toast. */
  succeeded: (amount: number) => string;
  /** The error shown in the form and as a toast. */
  failed: (failure: unknown) => string;
  /** After a successful refund. */
  onDone: () => void;
}

export function useRefundForm({
  balance,
  overBalance,
  send,
  succeeded,
  failed,
  onDone,
}: RefundFormOptions) {
  const [amount, setAmount] = useState('');
  const [reasonCode, setReasonCode] = useState<RefundReasonCode>('requested_by_customer');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The amount asked about; the confirmation is open while it is set. */
  const [confirming, setConfirming] = useState<number | null>(null);

  const check = () => {
    const value = parseRefundAmount(amount);
    if (value === null || value <= 0) {
      setError('Refund amount must be greater than 0');
      return;
    }
    if (value > balance) {
      setError(overBalance);
      return;
    }
    setError(null);
    setConfirming(value);
  };

  const confirm = async (value: number) => {
    try {
      const answer = await send(value, { reasonCode, note: note.trim() || REFUND_REASON });
      // Sent for approval: the server's sentence ("Refund of C$1,500.00 sent for approval").
      notify.success(sentForApproval(answer) ? answer.message : succeeded(value));
      onDone();
    } catch (failure) {
      const text = failed(failure);
      setError(text);
      notify.error(text);
    } finally {
      setConfirming(null);
    }
  };

  return {
    amount,
    /** A new amount typed clears the last error. */
    setAmount: (value: string) => {
      setAmount(value);
      setError(null);
    },
    reasonCode,
    setReasonCode,
    note,
    setNote,
    error,
    confirming,
    /** The submit button: checks the amount, then asks. */
    check,
    confirm: (value: number) => void confirm(value),
    cancel: () => setConfirming(null),
  };
}

export type RefundForm = ReturnType<typeof useRefundForm>;
