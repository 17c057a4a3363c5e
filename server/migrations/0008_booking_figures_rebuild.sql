-- booking_stats and booking_hourly rebuilt from the bookings, with the formula of migration 0002's
-- backfill, as one function: a bulk load that writes bookings with their triggers off calls it
-- once at its end (server/src/seed/bulk-load.ts).
CREATE FUNCTION booking_figures_rebuild() RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM booking_stats;
  DELETE FROM booking_hourly;
  INSERT INTO booking_stats (restaurant_id, status, payment_status, payout, bookings,
    collected_minor, earnings_minor, payouts_minor)
  SELECT restaurant_id, status, payment_status, payout, count(*), sum(collected),
    sum(CASE WHEN collected > 0 THEN greatest(collected - fee, 0) ELSE 0 END),
    sum(CASE WHEN payout THEN net_payout ELSE 0 END)
  FROM (SELECT b.*, booking_collected_minor(payment_status, total, refunded_total) AS collected
    FROM bookings b) x
  GROUP BY 1, 2, 3, 4;
  INSERT INTO booking_hourly (hour, currency, bookings, collected_minor)
  SELECT floor(extract(epoch FROM created_at) / 3600)::bigint, currency, count(*),
    sum(booking_collected_minor(payment_status, total, refunded_total))
  FROM bookings GROUP BY 1, 2;
$fn$;
