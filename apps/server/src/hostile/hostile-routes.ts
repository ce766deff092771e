import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { ORDER_LINES_MAX, ORDER_STATUSES, QUANTITY_MAX } from '@bazaar/shared/orders';
import { OFFSET_MAX, PAGE_SIZE_MAX } from '@bazaar/shared/pagination';
import { PRICE_MAX, STOCK_MAX } from '@bazaar/shared/products';
import { UPLOAD_MAX_BYTES, UPLOAD_WIDTHS } from '@bazaar/shared/uploads';
import { BANNER_COUNT, MAX_PRODUCT_IMAGE_VARIANT, MAX_SLUG_LENGTH } from '../images/image-urls.ts';
import { STATIC_PAGES } from '../modules/seo/seo.service.ts';
import { orderBody } from '../test/order-fixtures.ts';
import { multipart, pngBomb, type Part } from '../test/uploads.ts';
import type { TestAccount } from '../test/accounts.ts';
import {
  asSegment,
  BAD_URLS,
  extremeNumber,
  hostileSegment,
  hostileText,
  notBoolean,
  notEmail,
  notNumber,
  notNumeric,
  NOT_DECIMAL_TEXTS,
  notText,
  notUuid,
  NUMBER_TEXTS,
  overlongText,
  refusedNumbers,
  SCRIPT_PAYLOADS,
  SQL_PAYLOADS,
  unreadableBody,
  unstorableText,
  withUnstorableText,
  type HostileRequest,
} from './arbitraries.ts';

/** The records the hostile requests aim at: an owner's product and order, and a second signed-in user. */
export interface Scene {
  owner: TestAccount;
  stranger: TestAccount;
  productId: string;
  orderId: string;
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

type Body = Pick<HostileRequest, 'payload' | 'headers'>;
type Poisons = Record<string, fc.Arbitrary<unknown>>;

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
function poisonedBody(valid: Record<string, unknown>, poisons: Poisons, strict = true): fc.Arbitrary<Body> {
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
function poisonedQuery(
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
const notCount = (min: number, max: number) =>
  fc.oneof(
    fc.constantFrom(...NUMBER_TEXTS, ...SQL_PAYLOADS),
    fc.integer({ min: -1_000_000, max: min - 1 }).map(String),
    fc.integer({ min: max + 1 }).map(String),
  );

// An e-mail is no handle either.
const notHandle = fc
  .oneof(notEmail, fc.constantFrom('ab', 'x'.repeat(41), 'under_score', 'dot.ted', 'someone@bazaar.test'))
  .filter((text) => !text.includes('\ud800') && !text.includes('\udfff'));

/** The first bytes of a JPEG file, and nothing after them. */
const TINY_JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

/** Files POST /api/uploads refuses: not a picture, of a refused kind, broken, too large, too many pixels. */
const NOT_PICTURES: (string | Buffer)[] = [
  'plain text named photo.jpg',
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  Buffer.from(
    'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
    'latin1',
  ),
  TINY_JPEG_START,
  pngBomb(8000),
  Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0xff),
];

/** A width no upload is stored at, or no width at all. */
const NOT_WIDTH = fc.constantFrom(
  '0',
  '-320',
  '320.0',
  '3.2e2',
  '0x140',
  '0320',
  '1281',
  'large',
  ...SQL_PAYLOADS,
);

/** A multipart body of `parts` for POST /api/uploads. */
function upload(parts: Part[]): HostileRequest {
  const { payload, contentType } = multipart(parts);
  return { method: 'POST', url: '/api/uploads', headers: { 'content-type': contentType }, payload };
}

/** Text that names no order status. */
const notStatus = fc.constantFrom('refunded', 'CANCELLED', 'Shipped', '', ' shipped', ...SQL_PAYLOADS);

const paging = {
  limit: notCount(1, PAGE_SIZE_MAX),
  offset: notCount(0, OFFSET_MAX),
};
const validPaging = { limit: '5', offset: '0' };

/** Search text the server refuses: longer than 100 characters, or holding NUL. */
const refusedSearch = fc.oneof(
  overlongText(100),
  unstorableText.filter((text) => text.includes('\u0000')),
);

/** A product list's filters (and the facets'), each valid. `brand` may repeat, so it is only poisoned. */
const validListFilters = {
  q: 'lamp',
  category: 'lamps',
  flash_sale: 'true',
  seller: 'some-seller',
  price_min: '10',
  price_max: '99.99',
  rating_min: '3.5',
  in_stock: 'true',
};

/** A price bound a list refuses: no decimal number, negative, too high, or finer than a cent. */
const refusedPriceBound = fc.constantFrom(
  ...NOT_DECIMAL_TEXTS,
  '-0.01',
  String(PRICE_MAX + 0.01),
  '0.001',
  '1e3',
  ...SQL_PAYLOADS,
);

const listFilterPoisons = {
  q: refusedSearch,
  category: refusedSearch,
  seller: notHandle,
  brand: overlongText(100),
  flash_sale: fc.constantFrom('1', 'yes', 'TRUE', '', ...SQL_PAYLOADS),
  price_min: refusedPriceBound,
  price_max: refusedPriceBound,
  rating_min: fc.constantFrom(...NOT_DECIMAL_TEXTS, '-0.5', '5.01', '6', ...SQL_PAYLOADS),
  in_stock: fc.constantFrom('false', '1', 'yes', 'TRUE', '', ...SQL_PAYLOADS),
};

/** Text a required text field of at most `max` characters refuses. */
const badRequiredText = (max: number) => fc.oneof(notText, fc.constantFrom('', '   '), overlongText(max));

/** Anything a list of at most `maxItems` texts of `maxLength` refuses. */
const badTextList = (maxItems: number, maxLength: number) =>
  fc.oneof(
    fc.constantFrom(...SQL_PAYLOADS, 42, null, true),
    fc.array(fc.constant('x'), { minLength: maxItems + 1, maxLength: maxItems + 20 }),
    overlongText(maxLength).map((text) => [text]),
    fc.array(fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)), { minLength: 1, maxLength: 3 }),
  );

