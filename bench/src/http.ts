import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
  /** The X-Total-Count of a list, else null. */
  total: number | null;
}

/** Calls the shop and reads a JSON answer; anything but a 2xx is an error that names the call. */
export async function callShop<T>(url: string, init: RequestInit = {}): Promise<Answer<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  const total = response.headers.get(TOTAL_COUNT_HEADER);
  return {
    status: response.status,
    body: JSON.parse(text) as T,
    headers: response.headers,
    total: total === null ? null : Number(total),
  };
}
