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

/** A dashboard figure with its change: up arrow at zero or more, down arrow otherwise. */
export function StatCard({ title, value, change, icon, to }: StatCardProps) {
  const up = change >= 0;
  // The name holds what is seen, in its order (WCAG 2.5.3), and which way the figure went.
  const name = `${title} ${value} ${Math.abs(change)}% ${up ? 'up' : 'down'}`;
  return (
    <Link to={to} aria-label={name} style={{ display: 'block', height: '100%' }}>
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
              {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(change)}%
            </Typography.Text>
          </Flex>
          <span style={{ fontSize: 28, opacity: 0.6 }}>{icon}</span>
        </Flex>
      </Card>
    </Link>
  );
}
