/**
 * A list row's write (a status toggle, a role, a delete) made against the version the row was
 * read at: when a colleague changed the record since, the 412 is kept as the conflict of that
 * row's action and shown beside its control in the compact form (ConflictPopover), nothing
 * changed; Save mine anyway sends the same write with the version the 412 gave, Reload (after
 * asking) reads the row again.
 */
import type { ChangeValue } from '../../../common/change-text';
import type { Versioned } from '../../api/versions';
import type { ConflictNoticeProps } from './conflict-notice';
import { useConflict, type ConflictState } from './use-conflict';

/** One action of one row: which, and what the screen does with its outcomes. */
export interface RowAction {
  /** The row and the action ("<id>:status"): the conflict shown beside this control only. */
  key: string;
  /** Take theirs: the row read again. */
  reload: () => void;
  /** The write went through (at once, or by Save mine anyway), with its answer. */
  done: (answer: unknown) => void;
  /** The write failed otherwise than with a conflict. */
  failed: (error: unknown) => void;
}

export interface RowWrite<T> {
  /** The version the row was read at. */
  version: number;
  /** The admin's own values of the fields the write changes (none for a delete). */
  mine?: Record<string, ChangeValue>;
  /** The write against a version. */
  send: (version: Versioned) => Promise<T>;
}

/** What a row's write came to. */
export type RowWriteOutcome = 'done' | 'conflict' | 'failed';

export function useRowWrite() {
  const conflict = useConflict();

  /** Sends the row's write; its outcome is told to `action` (a conflict is shown beside it). */
  const write = async <T>(
    action: RowAction,
    { version, mine = {}, send }: RowWrite<T>,
  ): Promise<RowWriteOutcome> => {
    conflict.clear();
    let answer: T;
    try {
      answer = await send({ version });
    } catch (error) {
      if (conflict.caught(error, { key: action.key, sent: version, mine, send })) return 'conflict';
      action.failed(error);
      return 'failed';
    }
    action.done(answer);
    return 'done';
  };

  /** The props of the ConflictPopover around the action's control. */
  const beside = (
    action: RowAction,
  ): Omit<ConflictNoticeProps, 'compact'> & { state: ConflictState; conflictKey: string } => ({
    state: conflict,
    conflictKey: action.key,
    onReload: action.reload,
    onSaved: action.done,
    onFailed: action.failed,
  });

  return {
    write,
    beside,
    /** No conflict shown any more (another write started). */
    clear: conflict.clear,
  };
}
