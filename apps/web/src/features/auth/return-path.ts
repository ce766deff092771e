import { useLocation } from 'react-router';

/** Where a sign-in started, kept in the router's location state as `from`. */
interface FromState {
  from: { pathname: string; search: string; hash: string };
}

const AUTH_PAGES = new Set(['/login', '/register']);

function fromOf(state: unknown): FromState['from'] | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from as Partial<FromState['from']> | null;
  return typeof from?.pathname === 'string'
    ? { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' }
    : null;
}

/** The page to return to after signing in or registering: where the user came from, else the home page. */
export function useReturnPath(): string {
  const from = fromOf(useLocation().state);
  if (!from || AUTH_PAGES.has(from.pathname)) return '/';
  return `${from.pathname}${from.search}${from.hash}`;
}

/**
 * The location state for a link to /login or /register: remembers the current page, or, when already on one of
 * those two, the page that led there.
 */
export function useAuthLinkState(): FromState {
  const location = useLocation();
  const from = AUTH_PAGES.has(location.pathname) ? fromOf(location.state) : null;
  return { from: from ?? { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** `path` when it is a page of the shop itself; "//host" or "/\\host" would be another site to a browser. */
export function shopPathOr(path: string | null, fallback: string): string {
  return path && /^\/(?![/\\])/.test(path) ? path : fallback;
}
