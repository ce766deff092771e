import toast from 'react-hot-toast';
import { Button } from '../../components/button.tsx';
import { useSendVerificationEmail } from './api/email-verification.ts';

/** Mails `email` a new confirmation link, which goes on to `returnTo` once followed. */
export function ResendLinkButton({
  email,
  returnTo,
  size,
}: {
  email: string;
  returnTo: string;
  size?: 'sm';
}) {
  const send = useSendVerificationEmail();
  return (
    <Button
      variant="secondary"
      size={size}
      disabled={send.isPending}
      onClick={() =>
        send.mutate(
          { email, returnTo },
          {
            onSuccess: () => toast.success(`We sent a new link to ${email}.`),
            onError: (error) => toast.error(error.message),
          },
        )
      }
    >
      {send.isPending ? 'Sending…' : 'Send the link again'}
    </Button>
  );
}
