import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { Provider } from 'react-redux';
import { setMessageApi } from './notify';
import type { AppStore } from './store';

/** Lets code outside React (the API base query) show toasts through antd's <App>. */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: '#1677ff' } }}>
        <AntApp>
          <MessageBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
