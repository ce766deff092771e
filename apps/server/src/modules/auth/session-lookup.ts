import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-call';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { Auth } from './auth.ts';
import type { SessionMemory } from './session-memory.ts';

/** The user of a live session, as the sign-in guard needs it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

function tryDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What the check reads of a request. */
type Caller = Pick<FastifyRequest, 'headers'>;

/** A session as the check reads it from the database (and keeps it, decision 028). */
export interface SessionRow extends SessionUser {
  expiresAt: Date;
}

/** What a request's session cookie or bearer token names: its session and user, no one, or unknown here. */
export type Lookup = { user: SessionUser; token: string } | null | 'ask-better-auth';

// A session token as Better Auth makes them; a bearer token of other characters is left to Better Auth.
const PLAIN_TOKEN = /^[A-Za-z0-9_-]+$/;
// better-call's signature: standard base64 of an HMAC-SHA256, always 44 characters with one '=' of padding.
const SIGNATURE_LENGTH = 44;

/**
 * The session check of every signed-in request without Better Auth's getSession machinery (its endpoint
 * pipeline, WebCrypto and adapter): the token is read as Better Auth's bearer plugin and better-call's signed
 * cookie read it, then one prepared query fetches the session with its user, unless `memory` keeps it: a change to
 * a session or a user in any process empties every process's memory before it is used again, so a session signed
 * out or revoked anywhere is refused at once. A session that has
 * expired or is due for its `updateAge` refresh, and any header this does not read exactly as Better Auth
 * does, is answered 'ask-better-auth': getSession then deletes or extends it as it always has.
 */
export async function createSessionLookup(db: Database, auth: Auth, memory: SessionMemory<SessionRow>) {
  const { secret, authCookies, sessionConfig } = await auth.$context;
  const cookieName = authCookies.sessionToken.name;
  const bySessionToken = db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('viewer_by_session_token');

  /**
   * The token a signed cookie value carries: null when the value is not one better-call would verify, undefined
   * when its signature is not written exactly as the shop writes it (better-call decides those, a tampered one).
   */
  function signedToken(value: string): string | null | undefined {
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const signature = value.slice(dot + 1);
    if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
    const token = value.slice(0, dot);
    const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
  }

  /** The session token the request carries; null for none, undefined when only Better Auth can tell. */
  function tokenOf(request: Caller): string | null | undefined {
    const { authorization, cookie } = request.headers;
    if (authorization) {
      // The bearer plugin reads the token as the session cookie, signing a plain one itself (it hands out
      // signed ones, URL-encoded); what it cannot read, it leaves to the cookie: Better Auth decides those.
      if (authorization.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
      const token = authorization.slice(7).trim();
      if (PLAIN_TOKEN.test(token)) return token;
      const signed = signedToken(token.includes('%') ? tryDecode(token) : token);
      return signed && PLAIN_TOKEN.test(signed) ? signed : undefined;
    }
    const value = cookie ? parseCookies(cookie).get(cookieName) : undefined;
    return value ? signedToken(value) : null;
  }

  return async function lookup(request: Caller): Promise<Lookup> {
    const token = tokenOf(request);
    if (token === undefined) return 'ask-better-auth';
    if (token === null) return null;
    let row: SessionRow | undefined = await memory.recall(token);
    if (!row) {
      const readGeneration = memory.changes.generation;
      [row] = await bySessionToken.execute({ token });
      if (!row) return null;
      memory.keep(token, row, readGeneration);
    }
    const now = Date.now();
    const refreshAt = row.expiresAt.getTime() - (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000;
    if (row.expiresAt.getTime() < now || refreshAt <= now) return 'ask-better-auth';
    return {
      user: { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified },
      token,
    };
  };
}

export type SessionLookup = Awaited<ReturnType<typeof createSessionLookup>>;
