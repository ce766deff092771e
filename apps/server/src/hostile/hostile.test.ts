import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@bazaar/shared/errors';
import { orderOf } from '../test/order-fixtures.ts';
import { asBearer, asCookie, signUp } from '../test/accounts.ts';
import { insertProducts, productRow } from '../test/product-fixtures.ts';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET } from '../test/stripe-stand-in.ts';
import { useTestApp } from '../test/test-app.ts';
import { fakeWebBuild, pageDataOf } from '../test/web-build.ts';
import { testEngine } from '../test/test-database.ts';
import { forgedCredentials, hostileHeaders, SQL_PAYLOADS, type HostileRequest } from './arbitraries.ts';
import { isWrite } from '../modules/auth/write-limits.ts';
import { tableFingerprinter, WRITE_COUNTERS, type Fingerprint } from '../test/table-fingerprint.ts';
import type { Caller, HostileRoute, Scene } from './hostile-entry.ts';
import { HOSTILE_ROUTES } from './hostile-routes.ts';

/** Cases per route and caller; an anonymous caller of a guarded route is refused before anything is read. */
const RUNS = 100;
const RUNS_ANONYMOUS_GUARDED = 30;
/** Far beyond any answer on a loaded machine: a request still unanswered by then hangs. */
const ANSWER_WITHIN_MS = 30_000;
const SUMMARY_FILE = 'test-results/hostile-cases.json';

// With the web app's index.html, so that its pages are among the routes.
// Cards offered, so that the webhook checks its signatures; Stripe itself is never reached (nothing refused gets there).
const testApp = useTestApp(
  {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_URL: 'http://127.0.0.1:9',
  },
  { webDist: fakeWebBuild({ assets: false }) },
);
let scene: Scene;
let fingerprint: () => Promise<Fingerprint>;
/** The database as the current test found it; every refused request must leave it so. */
let before: Fingerprint;
const casesPerRoute: Record<string, number> = {};

beforeAll(async () => {
  const owner = await signUp(testApp.app, 'hostile-owner@bazaar.test', 'Olive Owner');
  const stranger = await signUp(testApp.app, 'hostile-stranger@bazaar.test', 'Sam Stranger');
  const [product] = await insertProducts(testApp.database.db, [productRow({ sellerId: owner.id })]);
  const order = await orderOf(testApp.app, stranger, [product!.id]);
  scene = { owner, stranger, productId: product!.id, orderId: order._id, orderNumber: order.number };
  fingerprint = await tableFingerprinter(testApp.database.db);
});

beforeEach(async () => {
  before = await fingerprint();
});

afterAll(() => {
  const total = Object.values(casesPerRoute).reduce((sum, cases) => sum + cases, 0);
  const summary = existsSync(SUMMARY_FILE) ? (JSON.parse(readFileSync(SUMMARY_FILE, 'utf8')) as object) : {};
  mkdirSync('test-results', { recursive: true });
  const engineSummary = { total, routes: casesPerRoute, at: new Date().toISOString() };
  writeFileSync(SUMMARY_FILE, `${JSON.stringify({ ...summary, [testEngine]: engineSummary }, null, 2)}\n`);
  console.log(`hostile suite on ${testEngine}: ${total} cases, summary in ${SUMMARY_FILE}`);
});

function count(route: string, cases = 1): void {
  casesPerRoute[route] = (casesPerRoute[route] ?? 0) + cases;
}

