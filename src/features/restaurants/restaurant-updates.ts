import { useState } from 'react';
import { serverMessage } from '../../api/errors';
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
    try {
      const result = await update({ id, version, [field]: value } as never).unwrap();
      notify.success(result.message || texts.success);
      return true;
    } catch (error) {
      notify.error(serverMessage(error) ?? texts.failure);
      return false;
    } finally {
      mark(key, false);
    }
  };
  const isSaving = (id: string, field: Field) => pending.has(`${id} ${field}`);
  return { save, isSaving };
}
