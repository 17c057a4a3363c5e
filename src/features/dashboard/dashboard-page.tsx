import { Button, Col, Flex, Row, Typography } from 'antd';
import { CalendarOutlined, DollarOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { errorText } from '../../api/errors';
import { PageSpinner } from '../../components/page-spinner';
import { formatMoney } from '../../../common/money-format';
import {
  DASHBOARD_ACTIVITY_LIMIT,
  useGetTopRestaurantsQuery,
  useGetTotalBookingsQuery,
  useGetTotalRestaurantsQuery,
  useGetTotalRevenueQuery,
  useGetTotalUsersQuery,
  useListActivityLogsQuery,
} from './dashboard-api';
import { RecentActivity } from './recent-activity';
import { StatCard } from './stat-card';
import { TopRestaurants } from './top-restaurants';

const DASHBOARD_ERROR = 'Failed to load dashboard data. Please try again later.';

export default function DashboardPage() {
  const users = useGetTotalUsersQuery();
  const restaurants = useGetTotalRestaurantsQuery();
  const bookings = useGetTotalBookingsQuery();
  const revenue = useGetTotalRevenueQuery();
  const top = useGetTopRestaurantsQuery();
  // Spec 01 §8: a failed activity list does not fail the dashboard; it is shown in its card.
  const activity = useListActivityLogsQuery({ skip: 0, limit: DASHBOARD_ACTIVITY_LIMIT });
  const main = [users, restaurants, bookings, revenue, top];

  const waiting = (q: { data?: unknown; isFetching: boolean }) => !q.data && q.isFetching;
  if (main.some(waiting) || waiting(activity)) {
    return <PageSpinner text="Loading dashboard data..." />;
  }
  if (main.some((q) => q.isError || !q.data)) {
    return (
      <Flex vertical align="center" gap="middle" style={{ padding: '48px 16px' }} role="alert">
        <Typography.Text type="danger">{DASHBOARD_ERROR}</Typography.Text>
        {/* Spec 01 §8: Retry reloads the page. */}
        <Button onClick={() => window.location.reload()}>Retry</Button>
      </Flex>
    );
  }

  const u = users.data!.data;
  const r = restaurants.data!.data;
  const b = bookings.data!.data;
  const v = revenue.data!.data;
  return (
    <Flex vertical gap="large">
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title="Total Users"
            value={u.userCount.toLocaleString('en-US')}
            change={u.percentageIncrease}
            icon={<TeamOutlined />}
            to="/admin/users"
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title="Total Restaurants"
            value={r.restaurantCount.toLocaleString('en-US')}
            change={r.percentageIncrease}
            icon={<ShopOutlined />}
            to="/admin/restaurants"
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title="Active Bookings"
            value={b.bookingCount.toLocaleString('en-US')}
            change={b.percentageIncrease}
            icon={<CalendarOutlined />}
            to="/admin/bookings"
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title="Total Revenue"
            value={formatMoney(v.totalRevenue, 'USD')}
            change={v.percentageIncrease}
            icon={<DollarOutlined />}
            to="/admin/bookings"
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <RecentActivity
            entries={activity.data?.data ?? []}
            error={
              activity.isError
                ? errorText(activity.error, {
                    http: 'Failed to fetch activity logs',
                    other: 'Failed to fetch activity logs',
                  })
                : null
            }
            onRetry={() => void activity.refetch()}
          />
        </Col>
        <Col xs={24} lg={14}>
          <TopRestaurants rows={top.data!.data} />
        </Col>
      </Row>
    </Flex>
  );
}
