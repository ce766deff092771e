import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
  type Request,
} from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { shopOrigin, signUpViaApi } from '../support/auth.ts';
import { CONTACT, createProductViaApi } from '../support/shop-data.ts';
import {
  expectNoScriptRan,
  expectShownAsText,
  openWatchedPage,
  pictureUrl,
  SCRIPT_PAYLOADS,
  SCRIPT_URLS,
  seedHostileShop,
  type HostileShop,
  type Role,
} from '../support/stored-scripts.ts';

// Issue 7, item 2: products, profiles and orders full of script payloads, opened on every page that shows
// them. The shop's Content-Security-Policy is the second line; the first is that pages show text as text.

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  );
}

/** The policy scripts fall under: script-src, or default-src when there is none. */
function scriptSources(policy: string): string[] | undefined {
  const directives = directivesOf(policy);
  return directives.get('script-src') ?? directives.get('default-src');
}

test.describe('the Content-Security-Policy', () => {
  /** Every kind of HTML page the server sends: the app's routes, its fallback, and the API's docs. */
  async function htmlPaths(request: APIRequestContext): Promise<string[]> {
    const listed = await request.get('/api/products', { params: { limit: 1 } });
    const [product] = (await listed.json()) as { _id: string }[];
    if (!product) throw new Error('the demo catalog is empty');
    return [
      '/',
      '/index.html',
      `/product/${product._id}`,
      '/cart',
      '/about',
      '/login',
      '/dashboard',
      '/dashboard/orders',
      `/dashboard/edit-products/${product._id}`,
      '/no-such-page/at/all',
      '/api/docs',
      '/api/docs/',
    ];
  }

  test('every HTML page sends one policy that allows no inline script, no eval and no other origin', async ({
    request,
  }) => {
    const policies = new Map<string, string>();
    for (const path of await htmlPaths(request)) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('text/html');
      const policy = response.headers()['content-security-policy'] ?? '';
      policies.set(path, policy);

      const scripts = scriptSources(policy);
      expect(scripts, `${path}: ${policy}`).toEqual(["'self'"]);
      const directives = directivesOf(policy);
      expect(directives.get('script-src-attr'), path).toEqual(["'none'"]);
      expect(directives.get('object-src'), path).toEqual(["'none'"]);
      expect(directives.get('base-uri'), path).toEqual(["'self'"]);
      // A <meta> policy could only narrow the header's; none may name unsafe sources either.
      expect(await response.text(), path).not.toMatch(
        /unsafe-inline|unsafe-eval|http-equiv=["']?content-security/i,
      );
    }
    expect(new Set(policies.values()).size, JSON.stringify(Object.fromEntries(policies))).toBe(1);
  });

  test('the API docs (Swagger UI) work under it: no script is blocked and the routes are listed', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) problems.push(message.text());
    });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Bazaar API/ })).toBeVisible();
    await expect(page.getByText('/api/products', { exact: true }).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});

/** A 400 whose details name `path` (or an item of it, e.g. `images.0`). */
async function expectRefused(response: APIResponse, path: string, what: string): Promise<void> {
  expect(response.status(), what).toBe(400);
  const { details = [] } = (await response.json()) as { details?: { path: string }[] };
  expect(
    details.map((detail) => detail.path.split('.')[0]),
    what,
  ).toContain(path);
}

