import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { Loader } from './loader.tsx';

/**
 * A list's four states: loading (a loader), failed with nothing to show (an error with a retry),
 * finished and empty (the empty state), or its items.
 */
export function ListState<T>({
  items,
  error,
  onRetry,
  noun,
  emptyTitle,
  children,
}: {
  items: readonly T[] | undefined;
  error: Error | null;
  onRetry: () => void;
  /** What the list holds, e.g. "products", for the loading and error texts. */
  noun: string;
  emptyTitle: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (!items) {
    return error ? (
      <ErrorState message={`The ${noun} could not be loaded.`} onRetry={onRetry} />
    ) : (
      <Loader label={`Loading ${noun}…`} />
    );
  }
  return items.length > 0 ? children(items) : <EmptyState title={emptyTitle} />;
}
