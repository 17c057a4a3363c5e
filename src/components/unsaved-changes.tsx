import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { Typography } from 'antd';
import { ConfirmModal } from './confirm-modal';

const DISCARD_TITLE = 'Discard unsaved changes?';

/** The sign beside a form's submit button while it holds changes not saved yet. */
export function UnsavedSign({ dirty }: { dirty: boolean }) {
  return dirty ? (
    <Typography.Text type="warning" role="status">
      Unsaved changes
    </Typography.Text>
  ) : null;
}

/**
 * While `dirty`, leaving asks first ("Discard unsaved changes?" with Discard / Keep editing):
 * router navigation is blocked until answered, closing or reloading the window gets the
 * browser's own question (beforeunload), and `confirmLeave(action)` asks before an action of
 * the screen (a tab switch). Render `modal` once.
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const confirmLeave = useCallback(
    (action: () => void) => {
      if (dirty) setPending(() => action);
      else action();
    },
    [dirty],
  );

  const blocked = blocker.state === 'blocked';
  const modal = (
    <ConfirmModal
      open={blocked || pending !== null}
      title={DISCARD_TITLE}
      message="Your changes have not been submitted."
      confirmText="Discard"
      cancelText="Keep editing"
      danger
      onConfirm={() => {
        if (blocked) blocker.proceed();
        pending?.();
        setPending(null);
      }}
      onCancel={() => {
        if (blocked) blocker.reset();
        setPending(null);
      }}
    />
  );
  return { confirmLeave, modal };
}
