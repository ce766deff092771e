import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, textLinkClass } from '../../components/button.tsx';
import { isSpentLink, useResetPassword } from './api/password-reset.ts';
import { AuthCard } from './auth-card.tsx';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from './new-password-fields.tsx';

/** What the page says instead of the form when its link cannot be used, with the way to a new one. */
function SpentLink({ message }: { message: string }) {
  return (
    <>
      <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900">
        {message}
      </p>
      <Link to="/forgot-password" className={textLinkClass}>
        Ask for a new link
      </Link>
    </>
  );
}

export function Component() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [errors, setErrors] = useState<NewPasswordErrors>({});

  // Said on the profile: a toast goes when its page does.
  async function arrive() {
    await navigate('/dashboard/profile', { replace: true });
    toast.success('Your new password is set: you are signed in.');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { password, errors: found } = checkNewPassword(new FormData(event.currentTarget));
    setErrors(found);
    if (found.password || found.confirmPassword) return;
    resetPassword.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => void arrive(),
        onError: (error) => {
          if (!isSpentLink(error)) toast.error(error.message);
        },
      },
    );
  }

  const spent = !token || isSpentLink(resetPassword.error);
  return (
    <AuthCard
      title="Choose a new password"
      intro="Every other device signed in to your account will be signed out."
    >
      {spent ? (
        <SpentLink
          message={
            token
              ? 'This link has expired or was already used.'
              : 'This page needs the link from the mail we sent you.'
          }
        />
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <NewPasswordFields label="New password" errors={errors} />
          <Button type="submit" disabled={resetPassword.isPending}>
            {resetPassword.isPending ? 'Saving…' : 'Set my new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
