-- search_words held every word any product ever had (0012): a seller rewriting one product with random words grew
-- it without end, and every typed word's typo and word-part lookups read it. It now holds only the words some product
-- has, with how many products have each: triggers add and subtract each statement's words in its transaction, and a
-- word goes when its count reaches zero.
--
-- Concurrency (PostgreSQL): every change of a word's count is one INSERT ... ON CONFLICT DO UPDATE, which locks the
-- word's row until the transaction ends. A write adding a word that another transaction is removing waits for it, and
-- then either adds to its row or, if the row went, inserts it again (ON CONFLICT's guarantee); two writes adding a new
-- word never fail with a unique violation. Each statement takes its words' locks in word order, so two writes never
-- wait for each other in a cycle.
ALTER TABLE "search_words" ADD COLUMN "products" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- Once: the counts of today's products, and no word that no product has.
INSERT INTO search_words (word, products)
  SELECT word, count(*)::int FROM search_postings GROUP BY word
  ON CONFLICT (word) DO UPDATE SET products = excluded.products;
--> statement-breakpoint
DELETE FROM search_words WHERE products = 0;
--> statement-breakpoint
ALTER TABLE "search_words" ALTER COLUMN "products" DROP DEFAULT;
--> statement-breakpoint
-- New words go straight into the trigram index, not into its pending list, which every lookup reads whole until a
-- vacuum (never, on PGlite): after 1,500 edits of one product, a typo lookup took 58 ms instead of 3 ms.
ALTER INDEX "search_words_trgm_idx" SET (fastupdate = false);
--> statement-breakpoint
SELECT gin_clean_pending_list('search_words_trgm_idx'::regclass);
--> statement-breakpoint
-- Adds `deltas` to the counts of `words` (in word order, see above) and removes the words no product has any more.
CREATE FUNCTION search_words_count(words text[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF words IS NULL OR cardinality(words) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO search_words (word, products)
    SELECT change.word, change.delta FROM unnest(words, deltas) AS change(word, delta) ORDER BY change.word
    ON CONFLICT (word) DO UPDATE SET products = search_words.products + excluded.products;
  -- Rows this transaction has just locked: nobody changes them before it ends.
  DELETE FROM search_words WHERE word = ANY (words) AND products <= 0;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_search_words_insert ON products;
--> statement-breakpoint
DROP TRIGGER products_search_words_update ON products;
--> statement-breakpoint
DROP FUNCTION search_words_add();
--> statement-breakpoint
DROP FUNCTION search_words_add_changed();
--> statement-breakpoint
CREATE FUNCTION search_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text[];
  deltas integer[];
BEGIN
  SELECT array_agg(word ORDER BY word), array_agg(delta ORDER BY word) INTO words, deltas
  FROM (
    SELECT word, count(*)::int AS delta
    FROM written_products, unnest(tsvector_to_array(written_products.search_document)) AS word
    GROUP BY word
  ) AS added;
  PERFORM search_words_count(words, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted();
--> statement-breakpoint
-- Only the words whose count changes: an order taking stock, or a save that keeps the words, counts nothing.
CREATE FUNCTION search_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text[];
  deltas integer[];
BEGIN
  IF NOT EXISTS (SELECT FROM written_products) THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(word ORDER BY word), array_agg(delta ORDER BY word) INTO words, deltas
  FROM (
    SELECT word, sum(delta)::int AS delta
    FROM (
      SELECT unnest(tsvector_to_array(search_document)) AS word, 1 AS delta FROM written_products
      UNION ALL
      SELECT unnest(tsvector_to_array(search_document)), -1 FROM old_products
    ) AS change
    GROUP BY word
    HAVING sum(delta) <> 0
  ) AS changed;
  PERFORM search_words_count(words, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_updated();
--> statement-breakpoint
CREATE FUNCTION search_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text[];
  deltas integer[];
BEGIN
  SELECT array_agg(word ORDER BY word), array_agg(delta ORDER BY word) INTO words, deltas
  FROM (
    SELECT word, -count(*)::int AS delta
    FROM removed_products, unnest(tsvector_to_array(removed_products.search_document)) AS word
    GROUP BY word
  ) AS removed;
  PERFORM search_words_count(words, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS removed_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted();
--> statement-breakpoint
CREATE FUNCTION search_words_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_words;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_clear();
