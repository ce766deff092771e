import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { useSendVerificationEmail } from './api/email-verification.ts';
import { useSession } from './api/get-session.ts';

/** A verification link that did not work comes back to the profile with `?error=`: said once, then dropped. */
function useVerificationLinkError(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('error');
  useEffect(() => {
    if (!code) return;
    toast.error('That confirmation link has expired or is not valid: send the link again.', {
      id: 'verification-link-error',
    });
    setSearchParams({}, { replace: true });
  }, [code, setSearchParams]);
}

/** Whether the signed-in user's e-mail is confirmed; if not, a button that mails the link again. */
export function EmailVerificationStatus() {
  const { user } = useSession();
  const send = useSendVerificationEmail();
  useVerificationLinkError();
  if (!user) return null;
  if (user.emailVerified) {
    return (
      <span className="rounded-full bg-teal-50 px-2 py-0.5 text-sm font-medium text-teal-800">Verified</span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-3">
      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-sm font-medium text-amber-900">
        Not verified
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(user.email, {
            onSuccess: () => toast.success(`We sent a new link to ${user.email}.`),
            onError: (error) => toast.error(error.message),
          })
        }
      >
        {send.isPending ? 'Sending…' : 'Send the link again'}
      </Button>
    </span>
  );
}
