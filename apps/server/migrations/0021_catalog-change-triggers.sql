-- Every server process empties its catalog cache when it hears on bazaar_catalog. Until now each write path announced
-- its change by hand (a function call in the transaction, or pg_notify inside an order's statement), and a new path
-- had to remember to. Now the tables whose rows catalog answers show announce every statement that changed one:
-- products, categories, the sellers' name and handle, and reviews (a seller's page shows their rating). PostgreSQL
-- sends the announcement when the transaction commits, and sends a transaction's identical announcements once.
-- Statement triggers: a seed inserting a million products in batches announces once per batch, not per row.

-- Announces the statement when it changed a row (a TRUNCATE always does).
CREATE FUNCTION announce_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    -- Planned only here: a TRUNCATE trigger has no transition table.
    IF NOT EXISTS (SELECT FROM changed_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('bazaar_catalog', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every row of products and categories shows somewhere (a product's updated_at in the sitemap), and every review
-- counts in its seller's rating: any row they insert or delete is a change. Makes <table>_catalog_insert, _delete and
-- _truncate on each.
DO $$
DECLARE
  shown text;
BEGIN
  FOREACH shown IN ARRAY ARRAY['products', 'categories', 'reviews'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change()', shown || '_catalog_insert', shown);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change()', shown || '_catalog_delete', shown);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change()', shown || '_catalog_truncate', shown);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Any updated product or category row is a change too.
CREATE TRIGGER products_catalog_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change();
--> statement-breakpoint
CREATE TRIGGER categories_catalog_update AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change();
--> statement-breakpoint
-- Announces an UPDATE that changed, in some row, one of the columns the trigger names (its arguments): the columns a
-- cached answer shows. Rows are matched by id.
CREATE FUNCTION announce_catalog_columns_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  EXECUTE format(
    'SELECT EXISTS (SELECT FROM new_rows JOIN old_rows USING (id) WHERE (%s) IS DISTINCT FROM (%s))',
    (SELECT string_agg(format('new_rows.%I', shown), ', ') FROM unnest(TG_ARGV) AS shown),
    (SELECT string_agg(format('old_rows.%I', shown), ', ') FROM unnest(TG_ARGV) AS shown)
  ) INTO changed;
  IF changed THEN
    PERFORM pg_notify('bazaar_catalog', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A review counts in its seller's rating by its product, its rating and whether it is hidden; a seller's reply shows
-- on no cached answer.
CREATE TRIGGER reviews_catalog_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_columns_change('product_id', 'rating', 'hidden_at');
--> statement-breakpoint
-- Catalog answers show a seller's name and handle, nothing else of the user: a confirmed e-mail, a profile picture or
-- an address changes no cached answer. A user with products cannot be deleted (products.seller_id), and a new user
-- has none yet.
CREATE TRIGGER user_catalog_update AFTER UPDATE ON "user"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_columns_change('name', 'handle');
