import type { ApiError } from '@bazaar/shared/errors';
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination-constants';

/** A list's value repeats the parameter (`brand=A&brand=B`). */
export type QueryParams = Record<string, string | number | boolean | readonly string[] | undefined>;

/** A non-2xx answer; `body` is the server's `{error, message, details?}` when it sent one. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly body: ApiError | undefined;

  constructor(status: number, body: ApiError | undefined) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.body = body;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<ApiError>).error === 'string' &&
    typeof (value as Partial<ApiError>).message === 'string'
  );
}

function withQuery(path: string, params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'object') for (const item of value) search.append(name, item);
    else if (value !== undefined) search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function failure(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => undefined);
  return new ApiRequestError(response.status, isApiError(body) ? body : undefined);
}

async function get(path: string, params: QueryParams, signal: AbortSignal | undefined): Promise<Response> {
  const response = await fetch(withQuery(path, params), { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw await failure(response);
  return response;
}

/** GETs `path` on the shop's own origin and returns its JSON body as `T`. */
export async function getJson<T>(
  path: string,
  params: QueryParams = {},
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  return (await (await get(path, params, options.signal)).json()) as T;
}

/** One page of a list: its items and the total the server counted (`X-Total-Count`). */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** The server stopped counting at `total`: there are more matches. */
  capped: boolean;
}

/** GETs a list endpoint and returns the page with the total of all matches. */
export async function getPage<T>(
  path: string,
  params: QueryParams = {},
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<T>> {
  const response = await get(path, params, options.signal);
  const items = (await response.json()) as T[];
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  return {
    items,
    total: header === null ? items.length : Number(header),
    capped: response.headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true',
  };
}

/**
 * Sends `body` as JSON with `method` and returns the JSON answer as `T` (undefined when the answer is empty).
 * The session cookie goes along: the shop authenticates its own pages with it. `headers` are added to the
 * request's (e.g. an idempotency key).
 */
export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown = {},
  options: { headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { ...options.headers, accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
