-- The Audit Log's total without a filter, or with only an action, at tens of millions of events:
-- the counter row of Recent Activity (migration 0013's condition) also keeps its count per action,
-- in the same statement-level trigger, so no new row is locked by a write (one row, as before; a
-- sign-in still writes nothing here). Events outside the activity (sign-ins, Audit Log views,
-- refused calls) are counted through audit_events_action_idx when asked (queries/audit.ts).
ALTER TABLE "audit_event_counts" ADD COLUMN "by_action" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_event_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_event_counts;
    RETURN NULL;
  END IF;
  -- No write (no lock on the counter) for a statement that adds no activity, e.g. a sign-in.
  INSERT INTO audit_event_counts AS c (kind, events, by_action)
  SELECT 'activity', sum(n), jsonb_object_agg(action, n)
  FROM (
    SELECT action, count(*) AS n FROM new_rows
    WHERE action NOT LIKE 'auth.%' AND action NOT IN ('audit.view', 'access.denied')
    GROUP BY action
  ) added
  HAVING count(*) > 0
  ON CONFLICT (kind) DO UPDATE SET
    events = c.events + excluded.events,
    by_action = c.by_action || (
      SELECT jsonb_object_agg(key, value::bigint + coalesce((c.by_action ->> key)::bigint, 0))
      FROM jsonb_each_text(excluded.by_action)
    );
  RETURN NULL;
END
$fn$;--> statement-breakpoint
UPDATE audit_event_counts SET by_action = coalesce((
  SELECT jsonb_object_agg(action, n) FROM (
    SELECT action, count(*) AS n FROM audit_events
    WHERE action NOT LIKE 'auth.%' AND action NOT IN ('audit.view', 'access.denied')
    GROUP BY action
  ) counted
), '{}'::jsonb)
WHERE kind = 'activity';
