import { useState } from 'react';
import { api } from '../../api/api';
import { serverMessage } from '../../api/errors';
import type { Versioned } from '../../api/versions';
import { useAppDispatch } from '../../app/hooks';
import { useConflict } from '../../components/conflict/use-conflict';
import { notify } from '../../lib/notify';
import { useUpdateRestaurantMutation } from './restaurants-api';

type Field = 'online' | 'isFeatured' | 'platformCommission';

/** Spec 01 §8: the server's message, else these defaults. */
const UPDATE_TEXTS: Record<Field, { success: string; failure: string }> = {
  online: {
    success: 'Restaurant status updated successfully',
    failure: 'Failed to update restaurant status',
  },
  isFeatured: {
    success: 'Restaurant featured status updated successfully',
    failure: 'Failed to update restaurant featured status',
  },
  platformCommission: {
    success: 'Restaurant commission updated successfully',
    failure: 'Failed to update restaurant commission',
  },
};

/**
 * Saves one field of a restaurant and tells the administrator how it went. Resolves true on
 * success; the row changes when the list is read again (it never flips before the server says so).
 * Each row and field is busy until its own save ends, also while others run.
 */
export function useRestaurantUpdate() {
  const [update] = useUpdateRestaurantMutation();
  const dispatch = useAppDispatch();
  // A row changed by a colleague since the list was read: shown beside its control.
  const conflict = useConflict();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const mark = (key: string, busy: boolean) =>
    setPending((before) => {
      const next = new Set(before);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  const save = async <F extends Field>(
    { _id: id, version }: { _id: string; version: number },
    field: F,
    value: F extends 'platformCommission' ? number : boolean,
  ): Promise<boolean> => {
    const texts = UPDATE_TEXTS[field];
    const key = `${id} ${field}`;
    mark(key, true);
    conflict.clear();
    const send = (versioned: Versioned) =>
      update({ id, [field]: value, ...versioned } as never).unwrap();
    try {
      const result = await send({ version });
      notify.success(result.message || texts.success);
      return true;
    } catch (error) {
      if (!conflict.caught(error, { key, sent: version, mine: { [field]: value }, send })) {
        notify.error(serverMessage(error) ?? texts.failure);
      }
      return false;
    } finally {
      mark(key, false);
    }
  };
  const isSaving = (id: string, field: Field) => pending.has(`${id} ${field}`);
  /** The conflict of one row's field, compact beside its control (Reload reads the row again). */
  const conflictOf = (id: string, field: Field) => ({
    state: conflict,
    conflictKey: `${id} ${field}`,
    onReload: () => dispatch(api.util.invalidateTags([{ type: 'Restaurant', id }])),
    onSaved: (answer: unknown) =>
      notify.success((answer as { message?: string }).message || UPDATE_TEXTS[field].success),
    onFailed: (error: unknown) => notify.error(serverMessage(error) ?? UPDATE_TEXTS[field].failure),
  });
  return { save, isSaving, conflictOf };
}
