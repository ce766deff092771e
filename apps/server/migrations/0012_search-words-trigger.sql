-- search_words holds every word of products' search documents, so that a search can expand a typed word into the
-- known words it is one typo from or part of. As for category_tags (0004), statement-level triggers keep it on
-- every insert and update of products, whoever writes them, and words are never removed: a word no product has any
-- more only adds an alternative that matches nothing, and removing it would race with a write that adds it again.
CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In order, so that two writes adding the same new words wait for each other instead of deadlocking.
  INSERT INTO search_words (word)
    SELECT DISTINCT unnest(tsvector_to_array(search_document)) AS word FROM written_products ORDER BY word
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(search_document)) FROM products ON CONFLICT DO NOTHING;
