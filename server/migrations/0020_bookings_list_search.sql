-- The search walks the list's order (queries/bookings.ts, searchCtes): bookings_list_idx also
-- carries the searched names and e-mail, so the walk tests each booking from the index alone
-- instead of reading its row (docs/scale.md, Search).
DROP INDEX IF EXISTS bookings_list_idx;--> statement-breakpoint
CREATE INDEX bookings_list_idx ON bookings (arrival_date, arrival_time, booking_ref)
  INCLUDE (id, restaurant_id, status, payment_status, payout, first_name, last_name, email);
