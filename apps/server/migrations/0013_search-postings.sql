-- search_postings holds one row per word of each product's search document, with what a search ranks and filters
-- by, so that a search by relevance reads a word's matches from one index instead of each matching product
-- (decision 026).
CREATE TABLE "search_postings" (
	"word" text collate "C" NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"in_name" boolean NOT NULL,
	"sale_cents" integer,
	"ratings" real NOT NULL,
	"in_stock" boolean NOT NULL,
	"flash_sale" boolean NOT NULL,
	"brand" text,
	"seller_id" text NOT NULL,
	"categories" text[] NOT NULL,
	CONSTRAINT "search_postings_product_id_word_pk" PRIMARY KEY("product_id","word")
);
--> statement-breakpoint
CREATE INDEX "search_postings_word_idx" ON "search_postings" USING btree ("word","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST,"product_id","in_name","sale_cents","ratings","in_stock","flash_sale","brand","categories");
--> statement-breakpoint
-- A product's postings: one per word of its search document. As for search_words (0012), triggers keep them on
-- every write to products, whoever writes: a statement's new products at once, a product whose words or filtered
-- values changed by itself (an order that leaves a product in stock changes nothing here), removed products at once.
CREATE FUNCTION search_postings_of(product products) RETURNS SETOF search_postings LANGUAGE sql IMMUTABLE AS $$
  SELECT lexeme.lexeme, product.id, product.created_at, product.seq, 'A' = ANY (lexeme.weights), product.sale_cents,
    product.ratings, product.stock IS NULL OR product.stock > 0, product.flash_sale, product.brand, product.seller_id,
    product.categories
  FROM unnest(product.search_document) AS lexeme
$$;
--> statement-breakpoint
CREATE FUNCTION search_postings_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings SELECT postings.* FROM written_products, search_postings_of(written_products) AS postings;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_postings_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_postings_add();
--> statement-breakpoint
CREATE FUNCTION search_postings_replace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings WHERE product_id = OLD.id;
  INSERT INTO search_postings SELECT * FROM search_postings_of(NEW);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_postings_update AFTER UPDATE ON products
  FOR EACH ROW
  WHEN ((OLD.id, OLD.search_document, OLD.created_at, OLD.seq, OLD.sale_cents, OLD.ratings,
      OLD.stock IS NULL OR OLD.stock > 0, OLD.flash_sale, OLD.brand, OLD.seller_id, OLD.categories)
    IS DISTINCT FROM (NEW.id, NEW.search_document, NEW.created_at, NEW.seq, NEW.sale_cents, NEW.ratings,
      NEW.stock IS NULL OR NEW.stock > 0, NEW.flash_sale, NEW.brand, NEW.seller_id, NEW.categories))
  EXECUTE FUNCTION search_postings_replace();
--> statement-breakpoint
CREATE FUNCTION search_postings_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings WHERE product_id IN (SELECT id FROM removed_products);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_postings_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS removed_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_postings_remove();
--> statement-breakpoint
CREATE FUNCTION search_postings_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_postings;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_postings_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION search_postings_clear();
--> statement-breakpoint
INSERT INTO search_postings SELECT postings.* FROM products, search_postings_of(products) AS postings;
