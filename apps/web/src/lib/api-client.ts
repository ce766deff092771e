import type { ApiError } from '@bazaar/shared/errors';

type QueryParams = Record<string, string | number | boolean | undefined>;

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

function isApiError(value: unknown): value is ApiError {
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
    if (value !== undefined) search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** GETs `path` on the shop's own origin and returns its JSON body as `T`. */
export async function getJson<T>(
  path: string,
  params: QueryParams = {},
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(withQuery(path, params), {
    headers: { accept: 'application/json' },
    signal: options.signal,
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiRequestError(response.status, isApiError(body) ? body : undefined);
  }
  return (await response.json()) as T;
}
