-- The number of audit events the Recent Activity list shows (every event but sign-ins), kept by
-- statement-level triggers on audit_events (an append-only table: inserts and truncate only) in
-- the same transaction as the events, so the list's count need not read millions of events.
CREATE TABLE "audit_event_counts" (
	"kind" text PRIMARY KEY NOT NULL,
	"events" bigint NOT NULL
);--> statement-breakpoint
CREATE FUNCTION audit_event_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_event_counts;
    RETURN NULL;
  END IF;
  -- No write (no lock on the counter) for a statement that adds no activity, e.g. a sign-in.
  INSERT INTO audit_event_counts AS c (kind, events)
  SELECT 'activity', count(*) FROM new_rows WHERE action NOT LIKE 'auth.%' HAVING count(*) > 0
  ON CONFLICT (kind) DO UPDATE SET events = c.events + excluded.events;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER audit_event_counts_insert AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_event_counts_apply();--> statement-breakpoint
CREATE TRIGGER audit_event_counts_truncate AFTER TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_counts_apply();--> statement-breakpoint
INSERT INTO audit_event_counts (kind, events)
SELECT 'activity', count(*) FROM audit_events WHERE action NOT LIKE 'auth.%' HAVING count(*) > 0;
