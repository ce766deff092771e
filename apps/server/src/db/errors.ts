/** PostgreSQL's SQLSTATE for a row whose foreign key names no row (both drivers report `code`). */
const FOREIGN_KEY_VIOLATION = '23503';

/** PostgreSQL's SQLSTATE for a statement cancelled, here by `statement_timeout`. */
const QUERY_CANCELED = '57014';

/** Whether `error`, or the driver error a query error wraps, has SQLSTATE `code`. */
function hasCode(error: unknown, code: string): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Whether `error`, or the driver error a query error wraps, is a foreign-key violation. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, FOREIGN_KEY_VIOLATION);

/** Whether `error`, or the driver error a query error wraps, is a statement stopped by its timeout. */
export const isStatementTimeout = (error: unknown) => hasCode(error, QUERY_CANCELED);