test.describe('the API refuses', () => {
  /** Sends `url` as the field, signed in as the user `email`. */
  type Attempt = (request: APIRequestContext, email: string, url: string) => Promise<APIResponse>;

  const refusals: { field: string; path: string; send: Attempt }[] = [
    {
      field: 'a product’s main image',
      path: 'mainImage',
      send: (request, _email, url) =>
        request.post('/api/products', {
          data: { name: 'X', price: 1, mainImage: url },
          headers: { origin: shopOrigin() },
        }),
    },
    {
      field: 'a product’s other images',
      path: 'images',
      send: (request, _email, url) =>
        request.post('/api/products', {
          data: { name: 'X', price: 1, images: [url] },
          headers: { origin: shopOrigin() },
        }),
    },
    {
      field: 'a profile picture',
      path: 'img',
      send: (request, email, url) =>
        request.patch(`/api/users/${encodeURIComponent(email)}`, {
          data: { img: url },
          headers: { origin: shopOrigin() },
        }),
    },
    {
      field: 'the picture sent at registration',
      path: 'image',
      send: (request, _email, url) =>
        request.post('/api/auth/sign-up/email', {
          data: {
            name: 'Pic',
            email: uniqueEmail('xss-picture'),
            password: TEST_PASSWORD,
            image: url,
          },
          headers: { origin: shopOrigin() },
        }),
    },
    {
      field: 'the picture of update-user',
      path: 'image',
      send: (request, _email, url) =>
        request.post('/api/auth/update-user', { data: { image: url }, headers: { origin: shopOrigin() } }),
    },
  ];

  test('script URLs in every picture field, naming the field; an http URL carrying a payload is taken', async ({
    page,
  }) => {
    const { email } = await signUpViaApi(page, { email: uniqueEmail('xss-urls') });
    for (const { field, path, send } of refusals) {
      for (const url of SCRIPT_URLS) {
        await expectRefused(await send(page.request, email, url), path, `${field}: ${url}`);
      }
    }
    const product = await createProductViaApi(page.request, { mainImage: pictureUrl(SCRIPT_PAYLOADS[3]) });
    expect(product.mainImage.url).toBe(pictureUrl(SCRIPT_PAYLOADS[3]));
  });

  test('script text in phones and e-mail addresses, naming the field', async ({ page }) => {
    const { email } = await signUpViaApi(page, { email: uniqueEmail('xss-contact') });
    const [product] = (await (await page.request.get('/api/products', { params: { limit: 1 } })).json()) as {
      _id: string;
    }[];
    if (!product) throw new Error('the demo catalog is empty');
    const order = (contact: object) =>
      page.request.post('/api/orders', {
        data: { ...CONTACT, ...contact, products: [{ productId: product._id, quantity: 1 }] },
        headers: { origin: shopOrigin() },
      });
    for (const payload of SCRIPT_PAYLOADS) {
      const attempts = [
        { path: 'phone', response: await order({ phone: payload }) },
        { path: 'email', response: await order({ email: `${payload}@example.com` }) },
        {
          path: 'phone',
          response: await page.request.patch(`/api/users/${encodeURIComponent(email)}`, {
            data: { phone: payload },
            headers: { origin: shopOrigin() },
          }),
        },
      ];
      for (const { path, response } of attempts) await expectRefused(response, path, `${path}: ${payload}`);
    }
  });
});

interface PageVisit {
  page: Page;
  shop: HostileShop;
  /** Checks the page as it is now; for visits that open several pages, before leaving each. */
  expectClean: () => Promise<void>;
}

/** A page that shows stored text: who opens it, and what opening it must show as text. */
interface PageCase {
  name: string;
  as: Role;
  visit: (visit: PageVisit) => Promise<void>;
}

const productNames = (shop: HostileShop) => shop.products.map((product) => product.name);
const orderAddresses = (shop: HostileShop) => shop.orders.map((order) => order.address);
/**
 * Where the seller still has to ship: the first orders were delivered to be reviewed, and a seller sees the
 * delivery contact only of orders with a line of theirs left to ship or deliver.
 */
const addressesToShip = (shop: HostileShop) =>
  shop.orders.slice(shop.reviews.length).map((order) => order.address);

/** A form field by its label. */
const field = (page: Page, form: string, label: string) =>
  page.getByRole('form', { name: form }).getByLabel(label, { exact: true });

