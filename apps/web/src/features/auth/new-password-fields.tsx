import { PASSWORD_MIN_LENGTH, PasswordSchema } from '@bazaar/shared/auth';
import { TextField } from '../../components/text-field.tsx';
import { formText } from './form-text.ts';

export const PASSWORD_MISMATCH = 'Passwords do not match!';

export interface NewPasswordErrors {
  password?: string | undefined;
  confirmPassword?: string | undefined;
}

/** The chosen password (field `password`) and what is wrong with it or its confirmation (`confirmPassword`). */
export function checkNewPassword(form: FormData): { password: string; errors: NewPasswordErrors } {
  const password = formText(form, 'password');
  return {
    password,
    errors: {
      password: PasswordSchema.safeParse(password).error?.issues[0]?.message,
      confirmPassword: password === formText(form, 'confirmPassword') ? undefined : PASSWORD_MISMATCH,
    },
  };
}

/** A new password and its confirmation, as registering and resetting ask for them. */
export function NewPasswordFields({ label, errors }: { label: string; errors: NewPasswordErrors }) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