const badUrl = fc.oneof(
  fc.constantFrom(...BAD_URLS),
  overlongText(2000).map((text) => `https://img.example/${text}`),
);

const PRODUCT = {
  name: 'Hostile lamp',
  price: 12.5,
  description: 'A lamp.',
  discount: 5,
  brand: 'Lumen',
  // Ignored (they come from reviews), as the spec's client sends them.
  ratings: 4,
  reviews_count: 3,
  stock: 4,
  flash_sale: false,
  mainImage: 'https://img.example/lamp.png',
  images: ['https://img.example/lamp-2.png'],
  features: ['bright'],
  colors: ['red'],
  categories: ['lamps'],
  shipping_details: { estimated_delivery: '2 days' },
};

// Numbers may come as decimal text ("12.50"); text that is no number, or a number out of range, is refused.
const refusedPrice = fc.oneof(
  notNumeric,
  refusedNumbers(-0.01, -1, PRICE_MAX + 0.01, 1e308, 0.001, 12.345, 2 ** 53),
);

const productPoisons: Poisons = {
  name: badRequiredText(200),
  price: refusedPrice,
  description: fc.oneof(notText, overlongText(5000)),
  discount: fc.oneof(notNumeric, refusedNumbers(-1, 101, 1.5, 1e308)),
  brand: fc.oneof(notText, overlongText(100)),
  // null is taken: it means "not tracked".
  stock: fc.oneof(
    notNumeric.filter((value) => value !== null),
    refusedNumbers(-1, 0.5, 1.5, STOCK_MAX + 1, 2 ** 31, 1e308),
  ),
  flash_sale: notBoolean,
  mainImage: fc.oneof(
    badUrl,
    badUrl.map((url) => ({ url, alt: 'x' })),
    notText,
    fc.constant(''),
  ),
  images: fc.oneof(
    fc.array(badUrl, { minLength: 1, maxLength: 3 }),
    fc.array(fc.constant(PRODUCT.mainImage), { minLength: 11, maxLength: 15 }),
    fc.constantFrom(...BAD_URLS),
  ),
  features: badTextList(20, 200),
  colors: badTextList(20, 50),
  categories: badTextList(10, 50),
  shipping_details: fc.oneof(
    fc.constantFrom(...SQL_PAYLOADS, 42, null, [], { unknown: 1 }),
    overlongText(100).map((text) => ({ estimated_delivery: text })),
  ),
};

const REVIEW = { rating: 5, text: 'Great lamp.' };

const notSlug = hostileSegment.filter((text) => !new RegExp(`^[a-z0-9-]{1,${MAX_SLUG_LENGTH}}$`).test(text));
const notIndex = (max: number) =>
  fc.oneof(
    fc.constantFrom('0', '-1', '1.5', 'NaN', 'Infinity', '1e400', 'abc', "' OR 1=1--", '%00'),
    fc.integer({ min: max + 1 }).map(String),
  );

const anyMethodButGet = fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE') satisfies fc.Arbitrary<
  HostileRequest['method']
>;

/** A route that only answers GET, sent every other method with a hostile body. */
const otherMethods = (url: string) =>
  fc
    .tuple(anyMethodButGet, poisonedBody({ anything: 'x' }, { anything: hostileText }))
    .map(([method, body]) => ({ method, url, ...body }) satisfies HostileRequest);

/**
 * A path segment that no URL of the web app carries: NUL, malformed escapes, more path, nothing, far too long. (Not
 * `..`: a client resolves it, and `/product/..` is the home page.)
 */
const notOneSegment = fc.oneof(
  fc.constantFrom('', '%00', '%', '%FF', '%C3%28', 'a/b', `${'x'.repeat(3000)}/y`),
  fc
    .tuple(hostileSegment, hostileSegment)
    .map(([first, second]) => `${asSegment(first)}/${asSegment(second)}`),
  unstorableText.filter((text) => text.includes('\0')).map(asSegment),
);

/** A query parameter holding NUL, which no text column stores. */
const unstorableQuery = (path: string) =>
  fc
    .tuple(fc.constantFrom('q', 'utm_source', 'sort', '\0'), unstorableText)
    .filter(([key, value]) => `${key}${value}`.includes('\0'))
    .map(([key, value]) => ({
      method: 'GET' as const,
      url: `${path}?${new URLSearchParams({ [key]: value }).toString()}`,
    }));

