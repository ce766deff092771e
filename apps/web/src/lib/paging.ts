import { OFFSET_MAX } from '@bazaar/shared/pagination';
import type { ListPage } from './api-client.ts';

/** For an infinite query: the offset of the page after `lastPage` (read at `lastOffset`), or undefined at the end. */
export function nextPageOffset(lastPage: ListPage<unknown>, lastOffset: number): number | undefined {
  const nextOffset = lastOffset + lastPage.items.length;
  const more = lastPage.items.length > 0 && nextOffset < lastPage.total;
  // The server pages no deeper than OFFSET_MAX.
  return more && nextOffset <= OFFSET_MAX ? nextOffset : undefined;
}
