import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useRequestPasswordReset } from './api/password-reset.ts';
import { AuthCard, AuthCardLink } from './auth-card.tsx';
import { formText } from './form-text.ts';

const LINK_SENT = 'If an account exists for that e-mail, we sent a link to choose a new password.';

export function Component() {
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formText(new FormData(event.currentTarget), 'email').trim();
    requestReset.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter your e-mail: we will send you a link to choose a new password."
    >
      {sentTo === null ? (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
          <Button type="submit" disabled={requestReset.isPending}>
            {requestReset.isPending ? 'Sending…' : 'Send me a link'}
          </Button>
        </form>
      ) : (
        <p role="status" className="rounded-lg bg-teal-50 p-4 text-teal-900">
          {LINK_SENT} It works once, within an hour.
        </p>
      )}
      <AuthCardLink question="Remembered it?" to="/login" label="Login" />
    </AuthCard>
  );
}
