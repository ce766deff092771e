-- levenshtein() checks that a typed word is one typo away from a known word.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
-- Lowercase without accents, the same on PostgreSQL and PGlite: unaccent() is not immutable (its rules are a file
-- that may change), so generated columns cannot use it. Latin-1 and Latin Extended-A letters map to their base letter.
CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(translate($1,
    'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłŃńŅņŇňŌōŎŏŐőŒœŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž',
    'aaaaaaaceeeeiiiidnoooooouuuuytsaaaaaaaceeeeiiiidnoooooouuuuytyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllllnnnnnnoooooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzz'))
$$;
--> statement-breakpoint
-- The words a search finds a product by, weighted by where they stand: A the name, B the brand, C the categories.
-- Immutable as a generated column needs (array_to_string is only stable in general, not for text[]). search_fold is
-- named with its schema: pg_restore computes the column with an empty search_path.
CREATE FUNCTION search_document(name text, brand text, categories text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, public.search_fold(name)), 'A')
    || setweight(to_tsvector('simple'::regconfig, public.search_fold(coalesce(brand, ''))), 'B')
    || setweight(to_tsvector('simple'::regconfig, public.search_fold(array_to_string(categories, ' '))), 'C')
$$;
