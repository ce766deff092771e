-- An order's placement updates the products whose stock it takes (usually none) and inserts its lines, and
-- statement triggers run even for an UPDATE of no row. The picture counting of 0008 read every line's picture, about
-- 0.1 ms of PostgreSQL's time per order (an eighth of the placement statement): order lines now count pictures only
-- when one of them names an upload. The UPDATE triggers of 0004 and 0012 added again the tags and words of every
-- updated product, changed or not, also when an order took stock (under the product's row lock): an UPDATE now
-- adds only the tags and words none of its old rows had, since every tag and word a product has had is known.
CREATE FUNCTION category_tags_add_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM written_products) THEN
    RETURN NULL;
  END IF;
  -- In order, so that two writes adding the same new tags wait for each other instead of deadlocking.
  INSERT INTO category_tags (tag)
    SELECT tag FROM (
      SELECT unnest(categories) FROM written_products
      EXCEPT
      SELECT unnest(categories) FROM old_products
    ) AS added(tag)
    ORDER BY tag
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_category_tags_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_category_tags_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION category_tags_add_changed();
--> statement-breakpoint
CREATE FUNCTION search_words_add_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM written_products) THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_words (word)
    SELECT word FROM (
      SELECT unnest(tsvector_to_array(search_document)) FROM written_products
      EXCEPT
      SELECT unnest(tsvector_to_array(search_document)) FROM old_products
    ) AS added(word)
    ORDER BY word
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_search_words_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add_changed();
--> statement-breakpoint
CREATE FUNCTION order_lines_uploads_used() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- What upload_ids() finds is under /media/; most lines copy a picture that is not an upload.
  IF NOT EXISTS (SELECT FROM new_rows WHERE image_url LIKE '%/media/%') THEN
    RETURN NULL;
  END IF;
  PERFORM count_upload_uses(coalesce(
    (SELECT jsonb_agg(jsonb_build_object('id', used.upload_id, 'delta', 1)) FROM new_rows, upload_ids(to_jsonb(new_rows)) AS used(upload_id)),
    '[]'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER order_lines_uploads_insert ON order_lines;
--> statement-breakpoint
CREATE TRIGGER order_lines_uploads_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_lines_uploads_used();
