CREATE TABLE "card_checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_refund_of_unique";--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD CONSTRAINT "card_checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_checkouts_attempt_idx" ON "card_checkouts" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE INDEX "stripe_events_order_idx" ON "stripe_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_refund_of_idx" ON "payment_events" USING btree ("refund_of","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_card_paid_idx" ON "payment_events" USING btree ("reference") WHERE "payment_events"."kind" = 'card_paid';