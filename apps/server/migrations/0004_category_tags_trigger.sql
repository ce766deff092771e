-- category_tags holds every tag that products' categories have had. Statement-level triggers keep it on every
-- insert and update of products, whichever code writes them (the API, the seed's bulk inserts, psql), and the
-- backfill below adds the tags of products written before this migration. Tags are never removed: a tag no
-- product uses any more matches no product, and removing it would race with a write that adds it again.
CREATE FUNCTION category_tags_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In order, so that two writes adding the same new tags wait for each other instead of deadlocking.
  INSERT INTO category_tags (tag)
    SELECT DISTINCT unnest(categories) AS tag FROM written_products ORDER BY tag
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- PostgreSQL allows a transition table only on a trigger of one event, without a column list: one per event.
CREATE TRIGGER products_category_tags_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION category_tags_add();
--> statement-breakpoint
CREATE TRIGGER products_category_tags_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION category_tags_add();
--> statement-breakpoint
INSERT INTO category_tags (tag) SELECT DISTINCT unnest(categories) FROM products ON CONFLICT DO NOTHING;
