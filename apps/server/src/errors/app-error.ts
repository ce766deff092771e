import type { ApiError, ErrorCode } from '@bazaar/shared/errors';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  PRICE_CHANGED: 409,
  HOLD_LIMIT: 409,
  OWN_PRODUCT: 409,
  NOT_PAID: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_TIMEOUT: 408,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  WRONG_PASSWORD: 400,
  INVALID_LINK: 400,
  ALREADY_CONFIRMED: 400,
};

/** An error a service throws on purpose; the error handler turns its code into a status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
    /** Extra response headers, such as Retry-After. */
    readonly headers?: Record<string, string>,
    /** Fields of the answer beside error and message, such as PRICE_CHANGED's new totalPrice. */
    readonly answer?: Pick<ApiError, 'totalPrice' | 'amount'>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** The error code that names an HTTP status, for errors that arrive with a status only. */
export function codeForStatus(status: number): ErrorCode {
  const known = Object.entries(STATUS_BY_CODE).find(
    ([code, s]) => s === status && code !== 'VALIDATION_ERROR',
  );
  return known ? (known[0] as ErrorCode) : status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
}

/** The answer to input a schema refused, naming its first problem: `Invalid body field "name": …`. */
export function validationFailure(part: string, details: { path: string; message: string }[]): ApiError {
  const first = details[0];
  const message = first?.path
    ? `Invalid ${part} "${first.path}": ${first.message}`
    : `Invalid ${part}: ${first?.message}`;
  return { error: 'VALIDATION_ERROR', message, details };
}
