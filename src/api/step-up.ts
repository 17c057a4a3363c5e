/**
 * "Confirm it's you" (step-up): the server refuses an operation that moves money or changes
 * access with 401 `reason: step_up_required` when the admin has not confirmed their second
 * factor lately. That 401 does not end the session: the base query (api.ts) asks the confirmer
 * the auth feature registers (its dialog, which calls POST /user/verify) and, once confirmed,
 * sends the same request again, once (the same arguments: a refund keeps its Idempotency-Key).
 * Calls refused together share one dialog.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** Resolves true once the admin confirmed it's them, false when they cancelled. */
type Confirmer = () => Promise<boolean>;

let confirmer: Confirmer | null = null;
let asking: Promise<boolean> | null = null;

export const isStepUpRequired = (error: FetchBaseQueryError | undefined): boolean =>
  error?.status === 401 &&
  (error.data as { reason?: unknown } | undefined)?.reason === 'step_up_required';

/** The auth feature's dialog (null when it is gone). */
export function setStepUpConfirmer(next: Confirmer | null): void {
  confirmer = next;
}

/** Asks the admin once for every call waiting; false without a dialog. */
export function confirmStepUp(): Promise<boolean> {
  if (!confirmer) return Promise.resolve(false);
  asking ??= confirmer().finally(() => {
    asking = null;
  });
  return asking;
}
