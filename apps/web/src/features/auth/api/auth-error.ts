import { ApiRequestError } from '../../../lib/api-client.ts';

/** The code Better Auth gave its refusal (`INVALID_EMAIL_OR_PASSWORD`, `INVALID_PASSWORD`…), if it gave one. */
export function authErrorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
