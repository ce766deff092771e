import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { Loader } from './loader.tsx';

/**
 * A list's four states: loading (a loader, or `placeholder`), failed with nothing to show (an error with a
 * retry), finished and empty (the empty state), or its items.
 */
export function ListState<T>({
  items,
  error,
  onRetry,
  noun,
  emptyTitle,
  emptyHint,
  placeholder,
  children,
}: {
  items: readonly T[] | undefined;
  error: Error | null;
  onRetry: () => void;
  /** What the list holds, e.g. "products", for the loading and error texts. */
  noun: string;
  emptyTitle: string;
  /** What the empty state suggests under its title. */
  emptyHint?: ReactNode;
  /** Stands in for the items while they load, sized like them so that nothing below moves when they come. */
  placeholder?: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (!items) {
    if (error) return <ErrorState message={`The ${noun} could not be loaded.`} onRetry={onRetry} />;
    if (!placeholder) return <Loader label={`Loading ${noun}…`} />;
    return (
      <>
        <p role="status" className="sr-only">{`Loading ${noun}…`}</p>
        {placeholder}
      </>
    );
  }
  return items.length > 0 ? children(items) : <EmptyState title={emptyTitle}>{emptyHint}</EmptyState>;
}
