-- Approval requests: refunds above a limit and fee changes wait for a second admin.
CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"subject" text NOT NULL,
	"operation_id" text NOT NULL,
	"arguments" jsonb NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"booking_id" uuid,
	"order_id" uuid,
	"restaurant_id" uuid,
	"amount" bigint,
	"currency" text,
	"amount_usd_cents" bigint,
	"value_before" numeric(12, 2),
	"value_after" numeric(12, 2),
	"summary" text NOT NULL,
	"why" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"refund_id" uuid,
	CONSTRAINT "approval_requests_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_list_idx" ON "approval_requests" USING btree ("requested_at","id");--> statement-breakpoint
-- At most one pending request per order, booking, restaurant commission or platform fee.
CREATE UNIQUE INDEX "approval_requests_pending_subject_key" ON "approval_requests" USING btree ("subject") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_pending_booking_idx" ON "approval_requests" USING btree ("booking_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_pending_expiry_idx" ON "approval_requests" USING btree ("expires_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_refund_idx" ON "approval_requests" USING btree ("refund_id") WHERE "refund_id" IS NOT NULL;
