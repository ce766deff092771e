import { useQuery } from '@tanstack/react-query';
import type { Earnings } from '@bazaar/shared/earnings';
import { PAGE_SIZE_MAX } from '@bazaar/shared/pagination-constants';
import { getJson } from '../../../../lib/api-client.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

/** How many of the latest entries and payouts the Earnings page shows; a month's CSV holds all of its own. */
export const EARNINGS_SHOWN = PAGE_SIZE_MAX;

/** The viewer's balance, what may be paid out and the latest entries and payouts; an admin may name a seller. */
export function useEarnings(seller?: string) {
  return useQuery({
    queryKey: queryKeys.earnings.ofSeller(seller),
    queryFn: ({ signal }) =>
      getJson<Earnings>('/api/earnings', { seller, limit: EARNINGS_SHOWN }, { signal }),
  });
}

/** Where a month's statement downloads from (the browser sends the session cookie). */
export const statementUrl = (month: string, seller?: string) =>
  `/api/earnings/statement.csv?${new URLSearchParams({ month, ...(seller ? { seller } : {}) }).toString()}`;
