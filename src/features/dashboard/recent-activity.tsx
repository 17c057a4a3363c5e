import { Avatar, Button, Card, Empty, Flex, Grid, Typography } from 'antd';
import {
  BellOutlined,
  CalendarOutlined,
  DollarOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { ActivityLog } from '../../api/types';
import { formatRelativeTime } from '../../lib/relative-time';

/** The entry's icon by the first of these words in its title (spec 01 §2). */
const ICONS = [
  { word: 'booking', icon: <CalendarOutlined />, label: 'booking' },
  { word: 'restaurant', icon: <ShopOutlined />, label: 'restaurant' },
  { word: 'payment', icon: <DollarOutlined />, label: 'payment' },
  { word: 'user', icon: <UserOutlined />, label: 'user' },
] as const;

function activityIcon(title: string) {
  const text = title.toLowerCase();
  return (
    ICONS.find(({ word }) => text.includes(word)) ?? { icon: <BellOutlined />, label: 'default' }
  );
}

export interface RecentActivityProps {
  entries: readonly ActivityLog[];
  /** Shown instead of the entries when the activity list failed to load. */
  error?: string | null;
  onRetry?: () => void;
}

export function RecentActivity({ entries, error, onRetry }: RecentActivityProps) {
  const navigate = useNavigate();
  // Phone width: the time goes under the text, which keeps the card's whole width.
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Card
      title="Recent Activity"
      extra={<Button onClick={() => navigate('/admin/bookings')}>View all</Button>}
      style={{ height: '100%' }}
    >
      {error ? (
        <Flex vertical align="center" gap="small" role="alert">
          <Typography.Text type="danger">{error}</Typography.Text>
          <Button onClick={onRetry}>Retry</Button>
        </Flex>
      ) : entries.length === 0 ? (
        <Empty description="No recent activity" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex
          vertical
          gap="middle"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {entries.map((entry) => {
            const { icon, label } = activityIcon(entry.title);
            const time = (
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {formatRelativeTime(entry.createdAt)}
              </Typography.Text>
            );
            return (
              <Flex key={entry._id} component="li" gap="middle" align="flex-start">
                <Avatar icon={icon} aria-label={`${label} icon`} data-icon={label} />
                <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text strong>{entry.title}</Typography.Text>
                  <Typography.Text type="secondary">{entry.description}</Typography.Text>
                  {phone ? time : null}
                </Flex>
                {phone ? null : time}
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
