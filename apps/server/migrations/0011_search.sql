CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_cents" integer GENERATED ALWAYS AS (round(price_cents::numeric * (100 - discount) / 100)::integer) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (search_document(name, brand, categories)) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "products_sale_price_idx" ON "products" USING btree ("sale_cents","seq");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("ratings","reviews_count","seq");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand");