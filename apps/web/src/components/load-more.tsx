import type { Ref } from 'react';

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
        <button
          type="button"
          onClick={isLoading ? undefined : onLoadMore}
          aria-disabled={isLoading}
          className="flex items-center gap-2 rounded-full bg-teal-700 px-6 py-2 font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 aria-disabled:cursor-wait aria-disabled:opacity-80"
        >
          {isLoading && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
            />
          )}
          {isLoading ? 'Loading more…' : isError ? 'Try again' : 'Load more'}
        </button>
      )}
    </div>
  );
}
