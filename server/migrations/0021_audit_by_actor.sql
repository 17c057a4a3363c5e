-- The Audit Log at tens of millions of events (docs/scale.md):
-- 1. Its filtered lists are ordered by (created_at, id): the record, actor and action indexes end
--    with id too, so a page is read in order from the index even where many events share one
--    time (a transaction's events share now(): a bulk upload, a seed), with no sort of the tie.
-- 2. The total of one actor's events comes from a counter per actor, kept by a statement-level
--    trigger as audit_event_counts is (migration 0007): counting one busy admin's four million
--    events took 0.4 s. A write locks only its own actor's row; events without an actor (a
--    failed sign-in, the system) are not counted here.
-- 3. The events outside Recent Activity (sign-ins, Audit Log views, refused calls) get a counter
--    row of their own ('outside', by action as 'activity' is), for the list's total without a
--    filter: counting them through the action index read 6.7 million entries in 0.9 s at 30M
--    events. A sign-in locks that row, never the activity's: a change and a sign-in never wait
--    on each other.
DROP INDEX IF EXISTS audit_events_entity_idx;--> statement-breakpoint
CREATE INDEX audit_events_entity_idx ON audit_events (entity_type, entity_id, created_at, id);--> statement-breakpoint
DROP INDEX IF EXISTS audit_events_actor_idx;--> statement-breakpoint
CREATE INDEX audit_events_actor_idx ON audit_events (actor_id, created_at, id);--> statement-breakpoint
DROP INDEX IF EXISTS audit_events_action_idx;--> statement-breakpoint
CREATE INDEX audit_events_action_idx ON audit_events (action, created_at, id);--> statement-breakpoint
CREATE TABLE "audit_actor_counts" (
  "actor_id" uuid PRIMARY KEY NOT NULL,
  "events" bigint NOT NULL
);--> statement-breakpoint
CREATE FUNCTION audit_actor_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_actor_counts;
    RETURN NULL;
  END IF;
  INSERT INTO audit_actor_counts AS c (actor_id, events)
  SELECT actor_id, count(*) FROM new_rows WHERE actor_id IS NOT NULL GROUP BY actor_id
  -- One order for every writer, so two statements never wait on each other's rows in a cycle.
  ORDER BY actor_id
  ON CONFLICT (actor_id) DO UPDATE SET events = c.events + excluded.events;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER audit_actor_counts_insert AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_actor_counts_apply();--> statement-breakpoint
CREATE TRIGGER audit_actor_counts_truncate AFTER TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_actor_counts_apply();--> statement-breakpoint
INSERT INTO audit_actor_counts (actor_id, events)
SELECT actor_id, count(*) FROM audit_events WHERE actor_id IS NOT NULL GROUP BY actor_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_event_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_event_counts;
    RETURN NULL;
  END IF;
  -- A row per kind the statement adds to, in one order for every writer.
  INSERT INTO audit_event_counts AS c (kind, events, by_action)
  SELECT kind, sum(n), jsonb_object_agg(action, n)
  FROM (
    SELECT
      CASE WHEN action NOT LIKE 'auth.%' AND action NOT IN ('audit.view', 'access.denied')
        THEN 'activity' ELSE 'outside' END AS kind,
      action,
      count(*) AS n
    FROM new_rows
    GROUP BY 1, 2
  ) added
  GROUP BY kind
  ORDER BY kind
  ON CONFLICT (kind) DO UPDATE SET
    events = c.events + excluded.events,
    by_action = c.by_action || (
      SELECT jsonb_object_agg(key, value::bigint + coalesce((c.by_action ->> key)::bigint, 0))
      FROM jsonb_each_text(excluded.by_action)
    );
  RETURN NULL;
END
$fn$;--> statement-breakpoint
INSERT INTO audit_event_counts (kind, events, by_action)
SELECT 'outside', coalesce(sum(n), 0), coalesce(jsonb_object_agg(action, n), '{}'::jsonb)
FROM (
  SELECT action, count(*) AS n FROM audit_events
  WHERE NOT (action NOT LIKE 'auth.%' AND action NOT IN ('audit.view', 'access.denied'))
  GROUP BY action
) counted
ON CONFLICT (kind) DO NOTHING;
