import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SignUpSchema } from '@bazaar/shared/auth';
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
import { fieldErrors, serverIssues, type FieldErrors } from '../../lib/field-errors.ts';
import {
  checkNewPassword,
  NewPasswordFields,
  PASSWORD_MISMATCH,
  type NewPasswordErrors,
} from './new-password-fields.tsx';

/** What the register page says when a page sent the user to sign in for something. */
const PURPOSE_NOTICES: Partial<Record<SignInPurpose, string>> = {
  checkout: 'Create an account to check out. Your cart is kept, and checkout opens as soon as you are in.',
};

export function Component() {
  const { user, isPending } = useSession();
  const returnPath = useReturnPath();
  const purpose = useSignInPurpose();
  const linkState = useAuthLinkState();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [errors, setErrors] = useState<NewPasswordErrors & FieldErrors<{ name: string; email: string }>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal the first field with a message takes the focus, so that its message is read out.
  useEffect(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [errors]);
  // Set when the account waits for its e-mail to be confirmed before anyone signs in to it.
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  if (linkSentTo) {
    return (
      <AuthCard title="Check your e-mail" intro="One last step before you can sign in.">
        <VerificationLinkSent email={linkSentTo} returnTo={returnPath} />
      </AuthCard>
    );
  }
  // While registering and after, the session reloads under the form: keep the form on screen until it moves on.
  if (isPending && signUp.isIdle) return <Loader />;
  if (user && signUp.isIdle) return <Navigate to={returnPath} replace />;

  // Said on the page the registration leads to: a toast goes when its page does.
  async function arrive() {
    await navigate(returnPath, { replace: true });
    toast.success('Account created: welcome to Bazaar!');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { password, errors: found } = checkNewPassword(form);
    const name = formText(form, 'name').trim();
    const nameError = SignUpSchema.shape.name.safeParse(name).error?.issues[0]?.message;
    setErrors({ ...found, name: nameError });
    if (found.confirmPassword) toast.error(PASSWORD_MISMATCH);
    if (nameError || found.password || found.confirmPassword) return;

    const email = formText(form, 'email').trim();
    signUp.mutate(
      { name, email, password, callbackURL: returnPath },
      {
        onSuccess: ({ signedIn }) => {
          if (signedIn) void arrive();
          else setLinkSentTo(email);
        },
        // What the server says of a field shows under it; anything else (a taken e-mail) as a toast.
        onError: (error) => {
          const onFields = fieldErrors({ name, email, password }, serverIssues(error));
          if (Object.keys(onFields).length > 0) setErrors(onFields);
          else toast.error(error.message);
        },
      },
    );
  }

  return (
    <AuthCard
      title="Register"
      intro="Create your Bazaar account to check out faster and sell your own products."
      notice={purpose && PURPOSE_NOTICES[purpose]}
    >
      <form ref={formRef} onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Name" name="name" autoComplete="name" required error={errors.name} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
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
