CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"actor_email" text,
	"actor_role" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"entity_name" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"client_address" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_code" text DEFAULT 'requested_by_customer' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","created_at");
--> statement-breakpoint
CREATE INDEX "audit_events_activity_idx" ON "audit_events" USING btree ("created_at","id") WHERE "audit_events"."action" NOT LIKE 'auth.%';--> statement-breakpoint
-- Search over the record's name and the actor's name and email (pg_trgm, migration 0002).
CREATE INDEX "audit_events_search_idx" ON "audit_events" USING gin
  ((entity_name || ' ' || coalesce(actor_name, '') || ' ' || coalesce(actor_email, '')) gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
INSERT INTO "audit_events" ("created_at", "actor_id", "actor_name", "actor_email", "actor_role", "action", "entity_type", "entity_name", "details")
SELECT l."created_at", l."actor_id", trim(u."first_name" || ' ' || u."last_name"), u."email", u."role", 'activity.legacy', 'activity', l."title",
  jsonb_build_object('title', l."title", 'description', l."description")
FROM "activity_logs" l LEFT JOIN "users" u ON u."id" = l."actor_id";--> statement-breakpoint
INSERT INTO "audit_events" ("created_at", "actor_id", "actor_name", "actor_email", "actor_role", "action", "entity_type", "entity_id", "entity_name", "details")
SELECT a."created_at", a."created_by", trim(u."first_name" || ' ' || u."last_name"), u."email", u."role", 'booking.activity', 'booking', a."booking_id"::text, b."booking_ref",
  jsonb_build_object('activity', a."activity")
FROM "booking_activities" a JOIN "bookings" b ON b."id" = a."booking_id" LEFT JOIN "users" u ON u."id" = a."created_by";--> statement-breakpoint
DROP TABLE "activity_logs" CASCADE;--> statement-breakpoint
DROP TABLE "booking_activities" CASCADE;--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "activity_log";