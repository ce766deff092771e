import type { ApiError } from '@bazaar/shared/errors';
import { ApiRequestError } from './api-client.ts';

/** A problem with one part of a submission; `path` is dotted, e.g. `phone` or `products.0`. */
export interface Issue {
  path: string;
  message: string;
}

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The issues a shared zod schema found (its `safeParse(...).error.issues`), with dotted paths. */
export function schemaIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Issue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** What to tell the user about a failed call: the server's message, or that the shop could not be reached. */
export function failureMessage(error: Error): string {
  return error instanceof ApiRequestError
    ? error.message
    : 'The shop could not be reached. Check your connection and try again.';
}

/** The issues the server listed in a 400 answer's `details`. */
export function serverIssues(error: Error): NonNullable<ApiError['details']> {
  return error instanceof ApiRequestError ? (error.body?.details ?? []) : [];
}

/** The first message for each of a form's `fields`, to show under the field. */
export function fieldErrors<Field extends string>(
  fields: readonly Field[],
  issues: readonly Issue[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
