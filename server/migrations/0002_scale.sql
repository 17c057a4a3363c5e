CREATE TABLE "booking_hourly" (
	"hour" bigint NOT NULL,
	"currency" text NOT NULL,
	"bookings" bigint NOT NULL,
	"collected_minor" bigint NOT NULL,
	CONSTRAINT "booking_hourly_hour_currency_pk" PRIMARY KEY("hour","currency")
);
--> statement-breakpoint
CREATE TABLE "booking_stats" (
	"restaurant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"payout" boolean NOT NULL,
	"bookings" bigint NOT NULL,
	"collected_minor" bigint NOT NULL,
	"earnings_minor" bigint NOT NULL,
	"payouts_minor" bigint NOT NULL,
	CONSTRAINT "booking_stats_restaurant_id_status_payment_status_payout_pk" PRIMARY KEY("restaurant_id","status","payment_status","payout")
);
--> statement-breakpoint
DROP INDEX "bookings_restaurant_idx";--> statement-breakpoint
DROP INDEX "bookings_arrival_idx";--> statement-breakpoint
-- What counts as revenue (queries/revenue.ts uses this function too): money collected on bookings
-- whose payment went through, less what was refunded.
CREATE FUNCTION booking_collected_minor(payment_status text, total bigint, refunded_total bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN payment_status IN ('Paid', 'Completed', 'Deposited', 'Refund')
    THEN total - refunded_total ELSE 0 END
$$;--> statement-breakpoint
-- booking_stats and booking_hourly follow every insert, update, delete and truncate of bookings
-- in the same statement (so in the same transaction): each changed row is counted out with its
-- old values and in with its new ones. Rows whose figures do not change write nothing.
CREATE FUNCTION bookings_figures_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE booking_stats, booking_hourly;
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    INSERT INTO booking_stats AS s (restaurant_id, status, payment_status, payout, bookings,
      collected_minor, earnings_minor, payouts_minor)
    SELECT restaurant_id, status, payment_status, payout, sum(sign), sum(sign * collected),
      sum(sign * CASE WHEN collected > 0 THEN greatest(collected - fee, 0) ELSE 0 END),
      sum(sign * CASE WHEN payout THEN net_payout ELSE 0 END)
    FROM (SELECT d.*, booking_collected_minor(d.payment_status, d.total, d.refunded_total)
      AS collected FROM (%s) d) x
    GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR sum(sign * collected) <> 0
      OR sum(sign * CASE WHEN collected > 0 THEN greatest(collected - fee, 0) ELSE 0 END) <> 0
      OR sum(sign * CASE WHEN payout THEN net_payout ELSE 0 END) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (restaurant_id, status, payment_status, payout) DO UPDATE SET
      bookings = s.bookings + excluded.bookings,
      collected_minor = s.collected_minor + excluded.collected_minor,
      earnings_minor = s.earnings_minor + excluded.earnings_minor,
      payouts_minor = s.payouts_minor + excluded.payouts_minor
  $q$, changed);
  EXECUTE format($q$
    INSERT INTO booking_hourly AS h (hour, currency, bookings, collected_minor)
    SELECT floor(extract(epoch FROM created_at) / 3600)::bigint, currency, sum(sign),
      sum(sign * booking_collected_minor(payment_status, total, refunded_total))
    FROM (%s) d
    GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR sum(sign * booking_collected_minor(payment_status, total, refunded_total)) <> 0
    ORDER BY 1, 2
    ON CONFLICT (hour, currency) DO UPDATE SET
      bookings = h.bookings + excluded.bookings,
      collected_minor = h.collected_minor + excluded.collected_minor
  $q$, changed);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER bookings_figures_insert AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_figures_apply();--> statement-breakpoint
CREATE TRIGGER bookings_figures_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_figures_apply();--> statement-breakpoint
CREATE TRIGGER bookings_figures_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_figures_apply();--> statement-breakpoint
CREATE TRIGGER bookings_figures_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_figures_apply();--> statement-breakpoint
-- The figures of the bookings already there.
INSERT INTO booking_stats (restaurant_id, status, payment_status, payout, bookings,
  collected_minor, earnings_minor, payouts_minor)
SELECT restaurant_id, status, payment_status, payout, count(*), sum(collected),
  sum(CASE WHEN collected > 0 THEN greatest(collected - fee, 0) ELSE 0 END),
  sum(CASE WHEN payout THEN net_payout ELSE 0 END)
FROM (SELECT b.*, booking_collected_minor(payment_status, total, refunded_total) AS collected
  FROM bookings b) x
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO booking_hourly (hour, currency, bookings, collected_minor)
SELECT floor(extract(epoch FROM created_at) / 3600)::bigint, currency, count(*),
  sum(booking_collected_minor(payment_status, total, refunded_total))
FROM bookings GROUP BY 1, 2;--> statement-breakpoint
-- Search: pg_trgm (trusted since PostgreSQL 13; PGlite loads it as an extension, db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX bookings_search_idx ON bookings USING gin
  ((booking_ref || ' ' || first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);--> statement-breakpoint
-- The list's order (arrival, newest first: read backwards) alone and after each equality filter,
-- with the id included so that a page's ids, even a deep page's, come from the index alone. The
-- first one also carries the filter columns, for the count of one arrival day with other filters.
CREATE INDEX bookings_list_idx ON bookings (arrival_date, arrival_time, booking_ref)
  INCLUDE (id, restaurant_id, status, payment_status, payout);--> statement-breakpoint
CREATE INDEX bookings_restaurant_list_idx ON bookings
  (restaurant_id, arrival_date, arrival_time, booking_ref) INCLUDE (id);--> statement-breakpoint
CREATE INDEX bookings_status_list_idx ON bookings
  (status, arrival_date, arrival_time, booking_ref) INCLUDE (id);--> statement-breakpoint
CREATE INDEX bookings_payment_list_idx ON bookings
  (lower(payment_status), arrival_date, arrival_time, booking_ref) INCLUDE (id);--> statement-breakpoint
CREATE INDEX bookings_payout_list_idx ON bookings
  (payout, arrival_date, arrival_time, booking_ref) INCLUDE (id);
