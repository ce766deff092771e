import { useMemo } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { OFFSET_MAX } from '@bazaar/shared/pagination-constants';
import { getPage, type ListPage, type QueryParams } from './api-client.ts';

/** For an infinite query: the offset of the page after `lastPage` (read at `lastOffset`), or undefined at the end. */
function nextPageOffset(lastPage: ListPage<unknown>, lastOffset: number): number | undefined {
  const nextOffset = lastOffset + lastPage.items.length;
  const more = lastPage.items.length > 0 && nextOffset < lastPage.total;
  // The server pages no deeper than OFFSET_MAX.
  return more && nextOffset <= OFFSET_MAX ? nextOffset : undefined;
}

/**
 * A server list read page by page: the query, the rows loaded so far (undefined until the first page)
 * and the total of all matches.
 */
export function usePagedList<T extends { _id: string }>({
  queryKey,
  path,
  params,
  pageSize,
}: {
  queryKey: QueryKey;
  path: string;
  params?: QueryParams;
  pageSize: number;
}) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      getPage<T>(path, { ...params, limit: pageSize, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextPageOffset(lastPage, lastOffset),
  });
  const { data } = query;

  const items = useMemo(() => {
    if (!data) return undefined;
    // A row added while the list is open shifts later pages by one: show each row once.
    const byId = new Map<string, T>();
    for (const page of data.pages) for (const item of page.items) byId.set(item._id, item);
    return [...byId.values()];
  }, [data]);

  return { query, items, total: data?.pages.at(-1)?.total ?? 0 };
}

export type PagedListResult<T extends { _id: string }> = ReturnType<typeof usePagedList<T>>;
