import type { OidcPerson } from '@bazaar/server/testing';

/** A round picture with the person's initial, as a data URL: the browser loads it without any network. */
function picture(initial: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/><text x="32" y="42" font-family="sans-serif" font-size="28" text-anchor="middle" fill="white">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * Who can sign in at the test identity provider standing in for Google (the login name is the key; any
 * password). One person per test, so that tests running at the same time do not share an account.
 */
export const OIDC_PEOPLE = {
  gwen: { email: 'gwen.google@idp.test', name: 'Gwen Google', picture: picture('G', '#7c3aed') },
  olly: { email: 'olly.oidc@idp.test', name: 'Olly Oidc', picture: picture('O', '#db2777') },
  phoebe: { email: 'phoebe.phone@idp.test', name: 'Phoebe Phone', picture: picture('P', '#ea580c') },
  nora: { email: 'nora.nopass@idp.test', name: 'Nora Nopass', picture: picture('N', '#0891b2') },
} satisfies Record<string, OidcPerson>;

export type OidcLogin = keyof typeof OIDC_PEOPLE;