async function answerOf(
  request: HostileRequest,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${request.method} ${request.url}`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([
      testApp.app.inject({
        method: request.method,
        url: request.url,
        headers: { ...headers, ...request.headers },
        payload: request.payload,
      }),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const without =
  (tables: string[] = []) =>
  (print: Fingerprint) =>
    Object.fromEntries(Object.entries(print).filter(([table]) => !tables.includes(table)));

/** The answer a client must get to input the server cannot take, and the database it must leave behind. */
async function expectRefused(
  response: LightMyRequestResponse,
  request: HostileRequest,
  { mayWrite, refusal }: Pick<HostileRoute, 'mayWrite' | 'refusal'> = {},
) {
  const what = `${request.method} ${request.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (refusal === 'no cors grant') {
    expect(response.headers['access-control-allow-origin'], what).toBeUndefined();
  } else if (
    refusal === 'page not found' &&
    String(response.headers['content-type']).startsWith('text/html')
  ) {
    expect(response.statusCode, what).toBe(404);
    expect(response.body, what).toContain('<div id="root"></div>');
    expect(response.body, what).toContain('<title>Page not found — Bazaar</title>');
  } else {
    expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, what).toBeLessThan(500);
    expect(response.headers['content-type'], what).toMatch(/^application\/json/);
    expect(ApiErrorSchema.safeParse(response.json()).success, what).toBe(true);
  }
  // Every write attempt counts against its budget (write-limits.ts), whatever it sends.
  const counters = isWrite(request.method) ? WRITE_COUNTERS : [];
  const after = await fingerprint();
  const unchanged = without([...(mayWrite ?? []), ...counters]);
  expect(unchanged(after), `rows changed by ${what}`).toEqual(unchanged(before));
  // The next case of the property is held to the budget this one spent, and to nothing else it changed.
  for (const table of counters) before[table] = after[table] ?? '';
}

/** How a caller proves who it is; an anonymous caller may still send credentials of no one. */
function credentialsOf(caller: Caller, request: HostileRequest, style: 'bearer' | 'cookie') {
  if (caller === 'anonymous') return forgedCredentials;
  const account = caller === 'owner' ? scene.owner : scene.stranger;
  return fc.constant((request.credentials ?? style) === 'cookie' ? asCookie(account) : asBearer(account));
}

function runsFor(route: HostileRoute, caller: Caller): number {
  const guarded = route.callers.includes('owner');
  return caller === 'anonymous' && guarded ? RUNS_ANONYMOUS_GUARDED : RUNS;
}

describe('the hostile table', () => {
  it('has an entry for every route the app registers', () => {
    const covered = new Set(HOSTILE_ROUTES.flatMap((route) => route.covers ?? [route.route]));
    expect(testApp.routes.filter((route) => !covered.has(route))).toEqual([]);
  });
});

describe.each(HOSTILE_ROUTES)('$route', (route) => {
  it.each(route.callers.map((caller) => ({ caller, runs: runsFor(route, caller) })))(
    'refuses $runs hostile requests from the $caller caller and changes nothing',
    async ({ caller, runs }) => {
      const cases = fc
        .tuple(
          route.requests(scene, caller),
          fc.constantFrom('bearer' as const, 'cookie' as const),
          hostileHeaders,
        )
        .chain(([request, style, headers]) =>
          credentialsOf(caller, request, style).map((credentials) => ({
            request,
            headers: { ...headers, ...credentials },
          })),
        );
      await fc.assert(
        fc.asyncProperty(cases, async ({ request, headers }) => {
          count(route.route);
          await expectRefused(await answerOf(request, headers), request, route);
        }),
        { numRuns: runs },
      );
    },
    180_000,
  );
});

describe('oversize bodies', () => {
  const TEN_MB = 10 * 1024 * 1024;
  const body = `{"name":"${'x'.repeat(TEN_MB)}"}`;
  const targets = (): [HostileRequest['method'], string, Caller][] => [
    ['POST', '/api/auth/sign-up/email', 'anonymous'],
    ['POST', '/api/auth/sign-in/email', 'anonymous'],
    ['POST', '/api/auth/sign-out', 'owner'],
    ['POST', '/api/auth/update-user', 'owner'],
    ['POST', '/api/products', 'owner'],
    ['PATCH', `/api/products/${scene.productId}`, 'owner'],
    ['DELETE', `/api/products/${scene.productId}`, 'owner'],
    ['POST', '/api/users', 'owner'],
    ['PATCH', `/api/users/${scene.owner.email}`, 'owner'],
    ['POST', '/api/orders', 'owner'],
    ['PATCH', `/api/orders/${scene.orderId}/status`, 'owner'],
    ['PATCH', `/api/sales/${scene.orderId}/status`, 'owner'],
  ];

  it('of 10 MB are a 413 on every route that reads a body, and change nothing', async () => {
    for (const [method, url, caller] of targets()) {
      const request: HostileRequest = {
        method,
        url,
        payload: body,
        headers: { 'content-type': 'application/json' },
      };
      const credentials = caller === 'owner' ? asBearer(scene.owner) : {};
      const response = await answerOf(request, credentials);
      expect(response.statusCode, `${method} ${url}`).toBe(413);
      expect(response.json(), `${method} ${url}`).toEqual({
        error: 'PAYLOAD_TOO_LARGE',
        message: 'Request body is too large',
      });
      await expectRefused(response, request);
      count('10 MB bodies');
    }
  });
});

