/**
 * What an entry of the hostile table is, and the requests that entries of several modules are made of. A module's
 * entries live beside its routes, in `<name>.hostile.ts`; `hostile-routes.ts` collects them.
 */
import fc from 'fast-check';
import { OFFSET_MAX, PAGE_SIZE_MAX } from '@bazaar/shared/pagination';
import type { TestAccount } from '../test/accounts.ts';
import {
  BAD_URLS,
  hostileText,
  notEmail,
  notText,
  NUMBER_TEXTS,
  overlongText,
  SQL_PAYLOADS,
  unreadableBody,
  withUnstorableText,
  type HostileRequest,
} from './arbitraries.ts';

/**
 * The records the hostile requests aim at: an owner's product, and the order of it that a second signed-in user,
 * the stranger, placed (nobody buys their own products).
 */
export interface Scene {
  owner: TestAccount;
  stranger: TestAccount;
  productId: string;
  orderId: string;
  /** The order's number, `BZ-…`. */
  orderNumber: string;
}

export type Caller = 'anonymous' | 'owner' | 'stranger';

export interface HostileRoute {
  route: string;
  /** Who calls: anonymous callers of a guarded route are refused (401) before anything is read. */
  callers: Caller[];
  requests(scene: Scene, caller: Caller): fc.Arbitrary<HostileRequest>;
  /**
   * The routes the app registers that these requests exercise, as `METHOD /url` (default: `route` itself); a
   * test holds every registered route to at least one entry.
   */
  covers?: string[];
  /**
   * Tables a refused request may still write, with the reason. Only the sign-in limiter's counters: every
   * attempt at signing in or registering counts, whatever it sends, so that a guesser is slowed down.
   */
  mayWrite?: string[];
  /**
   * How a refusal looks when it is not a 4xx JSON error: a CORS preflight from a foreign origin is answered
   * without granting it anything; a page of the web app naming nothing is its HTML with status 404 (the app shows
   * its error page), or a 4xx JSON error for what no page takes (a NUL in the path).
   */
  refusal?: 'no cors grant' | 'page not found';
}

export type Body = Pick<HostileRequest, 'payload' | 'headers'>;
export type Poisons = Record<string, fc.Arbitrary<unknown>>;

/** Keys no body schema of the shop knows. */
const unknownKey = fc.constantFrom(
  ...SQL_PAYLOADS,
  'isAdmin',
  'admin',
  'priceCents',
  'added_by',
  'seq',
  'emailVerified',
);

/**
 * A body the route must refuse: the valid one with one field poisoned, an unknown key added (strict schemas),
 * an unstorable character in a text, or not readable at all.
 */
export function poisonedBody(
  valid: Record<string, unknown>,
  poisons: Poisons,
  strict = true,
): fc.Arbitrary<Body> {
  const fields = Object.keys(poisons);
  const options: fc.Arbitrary<Body>[] = [
    fc
      .constantFrom(...fields)
      .chain((field) => poisons[field]!.map((value) => ({ payload: { ...valid, [field]: value } }))),
    withUnstorableText(valid).map((payload) => ({ payload })),
    unreadableBody(valid),
    fc
      .constantFrom([], [valid], 'text', 42, null, true)
      .map((value) => ({ payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } })),
  ];
  if (strict) {
    options.push(
      fc.tuple(unknownKey, hostileText).map(([key, value]) => ({ payload: { ...valid, [key]: value } })),
    );
  }
  return fc.oneof(...options);
}

/** A query with one parameter no route takes as given: out of range, of the wrong kind, repeated, or unknown. */
export function poisonedQuery(
  path: string,
  valid: Record<string, string>,
  poisons: Record<string, fc.Arbitrary<string>>,
) {
  const poisoned = fc.oneof(
    ...Object.entries(poisons).map(([key, values]) => values.map((value) => [key, [value]] as const)),
    ...Object.entries(valid).map(([key, value]) => fc.constant([key, [value, value]] as const)),
    fc.tuple(unknownKey, hostileText).map(([key, value]) => [key, [value]] as const),
  );
  return fc.tuple(fc.subarray(Object.entries(valid)), poisoned).map(([kept, [key, values]]) => {
    const params = new URLSearchParams(kept.filter(([name]) => name !== key));
    for (const value of values) params.append(key, value);
    return { method: 'GET', url: `${path}?${params.toString()}` } satisfies HostileRequest;
  });
}

/** Query text that is not a whole number within [min, max]. */
export const notCount = (min: number, max: number) =>
  fc.oneof(
    fc.constantFrom(...NUMBER_TEXTS, ...SQL_PAYLOADS),
    fc.integer({ min: -1_000_000, max: min - 1 }).map(String),
    fc.integer({ min: max + 1 }).map(String),
  );

// An e-mail is no handle either.
export const notHandle = fc
  .oneof(notEmail, fc.constantFrom('ab', 'x'.repeat(41), 'under_score', 'dot.ted', 'someone@bazaar.test'))
  .filter((text) => !text.includes('\ud800') && !text.includes('\udfff'));

export const paging = {
  limit: notCount(1, PAGE_SIZE_MAX),
  offset: notCount(0, OFFSET_MAX),
};
export const validPaging = { limit: '5', offset: '0' };

/** Text a required text field of at most `max` characters refuses. */
export const badRequiredText = (max: number) =>
  fc.oneof(notText, fc.constantFrom('', '   '), overlongText(max));

export const badUrl = fc.oneof(
  fc.constantFrom(...BAD_URLS),
  overlongText(2000).map((text) => `https://img.example/${text}`),
);

const anyMethodButGet = fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE') satisfies fc.Arbitrary<
  HostileRequest['method']
>;

/** A route that only answers GET, sent every other method with a hostile body. */
export const otherMethods = (url: string) =>
  fc
    .tuple(anyMethodButGet, poisonedBody({ anything: 'x' }, { anything: hostileText }))
    .map(([method, body]) => ({ method, url, ...body }) satisfies HostileRequest);

export const json = (method: HostileRequest['method'], url: string) => (body: Body) =>
  ({ method, url, ...body }) satisfies HostileRequest;

/** A list route that takes only paging parameters. */
export const pagedList = (path: string): HostileRoute => ({
  route: `GET ${path}`,
  callers: ['anonymous', 'owner'],
  requests: () => poisonedQuery(path, validPaging, paging),
});

/** The e-mail of the signed-in user other than the caller. */
export const someoneElse = (scene: Scene, caller: Caller) =>
  caller === 'owner' ? scene.stranger.email : scene.owner.email;

/** A route that takes no input: all a client can vary is the method. */
export const noInputRoute = (url: string): HostileRoute => ({
  route: `${url} (not GET)`,
  covers: [`GET ${url}`],
  callers: ['anonymous'],
  requests: () => otherMethods(url),
});
