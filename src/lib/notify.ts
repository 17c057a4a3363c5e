import { message } from 'antd';

type MessageInstance = ReturnType<typeof message.useMessage>[0];

/**
 * Toasts for code outside React (the API base query). The app registers the message API of
 * antd's <App> (which follows the theme); before that, antd's static API is used.
 */
let messageApi: Pick<MessageInstance, 'error' | 'success' | 'info'> = message;

export function setMessageApi(api: MessageInstance): void {
  messageApi = api;
}

export const notify = {
  /**
   * `key` makes repeated toasts with the same key replace each other instead of stacking;
   * `seconds` is how long the toast stays (3 unless told otherwise).
   */
  error(content: string, key?: string, seconds?: number) {
    void messageApi.error(key || seconds ? { content, key, duration: seconds } : content);
  },
  success(content: string, key?: string, seconds?: number) {
    void messageApi.success(key || seconds ? { content, key, duration: seconds } : content);
  },
};
