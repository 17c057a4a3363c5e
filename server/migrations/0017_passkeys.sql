-- Passkeys (issue 27): a passkey is an `mfa_factors` row of kind `webauthn` with its credential
-- id, COSE public key, signature counter and transports; the challenges handed out are single
-- use, bound to the admin, the purpose and the ticket or session that asked, and short-lived.
ALTER TABLE "mfa_factors" ADD COLUMN "credential_id" text;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "sign_count" bigint;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "transports" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_factors_credential_idx" ON "mfa_factors" USING btree ("credential_id");--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"bound_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_user_idx" ON "webauthn_challenges" USING btree ("user_id");
