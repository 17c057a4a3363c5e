import { useState } from 'react';
import { Flex, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { Booking } from '../../api/types';
import { BookingDetail } from './booking-detail';
import { useGetBookingsRestaurantQuery } from './bookings-api';
import { BookingsTable } from './bookings-table';
import { RefundModal } from './refund-modal';

/** URL parameter of the booking shown in detail (so a reload keeps it open). */
export const VIEWED_BOOKING_PARAM = 'booking';

/** /admin/bookings: the list, or one booking's detail in its place; ?restaurant= narrows it. */
export default function BookingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const restaurantId = searchParams.get('restaurant') ?? undefined;
  const viewedId = searchParams.get(VIEWED_BOOKING_PARAM);
  const restaurant = useGetBookingsRestaurantQuery(restaurantId ?? '', { skip: !restaurantId });
  const restaurantName = restaurant.data?.data[0]?.restaurantName;
  const [refunding, setRefunding] = useState<Booking | null>(null);

  const setViewed = (id: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set(VIEWED_BOOKING_PARAM, id);
    else next.delete(VIEWED_BOOKING_PARAM);
    setSearchParams(next);
  };

  if (viewedId) {
    return <BookingDetail bookingId={viewedId} onBack={() => setViewed(null)} />;
  }
  return (
    <Flex vertical gap="middle">
      {restaurantId ? (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {restaurantName ? `${restaurantName} Booking Management` : 'Booking Management'}
        </Typography.Title>
      ) : null}
      <BookingsTable
        restaurantId={restaurantId}
        onView={(booking) => setViewed(booking._id)}
        onRefund={setRefunding}
      />
      <RefundModal booking={refunding} onClose={() => setRefunding(null)} />
    </Flex>
  );
}
