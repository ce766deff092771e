import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { createAuth } from '../modules/auth/auth.ts';
import { createRateLimiter } from '../lib/rate-limiter.ts';
import { orderBody, placeOrder } from '../test/order-fixtures.ts';
import { asBearer, signUp, signUpAdmin, type TestAccount } from '../test/accounts.ts';
import { useTestApp } from '../test/test-app.ts';
import { fakeWebBuild } from '../test/web-build.ts';

/** Anything shaped like an e-mail address, wherever it shows up in an answer. */
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

type Caller = 'anonymous' | 'stranger' | 'seller' | 'buyer' | 'admin';

// With the web app, whose pages the server describes in their heads.
const testApp = useTestApp({}, { webDist: fakeWebBuild({ assets: false }) });
let accounts: Record<Exclude<Caller, 'anonymous'>, TestAccount>;
/** The e-mail the buyer typed at checkout: theirs to see, nobody else's. */
const BUYER_CONTACT = 'bo.contact.private@leak.test';
let product: Product;
let order: Order;

/** Every GET route the app registered, as declared (`/api/products/:id`, `/api/auth/*`). */
const getRoutes = () => testApp.routes.flatMap((route) => (route.startsWith('GET ') ? [route.slice(4)] : []));

beforeAll(async () => {
  accounts = {
    seller: await signUp(testApp.app, 'sasha.seller.private@leak.test', 'Sasha Seller'),
    buyer: await signUp(testApp.app, 'bo.buyer.private@leak.test', 'Bo Buyer'),
    stranger: await signUp(testApp.app, 'sam.stranger.private@leak.test', 'Sam Stranger'),
    admin: await signUpAdmin(testApp),
  };
  const maker = await signUp(testApp.app, 'milo.maker.private@leak.test', 'Milo Maker');
  const create = async (seller: TestAccount, name: string) => {
    const payload = { name, price: 12.5 };
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: asBearer(seller),
      payload,
    });
    return response.json<Product>();
  };
  product = await create(accounts.seller, 'Leak-proof Lamp');
  const makersProduct = await create(maker, 'Leak-proof Mug');
  // The buyer buys from both sellers; the seller buys from the maker, so the seller is someone's customer too.
  const bought = await placeOrder(testApp.app, accounts.buyer, {
    ...orderBody([product._id, makersProduct._id]),
    email: BUYER_CONTACT,
  });
  order = bought.json<Order>();
  // Delivered, so that the buyer reviews the lamp: reviews show their author by name only.
  for (const status of ['shipped', 'delivered']) {
    await testApp.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}/status`,
      headers: asBearer(accounts.admin),
      payload: { status },
    });
  }
  const reviewed = await testApp.app.inject({
    method: 'POST',
    url: `/api/products/${product._id}/reviews`,
    headers: asBearer(accounts.buyer),
    payload: { rating: 5, text: 'Bright, and no leaks.' },
  });
  if (reviewed.statusCode !== 201) throw new Error(`review failed: ${reviewed.body}`);
  await placeOrder(testApp.app, accounts.seller, {
    ...orderBody([makersProduct._id]),
    email: accounts.seller.email,
  });
});

/** Better Auth's GET endpoints behind `/api/auth/*`, from a Better Auth configured as the test app's. */
function authGetPaths(): string[] {
  const auth = createAuth(testApp.database.db, {
    publicUrl: testApp.env.PUBLIC_URL,
    secret: 'a secret only for listing the endpoints',
    limiter: createRateLimiter(testApp.database.db, { max: 1, windowSeconds: 1 }),
    accountMailsPerHour: 1,
    log: testApp.app.log,
    requireEmailVerification: testApp.env.REQUIRE_EMAIL_VERIFICATION,
  });
  return Object.values(auth.api).flatMap((endpoint: { path?: string; options?: { method?: unknown } }) =>
    endpoint.path && [endpoint.options?.method].flat().includes('GET') ? [`/api/auth${endpoint.path}`] : [],
  );
}

/** What each path parameter is filled with: the records made above, and everybody's e-mail. */
function parameterValues(): Record<string, string[]> {
  return {
    id: [product._id, order._id],
    number: [order.number],
    handle: Object.values(accounts).map((account) => account.handle),
    email: [...Object.values(accounts).map((account) => account.email), 'milo.maker.private@leak.test'],
    token: ['made-up-token'],
    slug: ['leak-proof-lamp'],
    variant: ['1'],
    index: ['1'],
    width: ['320'],
    name: ['Lamps'],
    file: ['pages-1.xml', 'categories-1.xml', 'sellers-1.xml', 'products-1.xml'],
  };
}

