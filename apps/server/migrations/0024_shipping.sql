CREATE TABLE "order_parts" (
	"order_id" uuid NOT NULL,
	"seller_email" text NOT NULL,
	"shipping_cents" integer NOT NULL,
	CONSTRAINT "order_parts_order_id_seller_email_pk" PRIMARY KEY("order_id","seller_email"),
	CONSTRAINT "order_parts_shipping_nonnegative" CHECK ("order_parts"."shipping_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "shipping_fee_cents" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "free_shipping_over_cents" integer;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_shipping_fee_nonnegative" CHECK ("user"."shipping_fee_cents" >= 0);--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_free_shipping_over_positive" CHECK ("user"."free_shipping_over_cents" > 0);--> statement-breakpoint
-- Orders placed before shipping was charged: each seller's part, shipped for nothing.
INSERT INTO "order_parts" ("order_id", "seller_email", "shipping_cents")
SELECT DISTINCT "order_id", "seller_email", 0 FROM "order_lines";
