import { Avatar, Button, Card, Flex, Table, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { TopRestaurant } from '../../api/types';
import { Money } from '../../components/money';

export function TopRestaurants({ rows }: { rows: readonly TopRestaurant[] }) {
  const navigate = useNavigate();
  return (
    <Card
      title="Top Restaurants"
      extra={<Button onClick={() => navigate('/admin/restaurants')}>View all</Button>}
      style={{ height: '100%' }}
    >
      <Table<TopRestaurant>
        rowKey="_id"
        dataSource={rows as TopRestaurant[]}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Restaurant',
            key: 'name',
            render: (_, row) => (
              <Flex align="center" gap="small">
                <Avatar
                  shape="square"
                  src={row.profilePicture ?? undefined}
                  icon={<ShopOutlined />}
                  alt={row.name}
                />
                <Typography.Text>{row.name}</Typography.Text>
              </Flex>
            ),
          },
          { title: 'Rating', key: 'rating', render: (_, row) => row.averageRating.toFixed(1) },
          { title: 'Bookings', dataIndex: 'totalBookings', key: 'bookings' },
          {
            title: 'Revenue',
            key: 'revenue',
            render: (_, row) => <Money amount={row.totalEarnings} currency={row.currency} />,
          },
        ]}
      />
    </Card>
  );
}
