// Without zod, so that the web app can read them without loading the schemas (pagination.ts re-exports them).
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
/** Deep offsets cost a scan of every skipped row; past this, a client should narrow its filter. */
export const OFFSET_MAX = 10_000;

export const TOTAL_COUNT_HEADER = 'x-total-count';
