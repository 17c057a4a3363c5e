import { useState } from 'react';
import { Flex } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { Booking } from '../../api/types';
import { usePageTitle } from '../../components/page-title';
import { useGetRestaurantQuery } from '../restaurants';
import { BookingDetail } from './booking-detail';
import { BookingsTable } from './bookings-table';
import { RefundModal } from './refund-modal';
import { useViewedBooking } from './use-viewed-booking';

/** /admin/bookings: the list, or one booking's detail in its place; ?restaurant= narrows it. */
export default function BookingsPage() {
  const [searchParams] = useSearchParams();
  const restaurantId = searchParams.get('restaurant') ?? undefined;
  const [viewedId, setViewed] = useViewedBooking();
  const restaurant = useGetRestaurantQuery(restaurantId ?? '', { skip: !restaurantId });
  const restaurantName = restaurant.data?.data[0]?.restaurantName;
  const [refunding, setRefunding] = useState<Booking | null>(null);
  // Spec 01 §2: the header reads "Booking Management" for the restaurant of ?restaurant=.
  usePageTitle(
    restaurantId
      ? restaurantName
        ? `${restaurantName} Booking Management`
        : 'Booking Management'
      : null,
  );

  if (viewedId) {
    return <BookingDetail bookingId={viewedId} onBack={() => setViewed(null)} />;
  }
  return (
    <Flex vertical gap="middle">
      <BookingsTable
        restaurantId={restaurantId}
        savedViews
        onView={(booking) => setViewed(booking._id)}
        onRefund={setRefunding}
      />
      <RefundModal booking={refunding} onClose={() => setRefunding(null)} />
    </Flex>
  );
}