describe('SQL in a search', () => {
  it(`is only text: ${RUNS} searches answer 200 and change nothing`, async () => {
    const searches = fc.record({
      parameter: fc.constantFrom('q', 'category'),
      payload: fc.constantFrom(...SQL_PAYLOADS),
      around: fc.string({ maxLength: 10 }).map((text) => text.replace(/[\0\p{Cs}]/gu, '')),
    });
    await fc.assert(
      fc.asyncProperty(searches, async ({ parameter, payload, around }) => {
        count('GET /api/products (SQL in q and category)');
        const url = `/api/products?${new URLSearchParams({ [parameter]: `${around}${payload}` }).toString()}`;
        const response = await answerOf({ method: 'GET', url }, {});
        expect(response.statusCode, `${url} → ${response.body.slice(0, 300)}`).toBe(200);
        expect(response.json()).toEqual([]);
        expect(await fingerprint()).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the search and seller pages, which read their query', () => {
  it(`answer ${RUNS} pages of any words and choices to every caller, with data that reads back, and change nothing`, async () => {
    const text = fc.string({ maxLength: 300 }).map((value) => value.replace(/[\0\p{Cs}]/gu, ''));
    const requests = fc.record({
      caller: fc.constantFrom<Caller>('anonymous', 'owner', 'stranger'),
      page: fc.constantFrom('/search', '/seller/olive-owner'),
      query: fc.array(
        fc.tuple(
          fc.constantFrom('q', 'brand', 'sort', 'price_min', 'utm_source'),
          fc.oneof(text, fc.constantFrom(...SQL_PAYLOADS)),
        ),
        { maxLength: 3 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(requests, async ({ caller, page, query }) => {
        count(`GET ${page === '/search' ? '/search' : '/seller/*'} (any query)`);
        const url = `${page}?${new URLSearchParams(query).toString()}`;
        const account = caller === 'anonymous' ? undefined : scene[caller];
        const response = await answerOf({ method: 'GET', url }, account ? asCookie(account) : {});
        expect(response.statusCode, `${url} → ${response.body.slice(0, 300)}`).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        const data = pageDataOf(response.body);
        if (page === '/search' && data?.products?.filter.q !== undefined) {
          // Only words alone bring the page's first results, read as the search box and the API read them: trimmed.
          const words = query.map(([name, value]) => [name, value.trim()]);
          expect(words, url).toEqual([['q', data.products.filter.q]]);
        }
        expect(await fingerprint()).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('GET /api/auth/get-session', () => {
  it(`answers "no session" to ${RUNS} requests with made-up credentials, and changes nothing`, async () => {
    const requests = fc.record({
      credentials: forgedCredentials,
      headers: hostileHeaders,
      query: fc.dictionary(
        fc.constantFrom('disableCookieCache', 'disableRefresh', ...SQL_PAYLOADS),
        fc.constantFrom(...SQL_PAYLOADS, 'true'),
      ),
    });
    await fc.assert(
      fc.asyncProperty(requests, async ({ credentials, headers, query }) => {
        count('GET /api/auth/get-session (made-up credentials)');
        const url = `/api/auth/get-session?${new URLSearchParams(query).toString()}`;
        const response = await answerOf({ method: 'GET', url }, { ...headers, ...credentials });
        expect(response.statusCode, `${url} → ${response.body.slice(0, 300)}`).toBe(200);
        expect(response.json()).toBeNull();
        expect(await fingerprint()).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });
});
