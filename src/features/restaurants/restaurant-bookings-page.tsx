import { useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { httpStatus } from '../../api/errors';
import type { Booking } from '../../api/types';
import { PageSpinner } from '../../components/page-spinner';
import { RestaurantLogo } from '../../components/restaurant-logo';
import { StatusBadge } from '../../components/status-badge';
import { BookingDetail, BookingsTable, RefundModal, useViewedBooking } from '../bookings';
import { RecordHistory } from '../audit';
import { RestaurantCards } from './restaurant-cards';
import { useGetRestaurantQuery } from './restaurants-api';

/** Spec 01 §9: the restaurant page shows 5 bookings per page. */
const RECENT_BOOKINGS_PAGE_SIZE = 5;

/** /admin/restaurants/:restaurantId/bookings: the restaurant's cards and its recent bookings. */
export default function RestaurantBookingsPage() {
  const { restaurantId = '' } = useParams();
  const navigate = useNavigate();
  const query = useGetRestaurantQuery(restaurantId);
  const [refunding, setRefunding] = useState<Booking | null>(null);
  const restaurant = query.data?.data[0];
  const [viewedId, setViewed] = useViewedBooking();

  const back = (
    <div>
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/restaurants')}>
        Back to Restaurants
      </Button>
    </div>
  );

  if (query.isLoading) return <PageSpinner />;
  if (!restaurant) {
    // 404: no such restaurant; 400: the id in the link is malformed. Neither can be retried.
    const status = httpStatus(query.error);
    const missing = status === 404 || status === 400 || (query.isSuccess && !restaurant);
    return (
      <Flex vertical gap="middle">
        {back}
        <Flex vertical align="center" gap="middle" role="alert" style={{ padding: 48 }}>
          <Typography.Text type="danger">
            {missing ? 'Restaurant not found' : 'Failed to load restaurant details'}
          </Typography.Text>
          {missing ? null : <Button onClick={() => void query.refetch()}>Retry</Button>}
        </Flex>
      </Flex>
    );
  }

  if (viewedId) {
    return (
      <BookingDetail
        bookingId={viewedId}
        backLabel={`Back to ${restaurant.restaurantName} Bookings`}
        entry="restaurant"
        onBack={() => setViewed(null)}
      />
    );
  }

  return (
    <Flex vertical gap="large">
      {back}
      <Flex align="center" gap="middle" wrap>
        <RestaurantLogo size={64} src={restaurant.restaurantLogo} />
        <Flex vertical>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {restaurant.restaurantName}
          </Typography.Title>
          <Typography.Text type="secondary">ID: {restaurant._id}</Typography.Text>
        </Flex>
        <StatusBadge
          status={restaurant.online ? 'online' : 'offline'}
          label={restaurant.online ? 'Online' : 'Offline'}
        />
        {restaurant.isFeatured ? <StatusBadge status="featured" label="Featured" /> : null}
      </Flex>
      <RestaurantCards restaurant={restaurant} />
      <Card
        title="Recent Bookings (Last 5)"
        extra={
          <Button onClick={() => navigate(`/admin/bookings?restaurant=${restaurant._id}`)}>
            View All
          </Button>
        }
      >
        <BookingsTable
          restaurantId={restaurant._id}
          pageSize={RECENT_BOOKINGS_PAGE_SIZE}
          sort="createdAt:desc"
          depositedLabel="Paid"
          retry="refetch"
          onView={(booking) => setViewed(booking._id)}
          onRefund={setRefunding}
        />
      </Card>
      <Card title="History" size="small">
        <RecordHistory entityType="restaurant" entityId={restaurant._id} />
      </Card>
      <RefundModal booking={refunding} entry="restaurant" onClose={() => setRefunding(null)} />
    </Flex>
  );
}
