import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ID, type PageData } from '@bazaar/shared/page-data';
import type { ListPage } from '../lib/api-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

/** The answers the server wrote into the page (see PAGE_DATA_ID), once: the element is removed as it is read. */
function takePageData(): PageData | undefined {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as PageData;
  } catch {
    return undefined;
  }
}

/**
 * Puts the answers the server wrote into the page into the query cache under the keys the page asks for, so that
 * the first screen shows them without a request. They are as fresh as a request's answer (the server keeps the
 * page as it keeps the API's answers, and a catalog write empties both), and they age like one: past the cache's
 * stale time the app asks again, and any other list or page than the one written is fetched as ever.
 */
export function seedPageData(queryClient: QueryClient): void {
  const data = takePageData();
  if (data?.product) queryClient.setQueryData(queryKeys.products.detail(data.product._id), data.product);
  if (data?.seller) queryClient.setQueryData(queryKeys.sellers.detail(data.seller.handle), data.seller);
  if (data?.products) {
    const { filter, ...page } = data.products;
    queryClient.setQueryData<InfiniteData<ListPage<unknown>, number>>(queryKeys.products.pages(filter), {
      pages: [page],
      pageParams: [0],
    });
  }
}
