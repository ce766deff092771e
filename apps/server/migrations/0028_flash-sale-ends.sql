-- A flash sale ends: a product is in it while flash_sale holds and flash_sale_ends_at is ahead. The flash sales that
-- were running get ends spread over the coming week, and the search postings carry the end, which filters read.
ALTER TABLE "products" ADD COLUMN "flash_sale_ends_at" timestamp with time zone;--> statement-breakpoint
-- Before the postings have the column: the postings' update trigger does not look at it yet.
UPDATE "products" SET "flash_sale_ends_at" = now() + interval '1 day' * (1 + "seq" % 7) + interval '1 hour' * ("seq" % 24)
  WHERE "flash_sale";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_flash_sale_ends" CHECK (not "products"."flash_sale" or "products"."flash_sale_ends_at" is not null);--> statement-breakpoint
CREATE INDEX "products_flash_sale_ends_idx" ON "products" USING btree ("flash_sale_ends_at") WHERE "products"."flash_sale";--> statement-breakpoint
ALTER TABLE "search_postings" ADD COLUMN "flash_sale_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_of(product products) RETURNS SETOF search_postings LANGUAGE sql IMMUTABLE AS $$
  SELECT lexeme.lexeme, product.id, product.created_at, product.seq, 'A' = ANY (lexeme.weights), product.sale_cents,
    product.ratings, product.stock IS NULL OR product.stock > 0, product.flash_sale, product.brand, product.seller_id,
    product.categories, product.flash_sale_ends_at
  FROM unnest(product.search_document) AS lexeme
$$;--> statement-breakpoint
DROP TRIGGER products_search_postings_update ON products;--> statement-breakpoint
CREATE TRIGGER products_search_postings_update AFTER UPDATE ON products
  FOR EACH ROW
  WHEN ((OLD.id, OLD.search_document, OLD.created_at, OLD.seq, OLD.sale_cents, OLD.ratings,
      OLD.stock IS NULL OR OLD.stock > 0, OLD.flash_sale, OLD.flash_sale_ends_at, OLD.brand, OLD.seller_id,
      OLD.categories)
    IS DISTINCT FROM (NEW.id, NEW.search_document, NEW.created_at, NEW.seq, NEW.sale_cents, NEW.ratings,
      NEW.stock IS NULL OR NEW.stock > 0, NEW.flash_sale, NEW.flash_sale_ends_at, NEW.brand, NEW.seller_id,
      NEW.categories))
  EXECUTE FUNCTION search_postings_replace();--> statement-breakpoint
UPDATE "search_postings" SET "flash_sale_ends_at" = "products"."flash_sale_ends_at"
  FROM "products" WHERE "products"."id" = "search_postings"."product_id" AND "products"."flash_sale";