/** Every URL a route stands for, one per combination of parameter values; a wildcard route's known paths. */
function urlsOf(route: string, values: Record<string, string[]>): string[] {
  if (route === '/api/auth/*') return authGetPaths().flatMap((path) => urlsOf(path, values));
  const parameter = /:([A-Za-z]+)/.exec(route);
  if (!parameter) return [route.replace(/\*$/, '')];
  const [placeholder = '', name = ''] = parameter;
  const candidates = values[name];
  if (!candidates) throw new Error(`No values for :${name} of ${route}: add some to parameterValues()`);
  return candidates.flatMap((value) => urlsOf(route.replace(placeholder, encodeURIComponent(value)), values));
}

/** Filters whose answers a plain list does not show. */
const extraUrls = () => [
  '/api/sales?customer=bo-buyer',
  '/api/products?sort=random',
  '/api/products?q=Leak',
  '/api/products?seller=sasha-seller',
  `/product/${product._id}`,
  '/seller/sasha-seller',
  '/search/lamps',
  '/search?q=Leak',
];

async function answersTo(caller: Caller) {
  const headers = caller === 'anonymous' ? {} : asBearer(accounts[caller]);
  const urls = [
    ...new Set([...getRoutes().flatMap((route) => urlsOf(route, parameterValues())), ...extraUrls()]),
  ];
  const answers = [];
  for (const url of urls) {
    const response = await testApp.app.inject({ method: 'GET', url, headers });
    answers.push({
      url,
      status: response.statusCode,
      text: `${JSON.stringify(response.headers)}\n${response.body}`,
    });
  }
  return answers;
}

const emailsIn = (text: string) => (text.match(EMAIL) ?? []).map((email) => email.toLowerCase());

describe('no answer shows anybody an e-mail address but their own', () => {
  it('covers every GET route of the app, Better Auth’s included', () => {
    expect(getRoutes()).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/users/:email',
        '/api/sellers/:handle',
        '/api/products/:id/reviews',
        '/api/sales',
        '/api/auth/*',
      ]),
    );
    expect(authGetPaths()).toEqual(
      expect.arrayContaining(['/api/auth/get-session', '/api/auth/list-accounts']),
    );
  });

  it.each<[Caller, () => string[]]>([
    ['anonymous', () => []],
    ['stranger', () => [accounts.stranger.email]],
    ['seller', () => [accounts.seller.email]],
    ['buyer', () => [accounts.buyer.email, BUYER_CONTACT]],
  ])('to %s', async (caller, own) => {
    const answers = await answersTo(caller);
    const leaks = answers.flatMap(({ url, text }) =>
      emailsIn(text)
        .filter((email) => !own().includes(email))
        .map((email) => `${url} shows ${email}`),
    );
    expect(leaks).toEqual([]);
    // The answers held what there was to see, by handle.
    const shown = answers
      .filter(({ status }) => status === 200)
      .map(({ text }) => text)
      .join('\n');
    expect(shown).toContain('sasha-seller');
  });

  it('while a seller sees their customers and sales by handle', async () => {
    const answers = await answersTo('seller');
    const text = (url: string) => answers.find((answer) => answer.url === url)?.text ?? '';
    expect(text('/api/users')).toContain('"handle":"bo-buyer"');
    expect(text('/api/sales?customer=bo-buyer')).toContain('"buyer":{"handle":"bo-buyer","name":"Bo Buyer"}');
  });

  it("while anybody sees a seller's page by handle", async () => {
    const page = (await answersTo('anonymous')).find(({ url }) => url === '/api/sellers/sasha-seller');
    expect(page?.status).toBe(200);
    expect(page?.text).toContain('"handle":"sasha-seller","name":"Sasha Seller"');
  });

  it("while anybody sees a product's reviews by their author's name", async () => {
    const reviews = (await answersTo('anonymous')).find(
      ({ url }) => url === `/api/products/${product._id}/reviews`,
    );
    expect(reviews?.status).toBe(200);
    expect(reviews?.text).toContain('"author":{"name":"Bo Buyer"}');
  });

  it('while an admin, who runs the shop, sees them', async () => {
    const seen = (await answersTo('admin')).flatMap(({ text }) => emailsIn(text));
    expect(seen).toEqual(
      expect.arrayContaining([accounts.buyer.email, BUYER_CONTACT, accounts.seller.email]),
    );
  });
});
