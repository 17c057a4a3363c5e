import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { Provider } from 'react-redux';
import { setMessageApi } from '../lib/notify';
import type { AppStore } from './store';

/** Lets code outside React (the API base query) show toasts through antd's <App>. */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
}

/**
 * antd's default blue (#1677ff) and grey texts are below WCAG AA contrast (4.5:1) on white; these
 * darker ones pass (axe in the browser tests).
 */
const THEME = {
  token: {
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad6800',
  },
};

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={enUS} theme={THEME}>
        <AntApp>
          <MessageBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
