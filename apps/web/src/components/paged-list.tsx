import type { ReactNode, Ref } from 'react';
import type { PagedListResult } from '../lib/paging.ts';
import { ListState } from './list-state.tsx';
import { LoadMore } from './load-more.tsx';

/** A list from `usePagedList`: its loading, error and empty states, then its rows with "Load more" below. */
export function PagedList<T extends { _id: string }>({
  list: { query, items, total },
  noun,
  emptyTitle,
  emptyHint,
  className = 'flex flex-col gap-6',
  loadMoreRef,
  children,
}: {
  list: PagedListResult<T>;
  /** What the list holds, e.g. "products". */
  noun: string;
  emptyTitle: string;
  /** What the empty list suggests under its title. */
  emptyHint?: ReactNode;
  /** The classes of the box around the rows and the "Load more" foot. */
  className?: string;
  /** The foot of the list, e.g. to load the next page when it scrolls into view. */
  loadMoreRef?: Ref<HTMLDivElement>;
  children: (items: readonly T[]) => ReactNode;
}) {
  return (
    <ListState
      items={items}
      error={query.error}
      onRetry={() => void query.refetch()}
      noun={noun}
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
    >
      {(shown) => (
        <div className={className}>
          {children(shown)}
          <LoadMore
            ref={loadMoreRef}
            shown={shown.length}
            total={total}
            noun={noun}
            hasMore={query.hasNextPage}
            isLoading={query.isFetchingNextPage}
            isError={query.isFetchNextPageError}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </div>
      )}
    </ListState>
  );
}
