-- Versions: every record an admin can change carries a version that every change moves, kept by
-- a trigger in the statement of the change (so no write can forget it, and an update that
-- changes no value moves nothing). Reads return it (ETag, `version`), writes check it (If-Match).
-- An audit event notes the version its change made, so a refused stale write can name the
-- changes made since the version it was sent against.
CREATE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "configuration" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "static_contents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_views" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "version" integer;--> statement-breakpoint
CREATE TRIGGER users_version BEFORE UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER restaurants_version BEFORE UPDATE ON "restaurants"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER bookings_version BEFORE UPDATE ON "bookings"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER configuration_version BEFORE UPDATE ON "configuration"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER reference_items_version BEFORE UPDATE ON "reference_items"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER reviews_version BEFORE UPDATE ON "reviews"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER static_contents_version BEFORE UPDATE ON "static_contents"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER saved_views_version BEFORE UPDATE ON "saved_views"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_version();
