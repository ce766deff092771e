import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass, textLinkClass } from '../../components/button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isRefusal, useConfirmEmail, useEmailToConfirm } from './api/confirm-email.ts';
import { useSendVerificationEmail } from './api/email-verification.ts';
import { useSignOut } from './api/sign-out.ts';
import { AuthCard, AuthCardLink } from './auth-card.tsx';
import { formText } from './form-text.ts';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from './new-password-fields.tsx';
import { shopPathOr } from './return-path.ts';
import { useViewer } from './use-viewer.ts';
import { CHECKOUT_PATH, useBuyItems } from '../cart/public.ts';
import { VerificationLinkSent } from './verification-link-sent.tsx';

const WRONG_PASSWORD =
  'That is not the password this address was registered with. Someone else may have registered it first: choose the password to keep.';

/**
 * Where a link from a confirmation mail lands (`?token=…&next=…`): it says which address the link confirms and
 * asks for the password the address was registered with, or a new one; then signs in and goes on to `next`.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const next = shopPathOr(searchParams.get('next'), '/');
  const token = searchParams.get('token') ?? '';
  const link = useEmailToConfirm(token);
  const viewer = useViewer();
  // Once this page confirmed the address, it keeps its form until it has gone on to `next`.
  const [confirmedHere, setConfirmedHere] = useState(false);
  // A link opened in another browser, or once the order was placed, has nothing to check out here.
  const buyItems = useBuyItems();
  const canGoOn = next !== CHECKOUT_PATH || buyItems.length > 0;
  const [stayed, setStayed] = useState(false);

  if (stayed && link.data) return <EmailConfirmed email={link.data.email} />;

  if (!token || link.isError) {
    return <LinkFailed returnTo={next} reason={token ? link.error?.message : undefined} />;
  }
  if (link.isPending || viewer.pending) {
    return (
      <AuthCard title="Confirm your e-mail" intro="Reading your link…">
        <span />
      </AuthCard>
    );
  }
  const { email, confirmed } = link.data;
  if (confirmed && !confirmedHere) {
    // Opened again later: signed in as that address, carry on; else log in.
    return viewer.user?.email.toLowerCase() === email.toLowerCase() ? (
      <EmailConfirmed email={email} />
    ) : (
      <AuthCard title="Confirm your e-mail" intro={`${email} is confirmed already.`}>
        <Link to="/login" className={buttonClass()}>
          Log in
        </Link>
      </AuthCard>
    );
  }
  if (viewer.user && viewer.user.email.toLowerCase() !== email.toLowerCase()) {
    return <SignedInAsAnother email={email} signedInAs={viewer.user.email} />;
  }
  return (
    <ConfirmForm
      token={token}
      email={email}
      next={next}
      onConfirmed={() => setConfirmedHere(true)}
      canGoOn={canGoOn}
      onStayed={() => setStayed(true)}
    />
  );
}

function ConfirmForm({
  token,
  email,
  next,
  onConfirmed,
  canGoOn,
  onStayed,
}: {
  token: string;
  email: string;
  next: string;
  onConfirmed: () => void;
  /** `next` has something to show in this browser; else `onStayed` once signed in. */
  canGoOn: boolean;
  onStayed: () => void;
}) {
  const navigate = useNavigate();
  const confirm = useConfirmEmail(onConfirmed);
  // A link opened in another browser, or once the order was placed, has nothing to check out here.

  const [choosing, setChoosing] = useState(false);
  const [wrongPassword, setWrongPassword] = useState(false);
  const [errors, setErrors] = useState<NewPasswordErrors>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    let input: { token: string; password: string } | { token: string; newPassword: string };
    if (choosing) {
      const { password, errors: found } = checkNewPassword(form);
      setErrors(found);
      if (found.password || found.confirmPassword) return;
      input = { token, newPassword: password };
    } else {
      const password = formText(form, 'password');
      const problem = password ? undefined : 'Enter your password';
      setErrors({ password: problem });
      if (problem) return;
      input = { token, password };
    }
    // Awaited here, not in mutate's callbacks: once signed in, the page below reads the link as confirmed already
    // and this form is gone before those would run.
    confirm.mutateAsync(input).then(
      async () => {
        if (!canGoOn) {
          onStayed();
          return;
        }
        await navigate(next, { replace: true });
        toast.success('Your e-mail is confirmed: welcome to Bazaar!', { id: 'email-confirmed' });
      },
      (error: unknown) => {
        if (isRefusal(error, 'WRONG_PASSWORD')) {
          setWrongPassword(true);
          setChoosing(true);
          setErrors({});
        } else {
          toast.error(error instanceof Error ? error.message : 'The address could not be confirmed.');
        }
      },
    );
  }

  function choose(nextChoosing: boolean) {
    setChoosing(nextChoosing);
    setErrors({});
    if (!nextChoosing) setWrongPassword(false);
  }

  return (
    <AuthCard
      title="Confirm your e-mail"
      intro={
        choosing
          ? 'Choose the password of this account. It replaces any password set before, and every device signed in to it is signed out.'
          : 'Enter the password you registered with to confirm this address.'
      }
    >
      <p className="rounded-lg bg-gray-50 p-3 text-gray-900">
        This link confirms <strong className="break-all">{email}</strong>.
      </p>
      {wrongPassword && (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900">
          {WRONG_PASSWORD}
        </p>
      )}
      <form
        key={choosing ? 'choose' : 'password'}
        onSubmit={submit}
        className="flex flex-col gap-4"
        noValidate
      >
        {/* Lets password managers file the password under the address. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        {choosing ? (
          <NewPasswordFields label="New password" errors={errors} />
        ) : (
          <TextField
            label="Password you registered with"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
        )}
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Confirming…' : choosing ? 'Set my password and confirm' : 'Confirm my e-mail'}
        </Button>
      </form>
      <p className="text-center text-sm text-gray-600">
        {choosing ? (
          <button type="button" className={textLinkClass} onClick={() => choose(false)}>
            Use the password I registered with
          </button>
        ) : (
          <>
            Not sure which password?{' '}
            <button type="button" className={textLinkClass} onClick={() => choose(true)}>
              Choose a new password
            </button>
          </>
        )}
      </p>
    </AuthCard>
  );
}

/** The address is confirmed and this browser signed in, but `next` has nothing to show here: carry on from home. */
function EmailConfirmed({ email }: { email: string }) {
  return (
    <AuthCard title="Your e-mail is confirmed" intro={`${email} is confirmed, and you are signed in.`}>
      <Link to="/" className={buttonClass()}>
        Continue shopping
      </Link>
    </AuthCard>
  );
}

/** A link never switches a browser from one account to another. */
function SignedInAsAnother({ email, signedInAs }: { email: string; signedInAs: string }) {
  const signOut = useSignOut();
  return (
    <AuthCard title="Confirm your e-mail" intro="This browser is signed in to another account.">
      <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900">
        This link confirms <strong className="break-all">{email}</strong>; this browser is signed in as{' '}
        <strong className="break-all">{signedInAs}</strong>. Log out to confirm it.
      </p>
      <Button
        variant="outline"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onError: (error) => toast.error(error.message) })}
      >
        {signOut.isPending ? 'Logging out…' : `Log out of ${signedInAs}`}
      </Button>
    </AuthCard>
  );
}

function LinkFailed({ returnTo, reason }: { returnTo: string; reason: string | undefined }) {
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
      intro={reason ?? 'This page needs the link from the mail we sent you.'}
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
