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
import type { Versioned } from '../../api/versions';
import { useConflict } from '../../components/conflict/use-conflict';

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
  /**
   * The version of the booking as shown now. A refund is sent against the one the form opened
   * with (the balance the admin decided on), even when a colleague's change of the booking was
   * read since: a colleague's refund meanwhile is met with the 412 notice, never passed over.
   */
  version: number;
  /** Refuses an amount above the balance before asking, with this text. */
  overBalance: string;
  /** Sends the refund against `version`; rejects when it is refused or fails. */
  send: (amount: number, why: RefundWhy, version: Versioned) => Promise<RefundAnswer>;
  /** The success toast. */
  succeeded: (amount: number) => string;
  /** The error shown in the form and as a toast. */
  failed: (failure: unknown) => string;
  /** After a successful refund. */
  onDone: () => void;
}

export function useRefundForm({
  balance,
  version,
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
  // The booking's version when the form opened: what a refund is sent against.
  const [openedAt, setOpenedAt] = useState(version);
  // A colleague changed the booking (a refund of theirs) since: their change is shown first.
  const conflict = useConflict();

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

  const done = (answer: RefundAnswer, value: number) => {
    // Sent for approval: the server's sentence ("Refund of C$1,500.00 sent for approval").
    notify.success(sentForApproval(answer) ? answer.message : succeeded(value));
    onDone();
  };
  const failedWith = (failure: unknown) => {
    const text = failed(failure);
    setError(text);
    notify.error(text);
  };

  const confirm = async (value: number) => {
    conflict.clear();
    const why = { reasonCode, note: note.trim() || REFUND_REASON };
    const sendAt = (versioned: Versioned) => send(value, why, versioned);
    try {
      done(await sendAt({ version: openedAt }), value);
    } catch (failure) {
      if (!conflict.caught(failure, { sent: openedAt, mine: {}, send: sendAt })) {
        failedWith(failure);
      }
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
    /** A colleague's change of the booking since the form opened (412): Reload or Save mine anyway. */
    conflict,
    /** Reload: the booking as it is now, the amount typed dropped. */
    reload: () => {
      const now = conflict.conflict?.answer.current as { version?: number } | null | undefined;
      setOpenedAt(now?.version ?? version);
      setAmount('');
      setError(null);
    },
    /** Save mine anyway went through. */
    savedAnyway: (answer: unknown) => done(answer as RefundAnswer, Number(amount)),
    failedAnyway: failedWith,
  };
}

export type RefundForm = ReturnType<typeof useRefundForm>;
