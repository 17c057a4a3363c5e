/**
 * The one way a form, an editor or an inline edit handles a write refused with 412 (a colleague
 * changed the record since it was read): nothing of the admin's is thrown away; the screen shows
 * the conflict (ConflictNotice, compact in a list) with Reload (take theirs, after a confirmation)
 * and Save mine anyway (the same write again with the version the 412 gave, marked as
 * overriding the one it was made on: X-Overrides-Version).
 */
import { useState } from 'react';
import type { ChangeValue } from '../../../common/change-text';
import { versionConflict, type VersionConflict, type Versioned } from '../../api/versions';

export interface Conflict {
  /** Which write it was (a list's row and field), for screens with several. */
  key: string;
  answer: VersionConflict;
  /** The version the refused write was made on. */
  sent: number;
  /** The admin's own values of the fields they changed (shown beside theirs). */
  mine: Record<string, ChangeValue>;
  /** Sends the write again against `version`. */
  send: (version: Versioned) => Promise<unknown>;
}

export type ConflictState = ReturnType<typeof useConflict>;

export function useConflict() {
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saving, setSaving] = useState(false);

  /** When `error` is a 412, keeps it as the conflict to show and says true; else false. */
  const caught = (error: unknown, write: Omit<Conflict, 'answer' | 'key'> & { key?: string }) => {
    const answer = versionConflict(error);
    if (!answer) return false;
    setConflict({ key: '', ...write, answer });
    return true;
  };

  /**
   * Save mine anyway: the write again over their change. Resolves what the write answered, or
   * undefined when it was refused (a newer conflict is shown instead; another failure is thrown).
   */
  const saveMine = async (): Promise<unknown> => {
    if (!conflict) return undefined;
    const version = { version: conflict.answer.current?.version ?? 0, overrides: conflict.sent };
    setSaving(true);
    try {
      const answer = await conflict.send(version);
      setConflict(null);
      return answer;
    } catch (error) {
      if (!caught(error, { ...conflict, sent: conflict.sent })) throw error;
      return undefined;
    } finally {
      setSaving(false);
    }
  };

  return {
    conflict,
    /** Save mine anyway is under way. */
    saving,
    caught,
    saveMine,
    /** The conflict is over (reloaded, or the form closed). */
    clear: () => setConflict(null),
  };
}
