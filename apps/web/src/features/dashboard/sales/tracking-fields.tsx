import { useId, useState } from 'react';
import { KNOWN_CARRIERS, knownCarrier } from '@bazaar/shared/carriers';
import { TrackingSchema, type TrackingInput } from '@bazaar/shared/orders';

export type TrackingValues = Required<{ [Field in keyof TrackingInput]: string }>;

export const NO_TRACKING: TrackingValues = { carrier: '', trackingNumber: '', trackingUrl: '' };

const FIELDS: { name: keyof TrackingValues; label: string; hint?: string; type?: string }[] = [
  { name: 'carrier', label: 'Carrier' },
  { name: 'trackingNumber', label: 'Tracking number' },
  { name: 'trackingUrl', label: 'Tracking link', type: 'url' },
];

/**
 * The tracking a seller gives (all optional), checked with the shared TrackingSchema: `check` answers the body to
 * send, or shows each refusal beside its field and answers undefined.
 */
export function useTrackingFields(initial: TrackingValues = NO_TRACKING) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof TrackingValues, string>>>({});
  function check(): TrackingInput | undefined {
    const parsed = TrackingSchema.safeParse(values);
    if (parsed.success) return values;
    setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    return undefined;
  }
  return { values, setValues, errors, setErrors, check };
}

/** The carrier (known ones offered), tracking number and tracking link inputs of the ship and correct dialogs. */
export function TrackingFields({ tracking }: { tracking: ReturnType<typeof useTrackingFields> }) {
  const id = useId();
  const { values, setValues, errors, setErrors } = tracking;
  const known = knownCarrier(values.carrier);
  return (
    <div className="mt-4 grid gap-3">
      <datalist id={`${id}-carriers`}>
        {KNOWN_CARRIERS.map((carrier) => (
          <option key={carrier.name} value={carrier.name} />
        ))}
      </datalist>
      {FIELDS.map(({ name, label, type }) => {
        const hint =
          name === 'trackingUrl'
            ? known
              ? `Left blank, ${known.name}'s tracking page is linked`
              : 'Optional, https://…'
            : 'Optional';
        const error = errors[name];
        return (
          <div key={name}>
            <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-gray-900">
              {label}
            </label>
            <input
              id={`${id}-${name}`}
              type={type ?? 'text'}
              value={values[name]}
              list={name === 'carrier' ? `${id}-carriers` : undefined}
              autoComplete="off"
              aria-invalid={error !== undefined}
              aria-describedby={`${id}-${name}-hint${error ? ` ${id}-${name}-error` : ''}`}
              onChange={(event) => {
                setValues({ ...values, [name]: event.target.value });
                setErrors({ ...errors, [name]: undefined });
              }}
              className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm text-gray-900 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30"
            />
            <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-gray-600">
              {hint}
            </p>
            {error && (
              <p id={`${id}-${name}-error`} role="alert" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
