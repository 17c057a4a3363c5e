-- Team roles (#25): what each administrator may do. The admins that exist keep every permission.
ALTER TABLE "users" ADD COLUMN "team_role" text;--> statement-breakpoint
UPDATE "users" SET "team_role" = 'owner' WHERE "role" = 'admin';
