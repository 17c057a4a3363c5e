/** What notify needs of antd's message API (the one of antd's <App>, which follows the theme). */
export interface MessageApi {
  error: (content: string | { content: string; key?: string; duration?: number }) => unknown;
  success: (content: string | { content: string; key?: string; duration?: number }) => unknown;
  info: (content: string | { content: string; key?: string; duration?: number }) => unknown;
}

type Toast = [kind: 'error' | 'success' | 'info', content: string, key?: string, seconds?: number];

/** Toasts asked for before a message API is registered (at most this many, the latest kept). */
const MAX_WAITING = 5;
let messageApi: MessageApi | null = null;
let waiting: Toast[] = [];

function show([kind, content, key, seconds]: Toast): void {
  if (!messageApi) {
    waiting = [...waiting, [kind, content, key, seconds] as Toast].slice(-MAX_WAITING);
    return;
  }
  void messageApi[kind](key || seconds ? { content, key, duration: seconds } : content);
}

/**
 * Toasts for code outside React (the API base query). The antd theme registers the message API
 * of its <App> while it is mounted (components/antd-theme.tsx); toasts asked for while none is
 * mounted wait for the next one. Returns the unregistration.
 */
export function setMessageApi(api: MessageApi): () => void {
  messageApi = api;
  const pending = waiting;
  waiting = [];
  pending.forEach(show);
  return () => {
    if (messageApi === api) messageApi = null;
  };
}

export const notify = {
  /**
   * `key` makes repeated toasts with the same key replace each other instead of stacking;
   * `seconds` is how long the toast stays (3 unless told otherwise).
   */
  error(content: string, key?: string, seconds?: number) {
    show(['error', content, key, seconds]);
  },
  success(content: string, key?: string, seconds?: number) {
    show(['success', content, key, seconds]);
  },
  info(content: string, key?: string, seconds?: number) {
    show(['info', content, key, seconds]);
  },
};
