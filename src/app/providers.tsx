import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/**
 * The store around the whole app. Ant Design's theme is not here: the screens that use antd wrap
 * themselves in <AntdTheme> (components/antd-theme.tsx), so /login downloads no antd.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
