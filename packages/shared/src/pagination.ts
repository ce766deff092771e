import { z } from 'zod';

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

export const limitSchema = (max = PAGE_SIZE_MAX, fallback = PAGE_SIZE_DEFAULT) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const offsetSchema = z.coerce.number().int().min(0).max(OFFSET_MAX).default(0);
