-- The Audit Log at tens of millions of events (docs/scale.md):
-- 1. Its filtered lists are ordered by (created_at, id): the record, actor and action indexes end
--    with id too, so a page is read in order from the index even where many events share one
--    time (a transaction's events share now(): a bulk upload, a seed), with no sort of the tie.
-- 2. The total of one actor's events comes from a counter per actor, kept by a statement-level
--    trigger as audit_event_counts is (migration 0007): counting one busy admin's four million
--    events took 0.4 s. A write locks only its own actor's row; events without an actor (a
--    failed sign-in, the system) are not counted here.
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
