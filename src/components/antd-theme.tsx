import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { setMessageApi } from '../lib/notify';

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
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad6800',
  },
  components: {
    // An empty table's text (e.g. "No refunds") is disabled grey by default (1.9:1).
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.58)' },
    // A tag's text is its palette's 7th shade on its 1st: too light for green, gold, cyan,
    // orange, volcano, lime and yellow (3.2 to 4.4:1); one or two shades darker pass 4.5:1.
    Tag: {
      green7: '#237804',
      gold7: '#874d00',
      cyan7: '#006d75',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      lime7: '#3f6600',
      yellow7: '#876800',
    },
  },
};

/**
 * Ant Design's theme, locale and <App> (toasts, modals) around the screens that use antd: the
 * admin layout and the forgot-password page. The login page does without, so its first download
 * carries no antd.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enUS} theme={THEME}>
      <AntApp>
        <MessageBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
