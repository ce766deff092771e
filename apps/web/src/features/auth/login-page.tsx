import { useEffect, useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Loader } from '../../components/loader.tsx';
import { useSession } from './api/get-session.ts';
import { isUnverifiedEmail, useSignIn } from './api/sign-in.ts';
import { authErrorCode } from './api/auth-error.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { failureMessage } from '../../lib/field-errors.ts';
import { Button, textLinkClass } from '../../components/button.tsx';
import { AuthCard, AuthCardLink } from './auth-card.tsx';
import { useAuthLinkState, useReturnPath, useSignInPurpose, type SignInPurpose } from './return-path.ts';
import { SocialSignInButton } from './social-sign-in-button.tsx';
import { formText } from './form-text.ts';
import { TextField } from '../../components/text-field.tsx';

/** Better Auth's `?error=` codes after a failed provider sign-in, in words. */
function socialErrorMessage(code: string): string {
  if (code === 'account_not_linked') {
    return 'An account with this e-mail already exists: log in with its password.';
  }
  return 'Signing in with Google did not work. Please try again.';
}

/** Shows the error the identity provider's redirect brought back, once, and drops it from the address. */
function useSocialSignInError(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('error');
  useEffect(() => {
    if (!code) return;
    toast.error(socialErrorMessage(code), { id: 'social-sign-in-error' });
    setSearchParams({}, { replace: true });
  }, [code, setSearchParams]);
}

/** What the login page says when a page sent the user to sign in for something. */
const PURPOSE_NOTICES: Record<SignInPurpose, string> = {
  checkout: 'Sign in to check out. Your cart is kept, and checkout opens as soon as you are in.',
  'signed-out-everywhere': 'You are signed out on every device, this one too. Log in again to carry on.',
};

/** Why a sign-in was refused, in the shop's words. */
function refusalMessage(error: unknown, email: string): string {
  if (isUnverifiedEmail(error)) return `Confirm your e-mail first: we sent a new link to ${email}.`;
  if (authErrorCode(error) === 'INVALID_EMAIL_OR_PASSWORD') {
    return 'Invalid email or password. Check both, or choose a new password with “Forgot password?”.';
  }
  return failureMessage(error);
}

export function Component() {
  const { user, isPending } = useSession();
  const returnPath = useReturnPath();
  const purpose = useSignInPurpose();
  const linkState = useAuthLinkState();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const refusalId = useId();
  // A new key for each refusal: the same words after another try are read out again.
  const [refusal, setRefusal] = useState<{ message: string; key: number } | null>(null);
  useSocialSignInError();

  // While signing in and after, the session reloads under the form: keep the form on screen until it moves on.
  if (isPending && signIn.isIdle) return <Loader />;
  if (user && signIn.isIdle) return <Navigate to={returnPath} replace />;

  // Both fields are what the refusal is about: neither is told apart, so as not to say which e-mails have accounts.
  const refusedField = refusal ? { 'aria-invalid': true, 'aria-describedby': refusalId } : {};

  // Said on the page the sign-in leads to: a toast goes when its page does.
  async function arrive() {
    await navigate(returnPath, { replace: true });
    toast.success('Successfully Login!');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = formText(form, 'email');
    signIn.mutate(
      { email, password: formText(form, 'password'), callbackURL: returnPath },
      {
        onSuccess: () => void arrive(),
        onError: (error) =>
          setRefusal((last) => ({ message: refusalMessage(error, email), key: (last?.key ?? 0) + 1 })),
      },
    );
  }

  return (
    <AuthCard
      title="Login"
      intro="Welcome back! Sign in to check out and manage your shop."
      notice={purpose && PURPOSE_NOTICES[purpose]}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert key={refusal?.key} id={refusalId} message={refusal?.message ?? null} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required {...refusedField} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          {...refusedField}
        />
        <Link to="/forgot-password" className={`self-end text-sm ${textLinkClass}`}>
          Forgot password?
        </Link>
        <Button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Logging in…' : 'Login'}
        </Button>
      </form>
      <SocialSignInButton returnTo={returnPath} />
      <AuthCardLink question="New to Bazaar?" to="/register" label="Create an account" state={linkState} />
    </AuthCard>
  );
}
