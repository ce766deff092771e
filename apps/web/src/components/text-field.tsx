import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  /** A validation message shown under the field; marks the field invalid. */
  error?: string | undefined;
  hint?: string | undefined;
}

const controlClass =
  'rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm outline-none transition placeholder:text-gray-400 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 aria-invalid:border-rose-500';

/** A label, the control `renderControl` draws with the ids and ARIA state it is given, then the hint or the error. */
function Field({
  label,
  error,
  hint,
  className,
  renderControl,
}: FieldProps & {
  className: string;
  renderControl: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {renderControl({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  className = '',
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      renderControl={(control) => <input {...control} className={controlClass} {...input} />}
    />
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      renderControl={(control) => <textarea {...control} className={controlClass} {...textarea} />}
    />
  );
}
