CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_position" integer NOT NULL,
	"author_email" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
DROP INDEX "order_lines_seller_email_idx";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "status" text DEFAULT 'processing' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_line_fk" FOREIGN KEY ("order_id","line_position") REFERENCES "public"."order_lines"("order_id","position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_line_idx" ON "reviews" USING btree ("order_id","line_position");--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_seller_status_idx" ON "order_lines" USING btree ("seller_email","status");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_rating_total_range" CHECK ("products"."rating_total" >= 0);--> statement-breakpoint
-- Each line starts where its order stood; from now on sellers move their own lines and the order follows them.
UPDATE "order_lines" SET "status" = "orders"."status" FROM "orders" WHERE "orders"."id" = "order_lines"."order_id";--> statement-breakpoint
-- Ratings were typed by sellers; from now on they come from buyers' reviews, of which there are none yet.
UPDATE "products" SET "ratings" = 0, "reviews_count" = 0 WHERE "ratings" <> 0 OR "reviews_count" <> 0;