const isDots = (part: string) => /^(\.|%2e){1,2}$/i.test(part);

/** The web app's page at `prefix` + one segment that names nothing: a 404 page or, for NUL, a 400. */
const pageNamingNothing = (prefix: string, named: fc.Arbitrary<string>) =>
  fc
    .oneof(named.map(asSegment), notOneSegment)
    .filter((segment) => !segment.split('/').some(isDots))
    .map((segment) => ({ method: 'GET' as const, url: `${prefix}${segment}` }) satisfies HostileRequest);

const json = (method: HostileRequest['method'], url: string) => (body: Body) =>
  ({ method, url, ...body }) satisfies HostileRequest;

/** A list route that takes only paging parameters. */
const pagedList = (path: string): HostileRoute => ({
  route: `GET ${path}`,
  callers: ['anonymous', 'owner'],
  requests: () => poisonedQuery(path, validPaging, paging),
});

/** The e-mail of the signed-in user other than the caller. */
const someoneElse = (scene: Scene, caller: Caller) =>
  caller === 'owner' ? scene.stranger.email : scene.owner.email;

const SIGN_IN = { email: 'hostile-owner@bazaar.test', password: 'not the password' };
const SIGN_UP = {
  name: 'Hostile Newcomer',
  email: 'hostile-newcomer@bazaar.test',
  password: 'a good password',
};
const CROSS_SITE = { origin: 'https://evil.example' };

