import { Button, Card, Table } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { TopRestaurant } from '../../api/types';
import { CellText } from '../../components/list/cell-text';
import { Money } from '../../components/money';
import { RestaurantLogo } from '../../components/restaurant-logo';

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
              <CellText text={row.name} icon={<RestaurantLogo src={row.profilePicture} />} />
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