/** A page at `path` that lists every hostile product by name. */
const listingOf = (name: string, as: Role, path: string): PageCase => ({
  name,
  as,
  async visit({ page, shop }) {
    await page.goto(path);
    await expectShownAsText(page.getByRole('main'), productNames(shop));
  },
});

/** The orders table: every hostile order's products and address. */
const ordersOf = (whose: string, as: Role): PageCase => ({
  name: `orders (${whose})`,
  as,
  async visit({ page, shop }) {
    await page.goto('/dashboard/orders');
    await expectShownAsText(page.getByRole('table'), [...productNames(shop), ...orderAddresses(shop)]);
  },
});

const PAGES: PageCase[] = [
  {
    name: 'home',
    as: 'guest',
    async visit({ page, shop }) {
      await page.goto('/');
      await expectShownAsText(page.getByRole('region', { name: 'New Product' }), productNames(shop));
      await expectShownAsText(page.getByRole('region', { name: 'Flash Sale' }), productNames(shop).slice(-6));
    },
  },
  {
    name: 'header search results',
    as: 'guest',
    async visit({ page, shop }) {
      await page.goto('/about');
      await page.getByRole('searchbox', { name: 'Search products' }).fill(shop.tag);
      await expectShownAsText(page.getByRole('banner'), productNames(shop));
    },
  },
  {
    name: 'every product page, then the cart they were added to',
    as: 'guest',
    async visit({ page, shop, expectClean }) {
      for (const product of shop.products) {
        await page.goto(`/product/${product._id}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
        await expect(page).toHaveTitle(`${product.name} — Bazaar`);
        await expectShownAsText(page.getByRole('main'), [
          product.description,
          product.brand ?? '',
          product.shipping_details.estimated_delivery ?? '',
          ...product.features,
          ...product.colors,
        ]);
        await expect(page.getByRole('img', { name: product.name }).first()).toHaveAttribute(
          'src',
          product.mainImage.url,
        );
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await expectClean();
      }
      await page.goto('/cart');
      await expectShownAsText(page.getByRole('main'), productNames(shop));
    },
  },
  {
    name: 'reviews and replies on the product page',
    as: 'guest',
    async visit({ page, shop, expectClean }) {
      for (const review of shop.reviews) {
        await page.goto(`/product/${review.productId}`);
        const reviews = page.getByRole('region', { name: 'Reviews' });
        await expectShownAsText(reviews, [review.text, review.reply, shop.buyer.name]);
        await expectClean();
      }
    },
  },
  {
    name: 'the heads the server writes: every product page, the seller’s, a category’s and a search',
    as: 'guest',
    async visit({ page, shop, expectClean }) {
      const headOf = () =>
        page.evaluate(() => ({
          otherScripts: Array.from(document.scripts).filter((script) => script.type !== 'module').length,
          graph: (
            JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as {
              '@graph'?: { name?: string }[];
            }
          )['@graph'],
          ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
          description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        }));
      for (const product of shop.products) {
        await page.goto(`/product/${product._id}`);
        const head = await headOf();
        // The web app's module scripts and one JSON-LD data block, which never runs.
        expect(head.otherScripts).toBe(1);
        expect(head.graph?.[0]?.name).toBe(product.name);
        expect(head.ogTitle).toBe(product.name);
        expect(head.description).toBe(product.description.replace(/\s+/g, ' ').trim());
        await expectClean();
      }
      await page.goto(`/seller/${shop.seller.handle}`);
      expect((await headOf()).ogTitle).toBe(shop.seller.name);
      await expectClean();
      const category = shop.categories[0] ?? '';
      await page.goto(`/search/${encodeURIComponent(category)}`);
      expect((await headOf()).ogTitle).toBe(category);
      await expectClean();
      await page.goto(`/search?q=${encodeURIComponent(SCRIPT_PAYLOADS[0])}`);
      expect((await headOf()).ogTitle).toBe(`“${SCRIPT_PAYLOADS[0]}” — Search`);
    },
  },
  {
    name: 'the first results the server writes into the search and seller pages',
    as: 'guest',
    async visit({ page, shop, expectClean }) {
      for (const path of [`/search?q=${encodeURIComponent(shop.tag)}`, `/seller/${shop.seller.handle}`]) {
        const html = await (await page.request.get(path)).text();
        // The entry script and the data block, nothing else: no payload closed the block and opened a script.
        expect(html.match(/<script/gi), path).toHaveLength(2);
        const block = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
        const data = JSON.parse(block?.[1] ?? '{}') as { products?: { items: { name: string }[] } };
        expect(data.products?.items.map((item) => item.name).sort(), path).toEqual(productNames(shop).sort());

        // The app shows them from the page, as text, without asking the API for them again.
        const asked: string[] = [];
        const noteList = (request: Request) => {
          const url = new URL(request.url());
          if (url.pathname === '/api/products') asked.push(url.search);
        };
        page.on('request', noteList);
        await page.goto(path);
        await expectShownAsText(page.getByRole('main'), productNames(shop));
        expect(await page.locator('#page-data').count(), path).toBe(0);
        expect(asked, path).toEqual([]);
        page.off('request', noteList);
        await expectClean();
      }
    },
  },
  {
    // The category cards come from the shop's own table, not from products: no payload shows here.
    name: 'all categories',
    as: 'guest',
    async visit({ page }) {
      await page.goto('/categories-all');
      await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    },
  },
  {
    name: 'a category’s products',
    as: 'guest',
    async visit({ page, shop }) {
      const category = shop.categories[0] ?? '';
      await page.goto(`/search/${encodeURIComponent(category)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${category} Category Products`);
      const inCategory = shop.products.filter((product) => product.categories.includes(category));
      await expectShownAsText(page.getByRole('main'), productNames({ ...shop, products: inCategory }));
    },
  },
  listingOf('flash sale', 'guest', '/flash-sale'),
  listingOf('new products', 'guest', '/new-product-page'),
  {
    name: 'the seller’s page',
    as: 'guest',
    async visit({ page, shop }) {
      await page.goto(`/seller/${shop.seller.handle}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.seller.name);
      await expect(page).toHaveTitle(`${shop.seller.name} — Bazaar`);
      await expectShownAsText(page.getByRole('main'), productNames(shop));
    },
  },
  {
    name: 'only for you (a random pick)',
    as: 'guest',
    async visit({ page }) {
      await page.goto('/only-for-you');
      await expect(page.getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'the header avatar',
    as: 'buyer',
    async visit({ page, shop }) {
      await page.goto('/');
      const avatar = page.getByRole('banner').getByRole('link', { name: `Profile of ${shop.buyer.name}` });
      await expect(avatar.locator('img')).toHaveAttribute('src', shop.buyer.picture);
    },
  },
  {
    name: 'checkout',
    as: 'buyer',
    async visit({ page, shop }) {
      await page.goto('/dashboard/addorders');
      await expectShownAsText(page.getByRole('main'), productNames(shop));
      await expect(field(page, 'Order details', 'Name')).toHaveValue(shop.buyer.name);
      await expect(field(page, 'Order details', 'Address')).toHaveValue(shop.buyer.address);
    },
  },
  ordersOf('the buyer’s own', 'buyer'),
  ordersOf('every order, for the admin', 'admin'),
  listingOf('the seller’s products', 'seller', '/dashboard/products'),
  {
    name: 'the seller’s sales',
    as: 'seller',
    async visit({ page, shop }) {
      await page.goto('/dashboard/sales');
      await expectShownAsText(page.getByRole('main'), [
        ...productNames(shop),
        ...addressesToShip(shop),
        shop.buyer.name,
      ]);
    },
  },
  {
    name: 'every product’s edit form',
    as: 'seller',
    async visit({ page, shop, expectClean }) {
      for (const product of shop.products) {
        await page.goto(`/dashboard/edit-products/${product._id}`);
        const form = page.getByRole('main');
        const values: [string, string][] = [
          ['Name', product.name],
          ['Description', product.description],
          ['Brand', product.brand ?? ''],
          ['Main image URL', product.mainImage.url],
          ['Features', product.features.join(', ')],
          ['Colors', product.colors.join(', ')],
          ['Categories', product.categories.join(', ')],
          ['Estimated delivery', product.shipping_details.estimated_delivery ?? ''],
        ];
        for (const [label, value] of values) {
          await expect(form.getByLabel(label, { exact: true }), label).toHaveValue(value);
        }
        await expectClean();
      }
    },
  },
  {
    name: 'customers, and a customer’s orders',
    as: 'seller',
    async visit({ page, shop, expectClean }) {
      await page.goto('/dashboard/customers');
      const row = page.getByRole('row').filter({ hasText: `@${shop.buyer.handle}` });
      await expect(row.getByRole('rowheader')).toHaveText(shop.buyer.name);
      // A seller never sees the buyer's profile address, only where to ship their orders.
      await expect(row.getByText(shop.buyer.address)).toHaveCount(0);
      await expect(row.locator('img')).toHaveAttribute('src', shop.buyer.picture);
      await expectClean();

      await row.getByRole('button', { name: `Details of ${shop.buyer.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Orders of ${shop.buyer.name}` });
      await expectShownAsText(dialog, [...productNames(shop), ...addressesToShip(shop)]);
    },
  },
  {
    name: 'the profile and its edit form',
    as: 'buyer',
    async visit({ page, shop, expectClean }) {
      await page.goto('/dashboard/profile');
      await expectShownAsText(page.getByRole('main'), [shop.buyer.name, shop.buyer.address]);
      const picture = page.getByRole('img', { name: `Profile picture of ${shop.buyer.name}` });
      await expect(picture).toHaveAttribute('src', shop.buyer.picture);
      await expectClean();

      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(field(page, 'Edit profile', 'Name')).toHaveValue(shop.buyer.name);
      await expect(field(page, 'Edit profile', 'Address')).toHaveValue(shop.buyer.address);
      await expect(field(page, 'Edit profile', 'Profile Picture URL')).toHaveValue(shop.buyer.picture);
    },
  },
  {
    name: 'overview (the seller’s)',
    as: 'seller',
    async visit({ page, shop }) {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      await expect(page.getByText('Total Products', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: `Profile of ${shop.seller.name}` })).toBeVisible();
    },
  },
  {
    name: 'overview (the shop’s, for the admin)',
    as: 'admin',
    async visit({ page }) {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      await expect(page.getByText('Total Users', { exact: true })).toBeVisible();
    },
  },
];

/** The shop as it ships, and with its policy bypassed: the pages must not need the policy to stay safe. */
const POLICIES = [
  { name: 'with the shop’s CSP', bypassCSP: false },
  { name: 'with the CSP bypassed', bypassCSP: true },
] as const;

test.describe('stored script payloads', () => {
  // One hostile shop for these pages: run them in order in one worker, which fills the shop once.
  test.describe.configure({ mode: 'default' });

  let shop: HostileShop;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    shop = await seedHostileShop(browser);
  });

  // Each page under both policies in turn, soon after the shop was filled: the run's other workers add products
  // meanwhile, which push the hostile ones out of the home page's newest block as time goes by.
  for (const { name, as, visit } of PAGES) {
    for (const policy of POLICIES) {
      test(`run nowhere: ${name} as ${as}, ${policy.name}`, async ({ browser }) => {
        const { page, traces } = await openWatchedPage(browser, shop, as, policy.bypassCSP);
        const expectClean = () => expectNoScriptRan(page, traces);
        await visit({ page, shop, expectClean });
        await expectClean();
        await page.context().close();
      });
    }
  }
});