/** A confirmation link's token as Better Auth makes them (HS256, naming `email`), signed with a secret not the shop's. */
function forgedLinkToken(email: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256' })}.${part({ email, exp: Math.floor(Date.now() / 1000) + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', 'not the shop secret').update(unsigned).digest('base64url')}`;
}

/**
 * A sign-in or registration Better Auth must refuse: a poisoned field (Better Auth ignores fields it does not
 * know, so no unknown ones), a callback to another site, or a browser on another site sending it.
 */
function authAttempt(
  url: string,
  valid: Record<string, unknown>,
  poisons: Poisons,
): fc.Arbitrary<HostileRequest> {
  const everyAttempt: Poisons = {
    callbackURL: fc.oneof(fc.constantFrom(...BAD_URLS, 'https://evil.example/'), notText),
    rememberMe: notBoolean,
  };
  return fc.oneof(
    poisonedBody(valid, { ...poisons, ...everyAttempt }, false).map(json('POST', url)),
    fc.constant({ method: 'POST' as const, url, headers: CROSS_SITE, payload: valid }),
  );
}

export const HOSTILE_ROUTES: HostileRoute[] = [
  {
    route: 'POST /api/auth/sign-up/email',
    callers: ['anonymous'],
    mayWrite: ['rate_limits'],
    requests: (scene) =>
      authAttempt('/api/auth/sign-up/email', SIGN_UP, {
        name: badRequiredText(100),
        email: fc.oneof(notText, notEmail, fc.constant(scene.owner.email)),
        password: fc.oneof(notText, fc.string({ maxLength: 7 }), overlongText(128)),
        image: fc.oneof(badUrl, notText),
      }),
  },
  {
    route: 'POST /api/auth/sign-in/email',
    callers: ['anonymous'],
    mayWrite: ['rate_limits'],
    requests: () =>
      authAttempt('/api/auth/sign-in/email', SIGN_IN, {
        email: fc.oneof(notText, notEmail),
        password: fc.oneof(notText, hostileText, fc.string({ maxLength: 200 })),
      }),
  },
  {
    route: 'POST /api/auth/request-password-reset',
    callers: ['anonymous'],
    mayWrite: ['rate_limits'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(
          { email: scene.owner.email, redirectTo: '/reset-password' },
          {
            email: fc.oneof(notText, notEmail),
            redirectTo: fc.oneof(fc.constantFrom(...BAD_URLS, 'https://evil.example/'), notText),
          },
          false,
        ).map(json('POST', '/api/auth/request-password-reset')),
        fc.constant({
          method: 'POST' as const,
          url: '/api/auth/request-password-reset',
          headers: CROSS_SITE,
          payload: { email: scene.owner.email },
        }),
      ),
  },
  {
    route: 'POST /api/auth/reset-password',
    callers: ['anonymous'],
    mayWrite: ['rate_limits'],
    // No request knows a mailed token: each is refused, whatever it sends.
    requests: () =>
      poisonedBody(
        { token: 'a-token-nobody-was-mailed', newPassword: 'a good new password' },
        {
          token: fc.oneof(notText, hostileText),
          newPassword: fc.oneof(notText, fc.string({ maxLength: 7 }), overlongText(128)),
        },
        false,
      ).map(json('POST', '/api/auth/reset-password')),
  },
  {
    route: 'POST /api/auth/send-verification-email',
    callers: ['anonymous', 'owner'],
    mayWrite: ['rate_limits'],
    // The link is always the shop's own (a callbackURL is not used): only the e-mail and the sender matter.
    requests: (scene) =>
      fc.oneof(
        poisonedBody({ email: scene.owner.email }, { email: fc.oneof(notText, notEmail) }, false).map(
          json('POST', '/api/auth/send-verification-email'),
        ),
        fc.constant({
          method: 'POST' as const,
          url: '/api/auth/send-verification-email',
          headers: CROSS_SITE,
          payload: { email: scene.owner.email },
        }),
      ),
  },
  {
    route: 'POST /api/auth/change-password',
    callers: ['anonymous', 'owner'],
    mayWrite: ['rate_limits'],
    // The current password is never the right one here: each request is refused and the password stays.
    requests: () =>
      poisonedBody(
        { currentPassword: 'not the password', newPassword: 'a good new password' },
        {
          currentPassword: fc.oneof(notText, hostileText),
          newPassword: fc.oneof(notText, fc.string({ maxLength: 7 }), overlongText(128)),
          revokeOtherSessions: notBoolean,
        },
        false,
      ).map(json('POST', '/api/auth/change-password')),
  },
  {
    route: 'POST /api/auth/revoke-sessions',
    callers: ['anonymous', 'owner'],
    // A signed-in browser on another site cannot end the account's sessions; nor can anyone unsigned.
    requests: () =>
      fc.oneof(
        unreadableBody({}).map(json('POST', '/api/auth/revoke-sessions')),
        fc.constant({
          method: 'POST' as const,
          url: '/api/auth/revoke-sessions',
          headers: CROSS_SITE,
          credentials: 'cookie' as const,
          payload: {},
        }),
      ),
  },
  {
    route: 'POST /api/auth/update-user',
    callers: ['anonymous', 'owner'],
    requests: () =>
      poisonedBody(
        { name: 'Olive Owner', image: 'https://img.example/me.png' },
        { name: badRequiredText(100), image: fc.oneof(badUrl, notText) },
        false,
      ).map(json('POST', '/api/auth/update-user')),
  },
  {
    route: 'POST /api/auth/sign-out',
    callers: ['anonymous', 'owner'],
    // Any readable body signs out (Better Auth ignores it); only unreadable ones must be refused.
    requests: (_scene, caller) =>
      fc.oneof(
        unreadableBody({ reason: 'bye' }).map(json('POST', '/api/auth/sign-out')),
        withUnstorableText({ reason: 'bye' }).map((payload) => ({
          method: 'POST' as const,
          url: '/api/auth/sign-out',
          payload,
        })),
        ...(caller === 'owner'
          ? [
              fc.constant({
                method: 'POST' as const,
                url: '/api/auth/sign-out',
                headers: CROSS_SITE,
                credentials: 'cookie' as const,
              }),
            ]
          : []),
      ),
  },
  {
    route: 'GET /api/account/confirm-email',
    callers: ['anonymous', 'owner', 'stranger'],
    // No request knows a mailed link: a token signed with another secret names the owner, and is refused too.
    requests: (scene) =>
      poisonedQuery(
        '/api/account/confirm-email',
        { token: forgedLinkToken(scene.owner.email) },
        { token: fc.oneof(hostileText.map(String), fc.constant(forgedLinkToken(scene.owner.email))) },
      ),
  },
  {
    route: 'POST /api/account/confirm-email',
    callers: ['anonymous', 'owner', 'stranger'],
    // Every attempt counts as a sign-in, whatever it sends: a password guessed through a link is one guessed.
    mayWrite: ['rate_limits'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(
          { token: forgedLinkToken(scene.owner.email), password: 'a good password' },
          {
            token: fc.oneof(notText, hostileText, fc.constant('')),
            password: fc.oneof(notText, fc.constant(''), overlongText(128)),
          },
        ).map(json('POST', '/api/account/confirm-email')),
        poisonedBody(
          { token: forgedLinkToken(scene.owner.email), newPassword: 'a good new password' },
          {
            token: fc.oneof(notText, hostileText),
            newPassword: fc.oneof(notText, fc.string({ maxLength: 7 }), overlongText(128)),
          },
        ).map(json('POST', '/api/account/confirm-email')),
        // Neither password, or both.
        fc
          .constant({ token: forgedLinkToken(scene.owner.email) })
          .map((payload) => ({ payload }))
          .map(json('POST', '/api/account/confirm-email')),
        fc
          .constant({ token: forgedLinkToken(scene.owner.email), password: 'a', newPassword: 'a good one' })
          .map((payload) => ({ payload }))
          .map(json('POST', '/api/account/confirm-email')),
        fc.constant({
          method: 'POST' as const,
          url: '/api/account/confirm-email',
          headers: CROSS_SITE,
          payload: { token: forgedLinkToken(scene.owner.email), newPassword: 'a good new password' },
        }),
      ),
  },
  {
    route: '/api/auth/get-session (not GET)',
    callers: ['anonymous', 'owner'],
    requests: () => otherMethods('/api/auth/get-session'),
  },
  {
    route: '/api/auth/* (no such endpoint)',
    covers: ['GET /api/auth/*', 'POST /api/auth/*'],
    callers: ['anonymous'],
    requests: () =>
      fc
        .tuple(
          fc.constantFrom('GET', 'POST') satisfies fc.Arbitrary<HostileRequest['method']>,
          hostileSegment,
        )
        .map(([method, segment]) => ({
          method,
          url: `/api/auth/${asSegment(segment)}`,
          payload: method === 'POST' ? {} : undefined,
        })),
  },
  {
    route: 'GET /api/products',
    callers: ['anonymous'],
    requests: () =>
      poisonedQuery(
        '/api/products',
        { ...validListFilters, sort: 'price_asc', ...validPaging },
        {
          ...listFilterPoisons,
          sort: fc.constantFrom(
            'oldest',
            'price',
            'NEWEST',
            'Relevance',
            '',
            ...SQL_PAYLOADS,
            ...SCRIPT_PAYLOADS,
          ),
          ...paging,
        },
      ),
  },
  {
    route: 'GET /api/products/facets',
    callers: ['anonymous'],
    requests: () =>
      poisonedQuery('/api/products/facets', validListFilters, {
        ...listFilterPoisons,
        // The facets have no order and no page.
        sort: fc.constantFrom('newest', 'relevance'),
        limit: fc.constantFrom('5'),
      }),
  },
  {
    route: 'GET /api/products/:id',
    callers: ['anonymous'],
    requests: () => hostileSegment.map((id) => ({ method: 'GET', url: `/api/products/${asSegment(id)}` })),
  },
  {
    route: 'POST /api/products',
    callers: ['anonymous', 'owner'],
    // Empty text means "not given", which a new product's price may not be.
    requests: () =>
      poisonedBody(PRODUCT, { ...productPoisons, price: fc.oneof(refusedPrice, fc.constant('')) }).map(
        json('POST', '/api/products'),
      ),
  },
  {
    route: 'PATCH /api/products/:id',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(PRODUCT, productPoisons).map(json('PATCH', `/api/products/${scene.productId}`)),
        fc.constantFrom({}, { _id: scene.productId, addedBy: 'someone' }).map((payload) => ({
          method: 'PATCH' as const,
          url: `/api/products/${scene.productId}`,
          payload,
        })),
        hostileSegment.map((id) => ({
          method: 'PATCH' as const,
          url: `/api/products/${asSegment(id)}`,
          payload: PRODUCT,
        })),
      ),
  },
  {
    route: 'DELETE /api/products/:id',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene, caller) =>
      fc.oneof(
        hostileSegment.map((id) => ({ method: 'DELETE' as const, url: `/api/products/${asSegment(id)}` })),
        unreadableBody({ confirm: true }).map(json('DELETE', `/api/products/${scene.productId}`)),
        // Someone else's product: refused whatever comes with it.
        ...(caller === 'stranger'
          ? [fc.constant({ method: 'DELETE' as const, url: `/api/products/${scene.productId}` })]
          : []),
      ),
  },
  {
    route: 'GET /api/products/:id/reviews',
    callers: ['anonymous', 'owner'],
    requests: (scene) =>
      fc.oneof(
        hostileSegment.map((id) => ({
          method: 'GET' as const,
          url: `/api/products/${asSegment(id)}/reviews`,
        })),
        poisonedQuery(`/api/products/${scene.productId}/reviews`, validPaging, paging),
      ),
  },
  {
    route: 'GET /api/products/:id/reviews/eligibility',
    callers: ['anonymous', 'owner'],
    requests: () =>
      hostileSegment.map((id) => ({
        method: 'GET' as const,
        url: `/api/products/${asSegment(id)}/reviews/eligibility`,
      })),
  },
  {
    route: 'POST /api/products/:id/reviews',
    callers: ['anonymous', 'owner', 'stranger'],
    // Neither caller has received the product: a valid review is refused too (403).
    requests: (scene) =>
      fc.oneof(
        poisonedBody(REVIEW, {
          rating: fc.oneof(notNumber, refusedNumbers(0, 6, 4.5, -1, 1e308)),
          text: fc.oneof(notText, overlongText(2000)),
        }).map(json('POST', `/api/products/${scene.productId}/reviews`)),
        fc.constant({
          method: 'POST' as const,
          url: `/api/products/${scene.productId}/reviews`,
          payload: REVIEW,
        }),
        hostileSegment.map((id) => ({
          method: 'POST' as const,
          url: `/api/products/${asSegment(id)}/reviews`,
          payload: REVIEW,
        })),
      ),
  },
  {
    route: 'POST /api/products/:id/reviews/:reviewId/reply',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        fc
          .tuple(fc.uuid(), poisonedBody({ text: 'Thank you!' }, { text: badRequiredText(2000) }))
          .map(([reviewId, body]) =>
            json('POST', `/api/products/${scene.productId}/reviews/${reviewId}/reply`)(body),
          ),
        fc
          .tuple(fc.oneof(hostileSegment, fc.constant(scene.productId)), hostileSegment)
          .map(([id, reviewId]) => ({
            method: 'POST' as const,
            url: `/api/products/${asSegment(id)}/reviews/${asSegment(reviewId)}/reply`,
            payload: { text: 'Thank you!' },
          })),
      ),
  },
  // None of the callers is an admin: even a valid hide, unhide or list is refused (403).
  {
    route: 'POST /api/products/:id/reviews/:reviewId/hide',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        fc
          .tuple(
            fc.uuid(),
            poisonedBody({ reason: 'Bought by the seller' }, { reason: badRequiredText(500) }),
          )
          .map(([reviewId, body]) =>
            json('POST', `/api/products/${scene.productId}/reviews/${reviewId}/hide`)(body),
          ),
        fc
          .tuple(fc.oneof(hostileSegment, fc.constant(scene.productId)), hostileSegment)
          .map(([id, reviewId]) => ({
            method: 'POST' as const,
            url: `/api/products/${asSegment(id)}/reviews/${asSegment(reviewId)}/hide`,
            payload: { reason: 'Bought by the seller' },
          })),
      ),
  },
  {
    route: 'POST /api/products/:id/reviews/:reviewId/unhide',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        fc
          .uuid()
          .chain((reviewId) =>
            unreadableBody({}).map(
              json('POST', `/api/products/${scene.productId}/reviews/${reviewId}/unhide`),
            ),
          ),
        fc
          .tuple(fc.oneof(hostileSegment, fc.constant(scene.productId)), hostileSegment)
          .map(([id, reviewId]) => ({
            method: 'POST' as const,
            url: `/api/products/${asSegment(id)}/reviews/${asSegment(reviewId)}/unhide`,
          })),
      ),
  },
  {
    route: 'GET /api/reviews',
    callers: ['anonymous', 'owner'],
    requests: () =>
      poisonedQuery(
        '/api/reviews',
        { ...validPaging, flagged: 'true' },
        { ...paging, flagged: fc.constantFrom('yes', '1', 'TRUE', '', ...SQL_PAYLOADS) },
      ),
  },
  {
    route: 'GET /api/categories',
    callers: ['anonymous'],
    requests: () =>
      poisonedQuery(
        '/api/categories',
        { sort: 'name', limit: '5' },
        { sort: fc.constantFrom('newest', 'NAME', '', ...SQL_PAYLOADS), limit: notCount(1, 100) },
      ),
  },
  {
    route: 'GET /api/sellers/:handle',
    callers: ['anonymous', 'owner'],
    // Nothing but a handle somebody has names a seller: anything else is a 404.
    requests: () =>
      fc
        .oneof(hostileSegment, notHandle, fc.constant('nobody-has-this'))
        .filter((text) => !['olive-owner', 'sam-stranger'].includes(text.trim().toLowerCase()))
        .map((handle) => ({ method: 'GET', url: `/api/sellers/${asSegment(handle)}` })),
  },
  pagedList('/api/users'),
  {
    route: 'GET /api/users/:email',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene, caller) =>
      fc
        .oneof(hostileSegment, fc.constant(someoneElse(scene, caller)))
        .map((email) => ({ method: 'GET', url: `/api/users/${asSegment(email)}` })),
  },
  {
    route: 'POST /api/users',
    callers: ['anonymous', 'owner'],
    requests: (scene) =>
      poisonedBody(
        { name: 'Olive Owner', email: scene.owner.email },
        {
          name: fc.oneof(notText, overlongText(100)),
          email: fc.oneof(notText, notEmail, fc.constant(scene.stranger.email)),
        },
        false,
      ).map(json('POST', '/api/users')),
  },
  {
    route: 'PATCH /api/users/:email',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(
          {
            name: 'Olive Owner',
            phone: '+44 20 7946 0958',
            address: '1 High Street',
            img: 'https://img.example/me.png',
            shopMails: false,
          },
          {
            name: badRequiredText(100),
            email: fc.oneof(notText, fc.constantFrom(scene.stranger.email, ...SQL_PAYLOADS)),
            phone: fc.oneof(
              notText,
              fc.constantFrom('call me', '<b>1</b>', ...SQL_PAYLOADS),
              overlongText(30),
            ),
            address: fc.oneof(notText, overlongText(500)),
            img: fc.oneof(badUrl, notText),
            shopMails: notBoolean,
          },
        ).map(json('PATCH', `/api/users/${scene.owner.email}`)),
        hostileSegment.map((email) => ({
          method: 'PATCH' as const,
          url: `/api/users/${asSegment(email)}`,
          payload: { name: 'Olive Owner' },
        })),
      ),
  },
  {
    route: 'POST /api/orders',
    callers: ['anonymous', 'owner'],
    requests: (scene) => {
      const valid = orderBody([scene.productId]);
      const line = (fields: object) => [{ productId: scene.productId, quantity: 1, ...fields }];
      return fc.oneof(
        poisonedBody(valid, {
          name: badRequiredText(100),
          email: fc.oneof(notText, notEmail),
          phone: fc.oneof(badRequiredText(30), fc.constantFrom('call me', ...SQL_PAYLOADS)),
          address: badRequiredText(500),
          paymentMethod: fc.oneof(notText, fc.constantFrom('bitcoin', 'BKASH', '', ...SQL_PAYLOADS)),
          products: fc.oneof(
            fc.constantFrom([], 'all of them', 42, null, [null], [SQL_PAYLOADS[0]]),
            notUuid.map((productId) => line({ productId })),
            fc.uuid().map((productId) => line({ productId })),
            fc
              .oneof(notNumber, extremeNumber, fc.constantFrom(0, QUANTITY_MAX + 1))
              .map((quantity) => line({ quantity })),
            fc.constant([...line({}), ...line({})]),
            fc.constant([{ quantity: 1 }]),
            fc
              .array(fc.uuid(), { minLength: ORDER_LINES_MAX + 1, maxLength: ORDER_LINES_MAX + 5 })
              .map((ids) => ids.map((productId) => ({ productId, quantity: 1 }))),
          ),
        }).map(json('POST', '/api/orders')),
        overlongText(200)
          .filter((key) => !/[^\x20-\xff]/.test(key))
          .map((key) => ({
            method: 'POST' as const,
            url: '/api/orders',
            headers: { 'idempotency-key': key },
            payload: valid,
          })),
      );
    },
  },
  pagedList('/api/orders'),
  {
    route: 'GET /api/orders/:email',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene, caller) =>
      fc
        .oneof(notEmail, hostileSegment, fc.constant(someoneElse(scene, caller)))
        .map((email) => ({ method: 'GET', url: `/api/orders/${asSegment(email)}` })),
  },
  {
    route: 'GET /api/sales',
    callers: ['anonymous', 'owner'],
    requests: () =>
      poisonedQuery(
        '/api/sales',
        { customer: 'some-buyer', status: 'shipped', ...validPaging },
        { customer: notHandle, status: notStatus, ...paging },
      ),
  },
  {
    route: 'PATCH /api/sales/:orderId/status',
    callers: ['anonymous', 'owner', 'stranger'],
    // The owner sells the scene's processing order: shipping or cancelling it would be allowed.
    requests: (scene, caller) =>
      fc.oneof(
        poisonedBody(
          { status: 'delivered' },
          { status: fc.oneof(notText, notStatus, fc.constantFrom('processing', 'delivered')) },
        ).map(json('PATCH', `/api/sales/${scene.orderId}/status`)),
        fc.tuple(hostileSegment, fc.constantFrom(...ORDER_STATUSES)).map(([id, status]) => ({
          method: 'PATCH' as const,
          url: `/api/sales/${asSegment(id)}/status`,
          payload: { status },
        })),
        // Someone who sold nothing in the order moves none of it, whatever the move.
        ...(caller === 'owner'
          ? []
          : [
              fc.constantFrom(...ORDER_STATUSES).map((status) => ({
                method: 'PATCH' as const,
                url: `/api/sales/${scene.orderId}/status`,
                payload: { status },
              })),
            ]),
      ),
  },
  {
    route: 'PATCH /api/orders/:id/status',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(
          { status: 'cancelled' },
          {
            status: fc.oneof(notText, notStatus, fc.constantFrom('shipped', 'delivered')),
          },
        ).map(json('PATCH', `/api/orders/${scene.orderId}/status`)),
        fc.tuple(hostileSegment, fc.constant({ status: 'cancelled' })).map(([id, payload]) => ({
          method: 'PATCH' as const,
          url: `/api/orders/${asSegment(id)}/status`,
          payload,
        })),
      ),
  },
  {
    route: 'GET /api/stats/overview',
    callers: ['anonymous', 'owner'],
    requests: () => poisonedQuery('/api/stats/overview', {}, {}),
  },
  // Routes that take no input: all a client can vary is the method.
  ...['/api/config', '/api/health', '/api/openapi.json'].map((url) => ({
    route: `${url} (not GET)`,
    covers: [`GET ${url}`],
    callers: ['anonymous'] satisfies Caller[],
    requests: () => otherMethods(url),
  })),
  {
    route: 'GET /api/docs/* (files outside the docs, other methods)',
    covers: [
      'GET /api/docs',
      'GET /api/docs/json',
      'GET /api/docs/yaml',
      'GET /api/docs/static/index.html',
      'GET /api/docs/static/swagger-initializer.js',
      'GET /api/docs/static/*',
    ],
    callers: ['anonymous'],
    requests: () =>
      fc.oneof(
        fc
          .constantFrom(
            '../../../package.json',
            '%2e%2e/%2e%2e/package.json',
            '..%2f..%2fpackage.json',
            '....//....//etc/passwd',
            '%00index.html',
            'no-such-file.js',
          )
          .map((file) => ({ method: 'GET' as const, url: `/api/docs/static/${file}` })),
        fc.constantFrom('/api/docs', '/api/docs/json', '/api/docs/yaml').chain(otherMethods),
      ),
  },
  {
    route: 'OPTIONS * (preflights from origins not in CORS_ORIGINS)',
    covers: ['OPTIONS *'],
    callers: ['anonymous'],
    refusal: 'no cors grant',
    requests: (scene) =>
      fc
        .record({
          url: fc.constantFrom(
            '/api/products',
            `/api/products/${scene.productId}`,
            '/api/orders',
            '/api/users',
          ),
          origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000.evil.example', ''),
          method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'TRACE'),
        })
        .map(({ url, origin, method }) => ({
          method: 'OPTIONS' as const,
          url,
          headers: { origin, 'access-control-request-method': method },
        })),
  },
  {
    route: 'GET /images/products/:slug/:variant.svg',
    callers: ['anonymous'],
    requests: () =>
      fc
        .oneof(
          notSlug.map((slug) => [asSegment(slug), '1']),
          notIndex(MAX_PRODUCT_IMAGE_VARIANT).map((variant) => ['lamp', variant]),
        )
        .map(([slug, variant]) => ({ method: 'GET', url: `/images/products/${slug}/${variant}.svg` })),
  },
  {
    route: 'GET /images/categories/:slug.svg',
    callers: ['anonymous'],
    requests: () =>
      notSlug.map((slug) => ({ method: 'GET', url: `/images/categories/${asSegment(slug)}.svg` })),
  },
  {
    route: 'GET /images/banners/:index.svg',
    callers: ['anonymous'],
    requests: () =>
      notIndex(BANNER_COUNT).map((index) => ({ method: 'GET', url: `/images/banners/${index}.svg` })),
  },
  {
    route: 'POST /api/uploads',
    callers: ['anonymous', 'owner', 'stranger'],
    // Every refused file counts against the uploader's hourly allowance, whatever it held.
    mayWrite: ['rate_limits'],
    requests: () =>
      fc.oneof(
        fc
          .constantFrom(...NOT_PICTURES)
          .map((content) => upload([{ name: 'file', filename: 'photo.jpg', content }])),
        fc
          .constantFrom<Part[][]>(
            [],
            [{ name: 'picture', filename: 'a.jpg', content: TINY_JPEG_START }],
            [{ name: 'file', content: 'not a file' }],
            [
              { name: 'file', filename: 'a.jpg', content: 'x' },
              { name: 'file', filename: 'b.jpg', content: 'y' },
            ],
          )
          .map(upload),
        hostileText.map((text) => ({
          method: 'POST' as const,
          url: '/api/uploads',
          payload: { file: text },
        })),
        fc
          .constantFrom('multipart/form-data; boundary=x', 'multipart/form-data', 'image/jpeg', 'text/plain')
          .map((type) => ({
            method: 'POST' as const,
            url: '/api/uploads',
            headers: { 'content-type': type },
            payload: TINY_JPEG_START,
          })),
      ),
  },
  {
    route: 'GET /media/:id/:width.webp',
    callers: ['anonymous'],
    requests: () =>
      fc
        .oneof(
          hostileSegment.map((id) => [asSegment(id), String(UPLOAD_WIDTHS[0])]),
          fc
            .tuple(fc.uuid(), fc.oneof(NOT_WIDTH, fc.integer().map(String)))
            .map(([id, width]) => [id, asSegment(width)]),
        )
        .map(([id, width]) => ({ method: 'GET', url: `/media/${id}/${width}.webp` })),
  },
  {
    route: 'GET /product/*',
    callers: ['anonymous', 'owner'],
    refusal: 'page not found',
    requests: (scene) =>
      pageNamingNothing(
        '/product/',
        hostileSegment.filter((id) => id !== scene.productId),
      ),
  },
  {
    route: 'GET /seller/*',
    callers: ['anonymous', 'owner'],
    refusal: 'page not found',
    requests: () =>
      pageNamingNothing(
        '/seller/',
        fc
          .oneof(hostileSegment, notHandle, fc.constant('nobody-has-this'))
          .filter((text) => !['olive-owner', 'sam-stranger'].includes(text.trim().toLowerCase())),
      ),
  },
  {
    // Any one segment is a category route value (a page, listing what its text contains): only more is refused.
    route: 'GET /search/*',
    callers: ['anonymous'],
    refusal: 'page not found',
    requests: () => pageNamingNothing('/search/', fc.constant('a/b')),
  },
  {
    route: 'GET / and the pages that read nothing (other methods, unstorable queries)',
    covers: ['GET /', 'GET /search', ...Object.keys(STATIC_PAGES).map((path) => `GET ${path}`)],
    callers: ['anonymous', 'owner'],
    requests: () =>
      fc
        .constantFrom('/', '/search', ...Object.keys(STATIC_PAGES))
        .chain((path) => fc.oneof(otherMethods(path), unstorableQuery(path))),
  },
  {
    route: 'GET /robots.txt, /sitemap.xml and /index.html (other methods)',
    covers: ['GET /robots.txt', 'GET /sitemap.xml', 'GET /index.html'],
    callers: ['anonymous'],
    requests: () => fc.constantFrom('/robots.txt', '/sitemap.xml', '/index.html').chain(otherMethods),
  },
  {
    route: 'GET /sitemaps/:file',
    callers: ['anonymous'],
    requests: () =>
      fc
        .oneof(
          hostileSegment.map(asSegment),
          fc.constantFrom(
            'products-0.xml',
            'products-2.xml',
            'pages-2.xml',
            'products-1.xml.gz',
            'products-01.xml',
          ),
          fc
            .tuple(fc.constantFrom('products', 'categories', 'sellers', 'pages', 'orders'), fc.integer())
            .filter(([set, number]) => !(number === 1 && set !== 'orders'))
            .map(([set, number]) => `${set}-${number}.xml`),
        )
        .filter((file) => !isDots(file))
        .map((file) => ({ method: 'GET' as const, url: `/sitemaps/${file}` })),
  },
];
