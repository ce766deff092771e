import type { Ref } from 'react';
import { Button } from './button.tsx';

/**
 * The foot of a list that loads page by page: how many of how many are shown, why the next page failed,
 * and a Load more button while there is more.
 */
export function LoadMore({
  shown,
  total,
  noun,
  hasMore,
  isLoading,
  isError,
  onLoadMore,
  ref,
}: {
  shown: number;
  total: number;
  /** What the list holds, e.g. "products". */
  noun: string;
  hasMore: boolean;
  isLoading: boolean;
  isError: boolean;
  onLoadMore: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} className="flex flex-col items-center gap-3">
      <p aria-live="polite" className="text-sm text-gray-600">
        Showing {shown} of {total} {noun}
      </p>
      {isError && (
        <p role="alert" className="text-sm text-rose-700">
          The next {noun} could not be loaded.
        </p>
      )}
      {hasMore && (
        // Stays in place while loading so that keyboard focus is not lost.
        <Button onClick={isLoading ? undefined : onLoadMore} aria-disabled={isLoading}>
          {isLoading && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
            />
          )}
          {isLoading ? 'Loading more…' : isError ? 'Try again' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
