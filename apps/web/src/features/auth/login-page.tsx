import { useEffect, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Loader } from '../../components/loader.tsx';
import { useSession } from './api/get-session.ts';
import { isUnverifiedEmail, useSignIn } from './api/sign-in.ts';
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
};

export function Component() {
  const { user, isPending } = useSession();
  const returnPath = useReturnPath();
  const purpose = useSignInPurpose();
  const linkState = useAuthLinkState();
  const navigate = useNavigate();
  const signIn = useSignIn();
  useSocialSignInError();

  // While signing in, the session reloads under the form: keep the form on screen.
  if (isPending && !signIn.isPending) return <Loader />;
  if (user && !signIn.isPending) return <Navigate to={returnPath} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = formText(form, 'email');
    signIn.mutate(
      { email, password: formText(form, 'password'), callbackURL: returnPath },
      {
        onSuccess: () => {
          toast.success('Successfully Login!');
          void navigate(returnPath, { replace: true });
        },
        onError: (error) =>
          toast.error(
            isUnverifiedEmail(error)
              ? `Confirm your e-mail first: we sent a new link to ${email}.`
              : error.message,
          ),
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
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
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
