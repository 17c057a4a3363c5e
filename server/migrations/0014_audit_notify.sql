-- The live event stream (GET /events): every audit event inserted is announced on the channel
-- audit_events, by PostgreSQL at the commit of its transaction (a rolled-back change announces
-- nothing). The payload is the event's facts the stream sends, at most a few hundred bytes.
CREATE FUNCTION notify_audit_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('audit_events', json_build_object(
    'id', NEW.id,
    'createdAt', NEW.created_at,
    'action', NEW.action,
    'recordType', NEW.entity_type,
    'recordId', left(NEW.entity_id, 200),
    'version', NEW.version,
    'actorId', NEW.actor_id,
    'actorName', left(NEW.actor_name, 200)
  )::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_notify AFTER INSERT ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION notify_audit_event();
