import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { UserUpdateSchema, type UserProfile } from '@bazaar/shared/users';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import {
  failureMessage,
  fieldErrors,
  schemaIssues,
  serverIssues,
  type FieldErrors,
} from '../../../lib/field-errors.ts';
import { useUpdateProfile } from './api/update-profile.ts';

const FIELDS = ['name', 'email', 'phone', 'address', 'img'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const buttonClass =
  'rounded-xl px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60';

/** The profile's edit form: prefilled from `profile`; the e-mail is shown but cannot change. */
export function ProfileForm({
  profile,
  onDone,
}: {
  profile: UserProfile;
  /** Leaves editing: after an update, or on Back. */
  onDone: () => void;
}) {
  const [values, setValues] = useState<Values>({
    name: profile.name,
    email: profile.email,
    phone: profile.phone ?? '',
    address: profile.address ?? '',
    img: profile.img ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const update = useUpdateProfile(profile.email);

  const change =
    (field: Field) =>
    ({ target }: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = UserUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(FIELDS, schemaIssues(parsed.error.issues)));
      return;
    }
    setErrors({});
    update.mutate(values, {
      onSuccess: () => {
        toast.success('Profile updated successfully');
        onDone();
      },
      onError: (error) => {
        toast.error(failureMessage(error));
        setErrors(fieldErrors(FIELDS, serverIssues(error)));
      },
    });
  }

  return (
    <form onSubmit={submit} aria-label="Edit profile" className="flex flex-col gap-4">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        value={values.name}
        onChange={change('name')}
        error={errors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        readOnly
        value={values.email}
        hint="Your e-mail address is your account and cannot be changed."
        error={errors.email}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={change('phone')}
        error={errors.phone}
      />
      <TextAreaField
        label="Address"
        name="address"
        autoComplete="street-address"
        value={values.address}
        onChange={change('address')}
        error={errors.address}
      />
      <TextField
        label="Profile Picture URL"
        name="img"
        type="url"
        placeholder="https://…"
        value={values.img}
        onChange={change('img')}
        error={errors.img}
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={update.isPending}
          className={`${buttonClass} bg-teal-700 text-white hover:bg-teal-800`}
        >
          {update.isPending ? 'Updating…' : 'Update'}
        </button>
        <button
          type="button"
          onClick={onDone}
          className={`${buttonClass} border border-gray-300 text-gray-700 hover:bg-gray-50`}
        >
          Back
        </button>
      </div>
    </form>
  );
}
