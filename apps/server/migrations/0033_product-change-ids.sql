-- Every server process holds the catalog's search index in memory (modules/products/search). It follows the products
-- on bazaar_products: each announcement carries the ids of changed products, comma-separated, at most 200 of them
-- (NOTIFY's payload stays under its 8,000 bytes), and the process reads those rows again. '*' says that every product
-- may have changed (a TRUNCATE). An UPDATE announces only the rows whose indexed values changed, so an order that
-- leaves a product in stock announces nothing here. PostgreSQL sends the announcements when the transaction commits.
CREATE FUNCTION announce_product_ids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  FOR ids IN
    SELECT string_agg(id::text, ',') FROM (
      SELECT id, (row_number() OVER () - 1) / 200 AS part FROM changed_rows
    ) AS numbered GROUP BY part
  LOOP
    PERFORM pg_notify('bazaar_products', ids);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_index_insert AFTER INSERT ON products REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_product_ids();
--> statement-breakpoint
CREATE TRIGGER products_index_delete AFTER DELETE ON products REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_product_ids();
--> statement-breakpoint
CREATE FUNCTION announce_product_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bazaar_products',
    CASE WHEN OLD.id = NEW.id THEN NEW.id::text ELSE OLD.id::text || ',' || NEW.id::text END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_index_update AFTER UPDATE ON products
  FOR EACH ROW
  WHEN ((OLD.id, OLD.search_document, OLD.created_at, OLD.seq, OLD.sale_cents, OLD.ratings, OLD.reviews_count,
      OLD.stock IS NULL OR OLD.stock > 0, OLD.flash_sale, OLD.flash_sale_ends_at, OLD.brand, OLD.seller_id,
      OLD.categories)
    IS DISTINCT FROM (NEW.id, NEW.search_document, NEW.created_at, NEW.seq, NEW.sale_cents, NEW.ratings,
      NEW.reviews_count, NEW.stock IS NULL OR NEW.stock > 0, NEW.flash_sale, NEW.flash_sale_ends_at, NEW.brand,
      NEW.seller_id, NEW.categories))
  EXECUTE FUNCTION announce_product_id();
--> statement-breakpoint
CREATE FUNCTION announce_every_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bazaar_products', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_index_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION announce_every_product();
