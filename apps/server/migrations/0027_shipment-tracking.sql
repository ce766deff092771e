-- A shipment says how it travels (carrier, tracking number and page), and when it was made: its seller may take it
-- back for a grace period, while the buyer's mail of it is held in the outbox under its hold_key.
ALTER TABLE "mail_outbox" ADD COLUMN "hold_key" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_hold_key_idx" ON "mail_outbox" USING btree ("hold_key") WHERE "mail_outbox"."hold_key" is not null;