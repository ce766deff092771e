import type { ApiError } from '@bazaar/shared/errors';
import { ApiRequestError } from './api-client.ts';

/** A problem with one part of a submission: zod's path, or the server's dotted one (`phone`, `images.1`). */
export interface Issue {
  path: readonly PropertyKey[] | string;
  message: string;
}

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/** How issues name a form's fields, beyond a field's own name as the first part of the path. */
export interface FieldNaming<Values> {
  /** A first part that is no input of the form but belongs to one, e.g. `shipping_details` → its one input. */
  aliases?: Readonly<Record<string, keyof Values>>;
  /** List fields whose items are named by position in their messages: `{ images: 'Image' }` → "Image 2: …". */
  itemNames?: Readonly<Partial<Record<keyof Values, string>>>;
}

/** A form as the shared schema sees it: what its inputs hold (`Values`) becomes the body the schema checks. */
export interface FormSchema<Values, Input, Output> extends FieldNaming<Values> {
  schema: {
    // NoInfer: the body's type is the one `toInput` gives, not the `unknown` a zod schema takes.
    safeParse(
      input: NoInfer<Input>,
    ): { success: true; data: Output } | { success: false; error: { issues: readonly Issue[] } };
  };
  toInput: (values: Values) => Input;
}

/** What to tell the user about a failed call: the server's message, or that the shop could not be reached. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiRequestError
    ? error.message
    : 'The shop could not be reached. Check your connection and try again.';
}

/** The issues the server listed in a 400 answer's `details`. */
export function serverIssues(error: unknown): NonNullable<ApiError['details']> {
  return error instanceof ApiRequestError ? (error.body?.details ?? []) : [];
}

/** The first message for each field of `values` that the issues name; issues naming no field are left out. */
export function fieldErrors<Values extends object>(
  values: Values,
  issues: readonly Issue[],
  { aliases, itemNames }: FieldNaming<Values> = {},
): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const { path, message } of issues) {
    const [first = '', item] = typeof path === 'string' ? path.split('.') : path.map(String);
    const field = aliases?.[first] ?? (Object.hasOwn(values, first) ? (first as keyof Values) : undefined);
    if (field === undefined || errors[field]) continue;
    const itemName = itemNames?.[field];
    const index = Number(item);
    errors[field] =
      itemName && item !== undefined && Number.isInteger(index)
        ? `${itemName} ${index + 1}: ${message}`
        : message;
  }
  return errors;
}

/** The form's values checked by its schema: the body to send (as given and as parsed), or the messages by field. */
export function parseForm<Values extends object, Input, Output>(
  form: FormSchema<Values, Input, Output>,
  values: Values,
): { valid: true; input: Input; output: Output } | { valid: false; errors: FieldErrors<Values> } {
  const input = form.toInput(values);
  const result = form.schema.safeParse(input);
  return result.success
    ? { valid: true, input, output: result.data }
    : { valid: false, errors: fieldErrors(values, result.error.issues, form) };
}
