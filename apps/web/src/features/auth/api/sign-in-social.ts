import { useMutation } from '@tanstack/react-query';
import type { PublicConfig } from '@bazaar/shared/auth';
import { sendJson } from '../../../lib/api-client.ts';

export type SocialProvider = NonNullable<PublicConfig['googleProvider']>;

/**
 * Sends the whole page to the identity provider, which brings the user back to `returnTo` signed in, or to
 * the login page with `?error=` when it fails. The cart and buy items are in localStorage and survive the trip.
 */
export function useSocialSignIn() {
  return useMutation({
    mutationFn: async ({ provider, returnTo }: { provider: SocialProvider; returnTo: string }) => {
      const { url } = await sendJson<{ url: string }>('POST', '/api/auth/sign-in/social', {
        provider,
        callbackURL: returnTo,
        errorCallbackURL: '/login',
      });
      window.location.assign(url);
    },
  });
}
