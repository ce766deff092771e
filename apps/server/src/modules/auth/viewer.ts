import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../../errors/app-error.ts';
import type { Auth } from './auth.ts';
import type { SessionLookup } from './session-lookup.ts';

/** Who is calling: the signed-in user of the request's session cookie or bearer token. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The session's token: what an API client sends as `Authorization: Bearer …`. */
  sessionToken: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createViewers(
  auth: Auth,
  lookup: SessionLookup,
  options: { adminEmails: string[]; trustedOrigins: string[] },
) {
  const admins = new Set(options.adminEmails.map((email) => email.toLowerCase()));
  const trusted = new Set(options.trustedOrigins);

  /** An admin is an account of ADMIN_EMAILS whose address is proven: registering it first is not enough. */
  const isAdmin = (user: { email: string; emailVerified: boolean }) =>
    user.emailVerified && admins.has(user.email.toLowerCase());

  /**
   * A cookie rides along with requests that other sites make, a bearer token never does: a write that only a
   * cookie signs must prove with Origin (or Sec-Fetch-Site) that it comes from the shop or an allowed origin.
   */
  function refuseForeignCookieWrite(request: FastifyRequest): void {
    if (request.headers.authorization || SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin ? trusted.has(origin) : request.headers['sec-fetch-site'] === 'same-origin') return;
    throw new AppError(
      'FORBIDDEN',
      origin
        ? `Requests from ${origin} may not act on your account.`
        : 'A signed-in change needs an Origin header from the shop (or a bearer token).',
    );
  }

  /** The session's user and token: read directly (session-lookup.ts), or by Better Auth when it must decide. */
  async function session(request: FastifyRequest) {
    const found = await lookup(request);
    if (found !== 'ask-better-auth') return found;
    const answer = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    return answer && { user: answer.user, token: answer.session.token };
  }

  async function resolve(request: FastifyRequest): Promise<Viewer | null> {
    if (!request.headers.authorization && !request.headers.cookie) return null;
    const found = await session(request);
    if (!found) return null;
    refuseForeignCookieWrite(request);
    return {
      id: found.user.id,
      email: found.user.email,
      name: found.user.name,
      isAdmin: isAdmin(found.user),
      sessionToken: found.token,
    };
  }

  /** The caller; 401 when anonymous, 403 for a cookie-borne write that does not come from the shop. */
  async function required(request: FastifyRequest): Promise<Viewer> {
    const viewer = await resolve(request);
    if (!viewer) throw new AppError('UNAUTHORIZED', 'Sign in to do this.');
    return viewer;
  }

  return { required, optional: resolve, isAdmin };
}
