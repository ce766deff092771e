import { useLocation } from 'react-router';

/** What a page asked the user to sign in for; the login and register pages say so. */
export type SignInPurpose = 'checkout' | 'signed-out-everywhere';

/** Where a sign-in started, kept in the router's location state as `from`, and what for, when a page said. */
interface FromState {
  from: { pathname: string; search: string; hash: string };
  purpose?: SignInPurpose;
}

const AUTH_PAGES = new Set(['/login', '/register']);

function fromOf(state: unknown): FromState['from'] | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from as Partial<FromState['from']> | null;
  return typeof from?.pathname === 'string'
    ? { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' }
    : null;
}

function purposeOf(state: unknown): SignInPurpose | undefined {
  if (typeof state !== 'object' || state === null || !('purpose' in state)) return undefined;
  return state.purpose === 'checkout' || state.purpose === 'signed-out-everywhere'
    ? state.purpose
    : undefined;
}

/** Why the user is asked to sign in, when the page they came from said. */
export function useSignInPurpose(): SignInPurpose | undefined {
  return purposeOf(useLocation().state);
}

/** The page to return to after signing in or registering: where the user came from, else the home page. */
export function useReturnPath(): string {
  const from = fromOf(useLocation().state);
  if (!from || AUTH_PAGES.has(from.pathname)) return '/';
  return `${from.pathname}${from.search}${from.hash}`;
}

/**
 * The location state for a link to /login or /register: remembers the current page, or, when already on one of
 * those two, the page that led there and what for.
 */
export function useAuthLinkState(): FromState {
  const location = useLocation();
  const onAuthPage = AUTH_PAGES.has(location.pathname);
  const from = onAuthPage ? fromOf(location.state) : null;
  const purpose = onAuthPage ? purposeOf(location.state) : undefined;
  return {
    from: from ?? { pathname: location.pathname, search: location.search, hash: location.hash },
    ...(purpose && { purpose }),
  };
}

/** `path` when it is a page of the shop itself; "//host" or "/\\host" would be another site to a browser. */
export function shopPathOr(path: string | null, fallback: string): string {
  return path && /^\/(?![/\\])/.test(path) ? path : fallback;
}
