import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client.ts';

/** Mails the signed-in user a new link that confirms their e-mail. */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: (email: string) => sendJson('POST', '/api/auth/send-verification-email', { email }),
  });
}
