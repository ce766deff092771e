import { createStoredState } from '../../lib/stored-state.ts';

/** The API token the spec keeps in the browser after sign-in; the shop's own pages use the session cookie. */
export const storedToken = createStoredState<string | null>(
  'bazaar-token',
  null,
  (value): value is string | null => value === null || typeof value === 'string',
);
