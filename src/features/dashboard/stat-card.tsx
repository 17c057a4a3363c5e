import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  /** Change in percent against the previous 30 days. */
  change: number;
  icon: ReactNode;
  /** The list this card counts. */
  to: string;
}

/** Read by screen readers, not shown. */
const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A dashboard figure with its change: up arrow at zero or more, down arrow otherwise. */
export function StatCard({ title, value, change, icon, to }: StatCardProps) {
  const up = change >= 0;
  // The link's name is its text (WCAG 2.5.3: what is seen, in its order), then which way the
  // figure went, said to screen readers only; the icons say nothing.
  return (
    <Link to={to} style={{ display: 'block', height: '100%' }}>
      <Card hoverable style={{ height: '100%' }}>
        <Flex justify="space-between" align="flex-start" gap="middle">
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{title}</Typography.Text>
            <Typography.Title
              level={3}
              // A figure never wraps inside its digits.
              style={{ margin: 0, whiteSpace: 'nowrap' }}
              data-testid="stat-value"
            >
              {value}
            </Typography.Title>
            <Typography.Text type={up ? 'success' : 'danger'} data-testid="stat-change">
              {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}{' '}
              {Math.abs(change)}%<span style={SCREEN_READER_ONLY}>{up ? ' up' : ' down'}</span>
            </Typography.Text>
          </Flex>
          <span aria-hidden style={{ fontSize: 28, opacity: 0.6 }}>
            {icon}
          </span>
        </Flex>
      </Card>
    </Link>
  );
}
