-- The Audit Log's counters (audit_event_counts, migrations 0007/0013/0019/0021, and
-- audit_actor_counts, 0021) recomputed from the events, for a bulk load that adds its events with
-- the counting triggers off (server/src/seed/bulk-load.ts): with them on, every batch of a
-- ten-million-booking seed updated the counter rows of thousands of actors again, each update a
-- new row version the open transaction keeps, and the load ran at the speed of those updates.
-- The same condition as the triggers' (isActivity in server/src/db/schema.ts); the seed test
-- holds the rebuild to what the triggers count.
CREATE FUNCTION audit_counts_rebuild() RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM audit_event_counts;
  INSERT INTO audit_event_counts (kind, events, by_action)
  SELECT kind, sum(n), jsonb_object_agg(action, n)
  FROM (
    SELECT
      CASE WHEN action NOT LIKE 'auth.%' AND action NOT IN ('audit.view', 'access.denied')
        THEN 'activity' ELSE 'outside' END AS kind,
      action,
      count(*) AS n
    FROM audit_events
    GROUP BY 1, 2
  ) counted
  GROUP BY kind;
  DELETE FROM audit_actor_counts;
  INSERT INTO audit_actor_counts (actor_id, events)
  SELECT actor_id, count(*) FROM audit_events WHERE actor_id IS NOT NULL GROUP BY actor_id;
$fn$;
