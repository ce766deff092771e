/** PostgreSQL's SQLSTATE for a row whose foreign key names no row (both drivers report `code`). */
const FOREIGN_KEY_VIOLATION = '23503';

/** Whether `error`, or the driver error a query error wraps, is a foreign-key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}
