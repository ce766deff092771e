import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../../http/app-error.ts';
import type { Auth } from './auth.ts';

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

export function createViewers(auth: Auth, options: { adminEmails: string[]; trustedOrigins: string[] }) {
  const admins = new Set(options.adminEmails.map((email) => email.toLowerCase()));
  const trusted = new Set(options.trustedOrigins);
  const resolved = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

  async function resolve(request: FastifyRequest): Promise<Viewer | null> {
    if (!request.headers.authorization && !request.headers.cookie) return null;
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) return null;
    return {
      id: found.user.id,
      email: found.user.email,
      name: found.user.name,
      isAdmin: admins.has(found.user.email.toLowerCase()),
      sessionToken: found.session.token,
    };
  }

  /** The caller, or null when anonymous; looked up once per request. */
  function optional(request: FastifyRequest): Promise<Viewer | null> {
    let viewer = resolved.get(request);
    if (!viewer) {
      viewer = resolve(request);
      resolved.set(request, viewer);
    }
    return viewer;
  }

  /** The caller; 401 when anonymous, 403 for a cookie-borne write from an untrusted page. */
  async function required(request: FastifyRequest): Promise<Viewer> {
    const viewer = await optional(request);
    if (!viewer) throw new AppError('UNAUTHORIZED', 'Sign in to do this.');
    const origin = request.headers.origin;
    // Cookies ride along with requests other sites make; a bearer token never does.
    const byCookie = !request.headers.authorization;
    if (byCookie && !SAFE_METHODS.has(request.method) && origin && !trusted.has(origin)) {
      throw new AppError('FORBIDDEN', `Requests from ${origin} may not act on your account.`);
    }
    return viewer;
  }

  /** An onRequest hook: refuses anonymous callers before their body is even read (401 before any 400). */
  async function signedIn(request: FastifyRequest): Promise<void> {
    await required(request);
  }

  return { optional, required, signedIn, isAdmin: (email: string) => admins.has(email.toLowerCase()) };
}

export type Viewers = ReturnType<typeof createViewers>;
