-- Recent Activity shows changes: reads of the Audit Log (audit.view) and refused calls
-- (access.denied) join sign-ins (auth.*) outside it. The partial index, the counting trigger and
-- the count follow the one condition (isActivity in server/src/db/schema.ts).
DROP INDEX IF EXISTS "audit_events_activity_idx";--> statement-breakpoint
CREATE INDEX "audit_events_activity_idx" ON "audit_events" USING btree ("created_at","id") WHERE "audit_events"."action" NOT LIKE 'auth.%' AND "audit_events"."action" NOT IN ('audit.view', 'access.denied');--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_event_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_event_counts;
    RETURN NULL;
  END IF;
  -- No write (no lock on the counter) for a statement that adds no activity, e.g. a sign-in.
  INSERT INTO audit_event_counts AS c (kind, events)
  SELECT 'activity', count(*) FROM new_rows
  WHERE action NOT LIKE 'auth.%' AND action NOT IN ('audit.view', 'access.denied')
  HAVING count(*) > 0
  ON CONFLICT (kind) DO UPDATE SET events = c.events + excluded.events;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
DELETE FROM audit_event_counts WHERE kind = 'activity';--> statement-breakpoint
INSERT INTO audit_event_counts (kind, events)
SELECT 'activity', count(*) FROM audit_events
WHERE action NOT LIKE 'auth.%' AND action NOT IN ('audit.view', 'access.denied')
HAVING count(*) > 0;
