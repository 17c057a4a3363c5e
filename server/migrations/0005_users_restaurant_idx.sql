-- The restaurant detail's staff, without reading every user.
CREATE INDEX users_restaurant_idx ON users (restaurant_id);
