import type { ApiError } from '@bazaar/shared/errors';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  failureMessage,
  fieldErrors,
  parseForm,
  serverIssues,
  type FieldErrors,
  type FormSchema,
} from './field-errors.ts';

/** The fields of `Values` that hold text, i.e. the ones a text input or text area edits. */
type TextKey<Values> = { [F in keyof Values]: Values[F] extends string ? F : never }[keyof Values];

interface SchemaFormOptions<Values, Input, Output> extends FormSchema<Values, Input, Output> {
  initialValues: Values;
  /** Sends the checked body; a rejection keeps what was typed, toasts why and shows the server's field messages. */
  submit: (input: Input, output: Output) => Promise<unknown>;
  /** After a refused submission, with the server's issues (e.g. to reload what it refused). */
  onRefused?: (issues: NonNullable<ApiError['details']>) => void;
  /** False while the form may not be sent yet (its other data still loading…). */
  canSubmit?: boolean;
}

/**
 * One form's state and behaviour: its values, checked by the shared schema when a field is left and on submit;
 * the server's field messages under the same fields; after a refused submit, the focus on the first field with
 * a message (so that it is read out); and one submission at a time.
 */
export function useSchemaForm<Values extends object, Input, Output>({
  initialValues,
  submit,
  onRefused,
  canSubmit = true,
  ...form
}: SchemaFormOptions<Values, Input, Output>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitting, setSubmitting] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // State updates too late to stop a double click's second submit.
  const inFlight = useRef(false);

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function refuse(found: FieldErrors<Values>) {
    setErrors(found);
    setRefusals((count) => count + 1);
  }

  /** Shows or clears the message of one field, as the schema sees `next`. */
  function checkField(field: keyof Values, next: Values) {
    const parsed = parseForm(form, next);
    const message = parsed.valid ? undefined : parsed.errors[field];
    setErrors((current) => ({ ...current, [field]: message }));
  }

  function setValue<F extends keyof Values>(field: F, value: Values[F]) {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field with a message says at once when it has been put right.
    if (errors[field]) checkField(field, next);
  }

  /**
   * Changes several fields at once from the values as they are when the change applies, e.g. when an upload
   * that started earlier ends. Their messages stay until blur or submit checks them again.
   */
  function updateValues(change: (current: Values) => Partial<Values>) {
    setValues((current) => ({ ...current, ...change(current) }));
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !canSubmit) return;
    const parsed = parseForm(form, values);
    if (!parsed.valid) {
      refuse(parsed.errors);
      return;
    }
    setErrors({});
    inFlight.current = true;
    setSubmitting(true);
    try {
      await submit(parsed.input, parsed.output);
    } catch (error) {
      toast.error(failureMessage(error));
      const issues = serverIssues(error);
      refuse(fieldErrors(values, issues, form));
      onRefused?.(issues);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return {
    values,
    errors,
    submitting,
    setValue,
    updateValues,
    /** Back to the initial values, without messages. */
    reset: () => {
      setValues(initialValues);
      setErrors({});
    },
    /** The `<form>`'s own props. */
    formProps: { ref: formRef, onSubmit: (event: FormEvent<HTMLFormElement>) => void send(event) },
    /** The props that bind a text input or text area (TextField, TextAreaField) to a field. */
    field: <F extends TextKey<Values>>(name: F & string) => ({
      name,
      value: values[name] as string,
      error: errors[name],
      onChange: ({ target }: { target: { value: string } }) => setValue(name, target.value as Values[F]),
      onBlur: () => checkField(name, values),
    }),
  };
}
