import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/text-field.tsx';
import { Link } from 'react-router';
import { Button, textLinkClass } from '../../components/button.tsx';
import { useChangePassword, useHasPassword, useSignOutEverywhere } from './api/account-security.ts';
import { formText } from './form-text.ts';
import { authErrorCode } from './api/auth-error.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { failureMessage } from '../../lib/field-errors.ts';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from './new-password-fields.tsx';

function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const [errors, setErrors] = useState<NewPasswordErrors & { currentPassword?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const { password, errors: found } = checkNewPassword(form);
    setErrors(found);
    setFailure(null);
    if (found.password || found.confirmPassword) return;
    changePassword.mutate(
      { currentPassword: formText(form, 'currentPassword'), newPassword: password },
      {
        onSuccess: () => {
          formElement.reset();
          toast.success('Password changed: every other device is signed out.');
        },
        onError: (error) => {
          if (authErrorCode(error) === 'INVALID_PASSWORD') {
            setErrors({ currentPassword: 'That is not your current password.' });
            // Its message is read out with it.
            formElement.querySelector<HTMLElement>('[name="currentPassword"]')?.focus();
          } else {
            setFailure(failureMessage(error));
          }
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      className="flex max-w-md flex-col gap-4"
      aria-labelledby="change-password-heading"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold text-gray-900">
        Change password
      </h2>
      <FormAlert id={failureId} message={failure} />
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <NewPasswordFields label="New password" errors={errors} />
      <Button type="submit" className="self-start" disabled={changePassword.isPending}>
        {changePassword.isPending ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}

function SignOutEverywhere() {
  const signOutEverywhere = useSignOutEverywhere();
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold text-gray-900">Devices</h2>
      <p className="text-gray-600">Signed in somewhere you should not be? End every session, this one too.</p>
      <Button
        variant="danger-outline"
        className="self-start"
        disabled={signOutEverywhere.isPending}
        onClick={() =>
          // Once signed out, the login page says so.
          signOutEverywhere.mutate(undefined, { onError: (error) => toast.error(error.message) })
        }
      >
        Sign out everywhere
      </Button>
    </div>
  );
}

/** For an account made with Google or OpenID Connect: it has no password to change, but may get one. */
function NoPassword() {
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold text-gray-900">Password</h2>
      <p className="text-gray-600">
        Your account signs in with Google and has no password. To sign in with your e-mail too,{' '}
        <Link to="/forgot-password" className={textLinkClass}>
          choose a password
        </Link>{' '}
        through the link we mail you.
      </p>
    </div>
  );
}

/** The profile's security section: a new password, and ending every session. */
export function AccountSecurity() {
  const hasPassword = useHasPassword();
  return (
    <section className="flex flex-col gap-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      {hasPassword === false ? <NoPassword /> : <ChangePasswordForm />}
      <SignOutEverywhere />
    </section>
  );
}
