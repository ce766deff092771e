// Without zod, so that the web app can read them without loading the schemas (pagination.ts re-exports them).
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
/** Deep offsets cost a scan of every skipped row; past this, a client should narrow its filter. */
export const OFFSET_MAX = 10_000;

export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * A name search counts at most this many matches: every page a client can reach (offset ≤ OFFSET_MAX),
 * without counting a common word through a huge catalog. A capped total says so in TOTAL_COUNT_CAPPED_HEADER.
 */
export const SEARCH_COUNT_MAX = OFFSET_MAX + PAGE_SIZE_MAX;
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';
