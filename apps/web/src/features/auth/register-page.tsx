import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Navigate, useNavigate } from 'react-router';
import { Loader } from '../../components/loader.tsx';
import { useSession } from './api/get-session.ts';
import { useSignUp } from './api/sign-up.ts';
import { Button } from '../../components/button.tsx';
import { AuthCard, AuthCardLink } from './auth-card.tsx';
import { useAuthLinkState, useReturnPath, useSignInPurpose, type SignInPurpose } from './return-path.ts';
import { SocialSignInButton } from './social-sign-in-button.tsx';
import { formText } from './form-text.ts';
import { VerificationLinkSent } from './verification-link-sent.tsx';
import { TextField } from '../../components/text-field.tsx';
import {
  checkNewPassword,
  NewPasswordFields,
  PASSWORD_MISMATCH,
  type NewPasswordErrors,
} from './new-password-fields.tsx';

/** What the register page says when a page sent the user to sign in for something. */
const PURPOSE_NOTICES: Record<SignInPurpose, string> = {
  checkout: 'Create an account to check out. Your cart is kept, and checkout opens as soon as you are in.',
};

export function Component() {
  const { user, isPending } = useSession();
  const returnPath = useReturnPath();
  const purpose = useSignInPurpose();
  const linkState = useAuthLinkState();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  // Set when the account waits for its e-mail to be confirmed before anyone signs in to it.
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  if (linkSentTo) {
    return (
      <AuthCard title="Check your e-mail" intro="One last step before you can sign in.">
        <VerificationLinkSent email={linkSentTo} returnTo={returnPath} />
      </AuthCard>
    );
  }
  if (isPending && !signUp.isPending) return <Loader />;
  if (user && !signUp.isPending) return <Navigate to={returnPath} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { password, errors: found } = checkNewPassword(form);
    setErrors(found);
    if (found.confirmPassword) toast.error(PASSWORD_MISMATCH);
    if (found.password || found.confirmPassword) return;

    const email = formText(form, 'email').trim();
    signUp.mutate(
      { name: formText(form, 'name').trim(), email, password, callbackURL: returnPath },
      {
        onSuccess: ({ signedIn }) => {
          if (!signedIn) {
            setLinkSentTo(email);
            return;
          }
          toast.success('Account created: welcome to Bazaar!');
          void navigate(returnPath, { replace: true });
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <AuthCard
      title="Register"
      intro="Create your Bazaar account to check out faster and sell your own products."
      notice={purpose && PURPOSE_NOTICES[purpose]}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Name" name="name" autoComplete="name" required />
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <NewPasswordFields label="Password" errors={errors} />
        <Button type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating your account…' : 'Register'}
        </Button>
      </form>
      <SocialSignInButton returnTo={returnPath} />
      <AuthCardLink question="Already have an account?" to="/login" label="Login" state={linkState} />
    </AuthCard>
  );
}
