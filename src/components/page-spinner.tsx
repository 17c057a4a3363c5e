import { Flex, Spin, Typography } from 'antd';

export interface PageSpinnerProps {
  /** Text under the spinner, e.g. "Loading your session...". */
  text?: string;
  /** Fill the whole window (start-up, logout) instead of the content area. */
  fullScreen?: boolean;
}

export function PageSpinner({ text, fullScreen = false }: PageSpinnerProps) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap="middle"
      role="status"
      aria-live="polite"
      style={{ minHeight: fullScreen ? '100vh' : 240, width: '100%' }}
    >
      <Spin size="large" />
      {text ? <Typography.Text type="secondary">{text}</Typography.Text> : null}
    </Flex>
  );
}
