import type { ListenerMiddlewareInstance, UnknownAction } from '@reduxjs/toolkit';

/**
 * Resolves when the store of `listener` (its listener middleware) next sees an action `matches`:
 * the event a test waits for instead of a pause, e.g. the answer the app reacts to.
 */
export function nextAction(
  listener: ListenerMiddlewareInstance,
  matches: (action: UnknownAction) => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    const stop = listener.startListening({
      predicate: (action) => matches(action),
      effect: () => {
        stop();
        resolve();
      },
    });
  });
}
