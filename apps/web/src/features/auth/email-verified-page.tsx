import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useSendVerificationEmail } from './api/email-verification.ts';
import { AuthCard, AuthCardLink } from './auth-card.tsx';
import { formText } from './form-text.ts';
import { shopPathOr } from './return-path.ts';
import { VerificationLinkSent } from './verification-link-sent.tsx';

/** Where a link from a confirmation mail lands (the server sends it here): `?next=` and, if it failed, `?error=`. */
export function Component() {
  const [searchParams] = useSearchParams();
  const next = shopPathOr(searchParams.get('next'), '/');
  const error = searchParams.get('error');
  if (error) return <LinkFailed expired={error === 'TOKEN_EXPIRED'} returnTo={next} />;
  return <Confirmed next={next} />;
}

/** The link worked and signed the person in: said once, then on to the page they were on. */
function Confirmed({ next }: { next: string }) {
  useEffect(() => {
    toast.success('Your e-mail is confirmed: welcome to Bazaar!', { id: 'email-confirmed' });
  }, []);
  return <Navigate to={next} replace />;
}

function LinkFailed({ expired, returnTo }: { expired: boolean; returnTo: string }) {
  const send = useSendVerificationEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formText(new FormData(event.currentTarget), 'email').trim();
    send.mutate(
      { email, returnTo },
      { onSuccess: () => setSentTo(email), onError: (failure) => toast.error(failure.message) },
    );
  }

  return (
    <AuthCard
      title="Confirm your e-mail"
      intro={
        expired
          ? 'This link has expired: links work for a day.'
          : 'This link is not valid or was already used.'
      }
    >
      {sentTo ? (
        <VerificationLinkSent email={sentTo} returnTo={returnTo} />
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send me a new link'}
          </Button>
        </form>
      )}
      <AuthCardLink question="Already confirmed?" to="/login" label="Login" />
    </AuthCard>
  );
}
