import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Earnings } from '@bazaar/shared/earnings';
import { OFFSET_MAX } from '@bazaar/shared/pagination-constants';
import { getJson } from '../../../../lib/api-client.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

const PAGE_SIZE = 50;

/** Rows loaded so far, each once (a row written while the page is open shifts later pages by one). */
const once = <T extends { _id: string }>(rows: T[]) => [
  ...new Map(rows.map((row) => [row._id, row])).values(),
];

/**
 * The viewer's balance, what may be paid out, and their entries and payouts the latest first, loaded a page of each at
 * a time (`loadMore` brings the next of both); an admin may name a seller.
 */
export function useEarnings(seller?: string) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.earnings.ofSeller(seller),
    queryFn: ({ pageParam, signal }) =>
      getJson<Earnings>('/api/earnings', { seller, limit: PAGE_SIZE, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => {
      const next = offset + PAGE_SIZE;
      return next < Math.max(last.entriesTotal, last.payoutsTotal) && next <= OFFSET_MAX ? next : undefined;
    },
  });
  const { data } = query;
  const earnings = useMemo(() => {
    const [first] = data?.pages ?? [];
    if (!data || !first) return undefined;
    return {
      ...first,
      entries: once(data.pages.flatMap((page) => page.entries)),
      payouts: once(data.pages.flatMap((page) => page.payouts)),
    };
  }, [data]);
  return { query, earnings };
}

/** Where a month's statement downloads from (the browser sends the session cookie). */
export const statementUrl = (month: string, seller?: string) =>
  `/api/earnings/statement.csv?${new URLSearchParams({ month, ...(seller ? { seller } : {}) }).toString()}`;
