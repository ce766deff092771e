CREATE TABLE "payment_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"sender" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payment_claims_amount_positive" CHECK ("payment_claims"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_email" text,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"by_role" text NOT NULL,
	"actor_email" text,
	"reference" text,
	"claim_id" uuid,
	"refund_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_refund_of_unique" UNIQUE("refund_of"),
	CONSTRAINT "payment_events_amount_nonnegative" CHECK ("payment_events"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_claim_id_payment_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."payment_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_refund_of_payment_events_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."payment_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_transaction_idx" ON "payment_claims" USING btree ("transaction_id") WHERE "payment_claims"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_pending_idx" ON "payment_claims" USING btree ("order_id") WHERE "payment_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_claims_order_idx" ON "payment_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_claims_status_idx" ON "payment_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_refund_due_idx" ON "payment_events" USING btree ("created_at") WHERE "payment_events"."kind" = 'refund_due';--> statement-breakpoint
-- Money is derived from its events: an event is never changed nor deleted, whoever asks.
CREATE FUNCTION "payment_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment events are never changed nor deleted' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "payment_events_append_only" BEFORE UPDATE OR DELETE ON "payment_events"
FOR EACH ROW EXECUTE FUNCTION "payment_events_append_only"();--> statement-breakpoint
-- Orders placed before payments were recorded have no events: they are not held to the payment rules (nothing ships
-- unpaid, unpaid orders end), which they were placed without.
INSERT INTO "settings" ("name", "value") VALUES ('payments_recorded_since', now()::text);
