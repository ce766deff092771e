-- Each server process searches its own index of the catalog (decision 036), and the SQL it falls back on matches
-- the products' search documents (products_search_idx): nothing reads search_postings any more (decision 037).
-- Its triggers go first, so that a product write no longer writes a row per word of the product.
DROP TRIGGER products_search_postings_insert ON products;--> statement-breakpoint
DROP TRIGGER products_search_postings_update ON products;--> statement-breakpoint
DROP TRIGGER products_search_postings_delete ON products;--> statement-breakpoint
DROP TRIGGER products_search_postings_truncate ON products;--> statement-breakpoint
DROP FUNCTION search_postings_add();--> statement-breakpoint
DROP FUNCTION search_postings_replace();--> statement-breakpoint
DROP FUNCTION search_postings_remove();--> statement-breakpoint
DROP FUNCTION search_postings_clear();--> statement-breakpoint
DROP FUNCTION search_postings_of(products);--> statement-breakpoint
DROP TABLE "search_postings";
