import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client.ts';

/** Mails a new link that confirms `email`; following it signs in and goes on to `returnTo`. */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: ({ email, returnTo }: { email: string; returnTo: string }) =>
      sendJson('POST', '/api/auth/send-verification-email', { email, callbackURL: returnTo }),
  });
}
