// Without zod, so that the web app can read them without loading the schemas (products.ts re-exports them).
export const PRICE_MAX = 1_000_000;
export const STOCK_MAX = 1_000_000;
/** Stock at or below this is worth telling: "Only N left" to shoppers, the "Low stock" tile to sellers. */
export const LOW_STOCK = 5;
/** The longest search text: the search box takes no more, and the server refuses more with a 400. */
export const SEARCH_TEXT_MAX = 100;

/** How long a flash sale may run, at most, from now. */
export const FLASH_SALE_DAYS_MAX = 30;
