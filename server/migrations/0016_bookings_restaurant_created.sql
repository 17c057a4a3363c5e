-- The restaurant page's "Recent Bookings (Last 5)": one restaurant's bookings newest created
-- first (listBookings with sort=createdAt:desc, read backwards), the id included so that the
-- page's ids come from the index alone, as the list's other indexes (migration 0002).
CREATE INDEX bookings_restaurant_created_idx ON bookings
  (restaurant_id, created_at, booking_ref) INCLUDE (id);
