import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './accounts.ts';
import { shopOrigin, signInAsAdminViaApi, signUpViaApi } from './auth.ts';
import { createProductViaApi, placeOrderViaApi } from './shop-data.ts';

/** Where a payload would send what it stole. The browser routes it to the test, which records every request. */
export const ATTACKER_ORIGIN = 'http://attacker.xss.test';
/** Where the shop's hostile pictures live: the browser routes it to the test, which answers a small image. */
const PICTURE_ORIGIN = 'http://pictures.xss.test';
const PICTURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="teal"/></svg>';

/** What a payload does when it runs; each step leaves a trace that expectNoScriptRan looks for. */
const CONSOLE_MARKER = 'xss-ran';
const RUN = `window.__xss=1;console.log(/${CONSOLE_MARKER}/.source);alert(1)`;

/**
 * Classic stored-script vectors, each at most 100 characters (a profile's or an order's name). None holds a
 * comma: the product form shows lists comma separated.
 */
export const SCRIPT_PAYLOADS = [
  // Its start ends a script element, such as the JSON-LD the server writes into a page's head, if not escaped.
  `</script><script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<svg onload="${RUN}">`,
  `"><script>${RUN}</script>`,
  `'><img src=x onerror=${RUN}>`,
  `</title><script>${RUN}</script>`,
  `{{constructor.constructor("${RUN}")()}}`,
  `javascript:${RUN}`,
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<img src="${ATTACKER_ORIGIN}/stolen.png">`,
] as const;

/** Vectors that fit a colour or a category (at most 50 characters; categories are lowercased). */
const SHORT_PAYLOADS = [
  '<svg onload=alert(1)>',
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  'javascript:alert(1)',
] as const;

/** A colour that would fetch the attacker's URL if it reached a style attribute as text. */
const CSS_PAYLOAD = `red;background:url(${ATTACKER_ORIGIN}/css)`;

/** Script URLs that picture fields must refuse. */
export const SCRIPT_URLS = [
  `javascript:${RUN}`,
  `data:text/html,<script>${RUN}</script>`,
  `data:image/svg+xml,<svg onload="${RUN}"/>`,
] as const;

/** An http URL the server accepts as a picture, carrying `payload` in its query string. */
export function pictureUrl(payload: string): string {
  return `${PICTURE_ORIGIN}/picture.svg?${payload}`;
}

export type Role = 'guest' | 'buyer' | 'seller' | 'admin';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Person {
  email: string;
  /** The public handle the shop gave: how sellers see their customers. */
  handle: string;
  name: string;
  address: string;
  picture: string;
}

/** A shop filled with script payloads: every text field of products, a profile and orders. */
export interface HostileShop {
  /** Starts every product and category name of this shop, so that searches find them. */
  tag: string;
  products: Product[];
  /** The categories of `products`, each a payload. */
  categories: string[];
  orders: Order[];
  /** The buyer's reviews of the first products, delivered to them, each with the seller's reply. */
  reviews: { productId: string; text: string; reply: string }[];
  buyer: Person;
  seller: Person;
  sessions: Record<Exclude<Role, 'guest'>, StorageState>;
}

function hostileProductFields(tag: string, payload: string, index: number) {
  const short = SHORT_PAYLOADS[index % SHORT_PAYLOADS.length] ?? SHORT_PAYLOADS[0];
  return {
    name: `${tag} ${index + 1} ${payload}`,
    price: 20,
    discount: 10,
    description: `${payload} ${short}`,
    brand: payload,
    features: [payload, short],
    colors: [short, CSS_PAYLOAD],
    categories: [`${tag} ${short}`],
    flash_sale: true,
    shipping_details: { estimated_delivery: payload },
    mainImage: pictureUrl(payload),
    images: [pictureUrl(short)],
  };
}

/** Signs up `name` in a browser of its own and gives them a hostile profile; the page is signed in as them. */
async function hostilePerson(
  browser: Browser,
  label: string,
  name: string,
  address: string,
  picture: string,
): Promise<{ person: Person; page: Page; context: BrowserContext }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email, handle } = await signUpViaApi(page, { name, email: uniqueEmail(label) });
  const saved = await page.request.patch(`/api/users/${encodeURIComponent(email)}`, {
    data: { name, address, img: picture },
    headers: { origin: shopOrigin() },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { person: { email, handle, name, address, picture }, page, context };
}

/**
 * The seller ships and delivers each order on their Sales route; the buyer reviews its product with a payload and
 * the seller replies with another.
 */
async function reviewDelivered(seller: Page, buyer: Page, orders: Order[]) {
  const headers = { origin: shopOrigin() };
  const reviews: HostileShop['reviews'] = [];
  for (const [index, order] of orders.entries()) {
    const productId = order.products[0]?._id;
    if (!productId) throw new Error('an order of one product');
    for (const status of ['shipped', 'delivered']) {
      const moved = await seller.request.patch(`/api/sales/${order._id}/status`, {
        data: { status },
        headers,
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const text = SCRIPT_PAYLOADS[(index + 4) % SCRIPT_PAYLOADS.length] ?? SCRIPT_PAYLOADS[0];
    const reply = SCRIPT_PAYLOADS[(index + 7) % SCRIPT_PAYLOADS.length] ?? SCRIPT_PAYLOADS[0];
    const review = await buyer.request.post(`/api/products/${productId}/reviews`, {
      data: { rating: 4, text },
      headers,
    });
    expect(review.status(), await review.text()).toBe(201);
    const { _id: reviewId } = (await review.json()) as { _id: string };
    const replied = await seller.request.post(`/api/products/${productId}/reviews/${reviewId}/reply`, {
      data: { text: reply },
      headers,
    });
    expect(replied.status(), await replied.text()).toBe(201);
    reviews.push({ productId, text, reply });
  }
  return reviews;
}

/**
 * Fills the shop through the API: a seller adds one product per payload (every text field hostile), a buyer
 * with a hostile profile orders each of them with hostile contact details, and keeps them all in the cart.
 */
export async function seedHostileShop(browser: Browser): Promise<HostileShop> {
  const tag = `x${Date.now().toString(36).slice(-6)}`;
  const seller = await hostilePerson(
    browser,
    'xss-seller',
    SCRIPT_PAYLOADS[2],
    `${SCRIPT_PAYLOADS[8]} ${SCRIPT_PAYLOADS[9]}`,
    pictureUrl(SCRIPT_PAYLOADS[1]),
  );
  const products: Product[] = [];
  for (const [index, payload] of SCRIPT_PAYLOADS.entries()) {
    products.push(await createProductViaApi(seller.page.request, hostileProductFields(tag, payload, index)));
  }

  const buyer = await hostilePerson(
    browser,
    'xss-buyer',
    SCRIPT_PAYLOADS[1],
    `${SCRIPT_PAYLOADS[5]} ${SCRIPT_PAYLOADS[0]}`,
    pictureUrl(SCRIPT_PAYLOADS[3]),
  );
  const orders: Order[] = [];
  for (const [index, payload] of SCRIPT_PAYLOADS.entries()) {
    const product = products[index];
    if (!product) throw new Error('a product per payload');
    orders.push(
      await placeOrderViaApi(buyer.page.request, [{ productId: product._id, quantity: 1 }], {
        name: payload,
        email: buyer.person.email,
        address: `${index + 1} Market Street ${payload}`,
      }),
    );
  }
  const reviews = await reviewDelivered(seller.page, buyer.page, orders.slice(0, 3));
  // The cart and checkout keep their lines in localStorage, which the buyer's saved session carries.
  await buyer.page.goto('/about');
  const lines = products.map((product) => ({ productId: product._id, quantity: 1 }));
  await buyer.page.evaluate((buyItems) => {
    localStorage.setItem(
      'bazaar-cart',
      JSON.stringify(Object.fromEntries(buyItems.map((l) => [l.productId, 1]))),
    );
    localStorage.setItem('bazaar-buy-items', JSON.stringify(buyItems));
  }, lines);

  const adminContext = await browser.newContext();
  await signInAsAdminViaApi(await adminContext.newPage());

  const sessions = {
    seller: await seller.context.storageState(),
    buyer: await buyer.context.storageState(),
    admin: await adminContext.storageState(),
  };
  await Promise.all([seller.context.close(), buyer.context.close(), adminContext.close()]);
  return {
    tag,
    products,
    categories: [...new Set(products.flatMap((product) => product.categories))],
    orders,
    reviews,
    buyer: buyer.person,
    seller: seller.person,
    sessions,
  };
}

/** What a script leaves behind when it runs, collected while a page is open. */
export interface ScriptTraces {
  dialogs: string[];
  consoleMarkers: string[];
  attackerRequests: string[];
}

/**
 * Opens a page as `role` and watches it for scripts: dialogs (dismissed and recorded), the payloads' console
 * marker, requests to the attacker's host, and Content-Security-Policy violations (in the page, for
 * expectNoScriptRan). `bypassCSP` turns the shop's policy off, to show that the pages escape payloads without it.
 */
export async function openWatchedPage(
  browser: Browser,
  shop: HostileShop,
  role: Role,
  bypassCSP: boolean,
): Promise<{ page: Page; traces: ScriptTraces }> {
  const context = await browser.newContext({
    bypassCSP,
    ...(role === 'guest' ? {} : { storageState: shop.sessions[role] }),
  });
  const page = await context.newPage();
  const traces: ScriptTraces = { dialogs: [], consoleMarkers: [], attackerRequests: [] };
  page.on('dialog', (dialog) => {
    traces.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text() === CONSOLE_MARKER) traces.consoleMarkers.push(message.text());
  });
  await context.route(`${ATTACKER_ORIGIN}/**`, (route) => {
    traces.attackerRequests.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  await context.route(`${PICTURE_ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: PICTURE_SVG }),
  );
  await context.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __cspViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.effectiveDirective} blocked ${event.blockedURI}`),
    );
  });
  return { page, traces };
}

/** Elements a payload would have added had a page rendered it as HTML. */
const INJECTED =
  'body script, iframe, object, embed, [onerror], [onload], [onclick], [onfocus], a[href^="javascript:" i], [src^="javascript:" i], [style*="url(" i]';

/**
 * Nothing a payload carries ran or was added on the page as it is now: no `window.__xss`, no element a payload
 * holds, no dialog, no console marker, no request to the attacker, and nothing the Content-Security-Policy had
 * to block (a block would mean something tried).
 */
export async function expectNoScriptRan(page: Page, traces: ScriptTraces): Promise<void> {
  const inPage = await page.evaluate((injected) => {
    const marked = window as { __xss?: unknown; __cspViolations?: string[] };
    return {
      xss: marked.__xss ?? null,
      injected: Array.from(document.querySelectorAll(injected), (element) => element.outerHTML.slice(0, 160)),
      cspViolations: marked.__cspViolations ?? [],
    };
  }, INJECTED);
  expect({ ...inPage, ...traces }).toEqual({
    xss: null,
    injected: [],
    cspViolations: [],
    dialogs: [],
    consoleMarkers: [],
    attackerRequests: [],
  });
}

/** Every one of `texts` shows inside `scope` as text (were it parsed as HTML, its characters would not show). */
export async function expectShownAsText(scope: Page | Locator, texts: readonly string[]): Promise<void> {
  for (const text of texts) await expect(scope.getByText(text).first(), text).toBeVisible();
}
