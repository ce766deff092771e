import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldProps {
  label: string;
  /** A validation message shown under the field; marks the field invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

const controlClass =
  'rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm outline-none transition placeholder:text-gray-400 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 aria-invalid:border-rose-500 read-only:bg-gray-50 read-only:text-gray-600';

/** A labelled form control with its hint and its validation message. */
function Field({
  label,
  error,
  hint,
  className = '',
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: controlClass,
      })}
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
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(control) => <input {...control} {...input} />}
    />
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(control) => <textarea rows={3} {...control} {...textarea} />}
    />
  );
}

/** A labelled choice among `options` (value and label), with its hint and validation message. */
export function SelectField({
  label,
  error,
  hint,
  className,
  options,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly (readonly [string, string])[] }) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(control) => (
        <select {...control} {...select}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}
