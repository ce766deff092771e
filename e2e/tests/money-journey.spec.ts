import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { GENEROUS_LIMITS } from '@bazaar/server/testing';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signedInPage, signInAsAdminViaApi } from '../support/auth.ts';
import { ownShopUrl, startMailShop, type MailShop } from '../support/mail-shop.ts';
import { claimViaApi, decideViaApi } from '../support/payments.ts';
import { screenshot } from '../support/screens.ts';
import { createProductViaApi, ORDER_PAGE_URL, placeOrderViaApi } from '../support/shop-data.ts';

// The money of an order from placement to delivery or refund, through every person's pages, against a shop of
// its own: it mails over SMTP (each step's mail is read as it arrived) and ends unpaid orders after 36 seconds.
test.describe.configure({ mode: 'default' });
const SHOP_URL = ownShopUrl(2);
test.use({ baseURL: SHOP_URL });

const BKASH_NUMBER = '01711-000000';
const WINDOW_SECONDS = 36;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let shop: MailShop;
let admin: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  shop = await startMailShop({
    url: SHOP_URL,
    env: {
      ...GENEROUS_LIMITS,
      // Mail is delivered, but accounts need not confirm their address to buy here.
      REQUIRE_EMAIL_VERIFICATION: 'false',
      BKASH_NUMBER,
      PAYMENT_WINDOW_HOURS: String(WINDOW_SECONDS / 3600),
      PAYMENT_EXPIRY_INTERVAL_SECONDS: '1',
      // The buyer is mailed a shipment at once: taking one back is not what this journey follows.
      SHIPPING_GRACE_SECONDS: '0',
    },
  });
  admin = await (await browser.newContext({ baseURL: SHOP_URL, viewport: DESKTOP })).newPage();
  await signInAsAdminViaApi(admin);
});
test.afterAll(async () => shop?.stop());

/** The newest mail to `to` whose subject starts with `subject`, waiting for it to arrive: its body. */
async function mailed(to: string, subject: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      () => {
        body = shop.smtp.to(to).findLast((mail) => mail.subject.startsWith(subject))?.body ?? '';
        return body;
      },
      { timeout: 20_000, message: `a mail to ${to}: ${subject}` },
    )
    .not.toBe('');
  return body;
}

/** The e-mail of the account `page` is signed in as. */
async function emailOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/get-session');
  return ((await response.json()) as { user: { email: string } }).user.email;
}

/** A seller signed in on a page of their own, with a $20.00 product. */
async function seller(browser: Browser, name: string, viewport: typeof DESKTOP, stock = 50) {
  const page = await signedInPage(browser, name, { baseURL: SHOP_URL, viewport });
  const email = await emailOf(page);
  const product = await createProductViaApi(page.request, {
    name: `${name.split(' ')[1]} ${Date.now().toString(36)}`,
    price: 20,
    discount: 0,
    stock,
  });
  return { page, email, product };
}

const paymentBox = (page: Page) => page.getByRole('region', { name: 'Payment' });
const figure = (page: Page, term: string): Locator =>
  paymentBox(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
const part = (page: Page, sellerName: string) => page.getByRole('region', { name: `From ${sellerName}` });

/** Buys `products` one of each through the cart and checkout, paying by `method`: the order's number. */
async function checkout(page: Page, products: Product[], method: 'bKash' | 'Cash on delivery') {
  for (const product of products) {
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
  }
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const details = page.getByRole('form', { name: 'Order details' });
  await details.getByLabel('Phone', { exact: true }).fill('+880 1712 345678');
  await details.getByLabel('Address', { exact: true }).fill('9 Money Lane, Dhaka');
  await details.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** The seller moves their part of the buyer's newest order on their Sales page. */
async function markOnSales(page: Page, buyer: string, move: 'Mark shipped' | 'Mark delivered') {
  await page.goto('/dashboard/sales');
  const sale = page.getByRole('article', { name: `Order of ${buyer}` }).first();
  await sale.getByRole('button', { name: move }).click();
  if (move === 'Mark shipped') await page.getByRole('dialog').getByRole('button', { name: move }).click();
  await expect(sale.getByRole('button', { name: move })).toHaveCount(0);
}

test('a buyer orders from two sellers and pays by bKash; an admin accepts; each seller ships and delivers', async ({
  browser,
}) => {
  test.slow();
  const mia = await seller(browser, 'Mia Mugs', DESKTOP);
  const leo = await seller(browser, 'Leo Lamps', DESKTOP);
  const buyer = await signedInPage(browser, 'Bea Buyer', { baseURL: SHOP_URL, viewport: DESKTOP });
  const buyerEmail = await emailOf(buyer);

  // $20.00 from each seller and $10.00 shipping each: $60.00 to the shop's bKash number.
  const number = await checkout(buyer, [mia.product, leo.product], 'bKash');
  const placedMail = await mailed(buyerEmail, `Your order ${number} is placed`);
  expect(placedMail).toContain(BKASH_NUMBER);
  expect(placedMail).toContain('$60.00');
  await mailed(mia.email, `New sale: order ${number}`);
  await mailed(leo.email, `New sale: order ${number}`);

  const pay = buyer.getByRole('region', { name: 'Pay by bKash' });
  await expect(pay).toContainText(`Send $60.00 by bKash to ${BKASH_NUMBER}`);
  await pay.getByLabel('Your bKash number', { exact: true }).fill('01712-345678');
  await pay.getByLabel('Transaction ID', { exact: true }).fill(`MJ${Date.now().toString(36)}`.toUpperCase());
  await pay.getByRole('button', { name: 'Submit payment' }).click();
  await expect(figure(buyer, 'Status')).toHaveText('Awaiting verification');

  // Neither seller may ship before the shop has the money.
  await mia.page.goto('/dashboard/sales');
  const miasSale = mia.page.getByRole('article', { name: 'Order of Bea Buyer' });
  await expect(miasSale.getByText('Awaiting payment', { exact: true })).toBeVisible();
  await expect(miasSale.getByRole('button', { name: 'Mark shipped' })).toBeDisabled();

  // The admin accepts it on the Payments page; the buyer hears of it.
  await admin.goto('/dashboard/payments');
  const claim = admin
    .getByRole('region', { name: 'To verify' })
    .getByRole('article', { name: number, exact: true });
  await expect(claim).toContainText('$60.00');
  await claim.getByRole('button', { name: 'Accept' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Accept payment' }).click();
  await expect(claim).toHaveCount(0);
  expect(await mailed(buyerEmail, `Your order ${number}: payment received`)).toContain(
    'We received your payment of $60.00.',
  );

  // Each seller ships and delivers their part; the buyer is told at each step.
  for (const { page, name } of [
    { page: mia.page, name: 'Mia Mugs' },
    { page: leo.page, name: 'Leo Lamps' },
  ]) {
    await markOnSales(page, 'Bea Buyer', 'Mark shipped');
    await mailed(buyerEmail, `Your order ${number} from ${name}: shipped`);
    await markOnSales(page, 'Bea Buyer', 'Mark delivered');
    await mailed(buyerEmail, `Your order ${number} from ${name}: delivered`);
  }

  await buyer.reload();
  // The badges say it in capitals, by their style.
  await expect(part(buyer, 'Mia Mugs')).toContainText('delivered');
  await expect(part(buyer, 'Leo Lamps')).toContainText('delivered');
  await expect(figure(buyer, 'Status')).toHaveText('Paid');
  await expect(figure(buyer, 'Paid')).toHaveText('$60.00');
  await expect(figure(buyer, 'Due')).toHaveText('$0.00');
  await screenshot(buyer, 'money-bkash-delivered-desktop');
});

test('a buyer pays cash on delivery: the seller’s delivery records the cash, on a phone', async ({
  browser,
}) => {
  const mia = await seller(browser, 'Mia Mugs', PHONE);
  const buyer = await signedInPage(browser, 'Cal Cash', { baseURL: SHOP_URL, viewport: PHONE });

  const number = await checkout(buyer, [mia.product], 'Cash on delivery');
  await expect(paymentBox(buyer)).toContainText(
    'Paid in cash to the courier when each seller’s part is delivered.',
  );
  await expect(figure(buyer, 'Status')).toHaveText('Unpaid');
  await expect(buyer.getByRole('region', { name: 'Pay by bKash' })).toHaveCount(0);

  // Cash needs no verifying: the seller ships at once, and delivering collects it.
  await mia.page.goto('/dashboard/sales');
  await expect(
    mia.page.getByRole('article', { name: 'Order of Cal Cash' }).getByText('collected at delivery'),
  ).toBeVisible();
  await markOnSales(mia.page, 'Cal Cash', 'Mark shipped');
  await markOnSales(mia.page, 'Cal Cash', 'Mark delivered');

  await buyer.goto(`/dashboard/orders/${number}`);
  await expect(figure(buyer, 'Status')).toHaveText('Paid');
  await expect(figure(buyer, 'Paid')).toHaveText('$30.00');
  await expect(paymentBox(buyer).getByRole('list', { name: 'History' })).toContainText('$30.00');
  await screenshot(buyer, 'money-cash-paid-phone');
});

test('a bKash order left unpaid ends when its window closes: its stock returns, buyer and seller are mailed', async ({
  browser,
}) => {
  test.setTimeout(WINDOW_SECONDS * 1000 + 90_000);
  const mia = await seller(browser, 'Mia Mugs', DESKTOP, 5);
  const buyer = await signedInPage(browser, 'Una Unpaid', { baseURL: SHOP_URL, viewport: DESKTOP });
  const stock = async () =>
    ((await (await buyer.request.get(`/api/products/${mia.product._id}`)).json()) as Product).stock;

  const number = await checkout(buyer, [mia.product], 'bKash');
  expect(await stock()).toBe(4);

  // Nothing is sent: once the window has closed the order is cancelled, and says why. Waited for through the API,
  // so that a failure says what the order and its payment came to.
  await expect
    .poll(
      async () => {
        const order = (await (await buyer.request.get(`/api/orders/by-number/${number}`)).json()) as Order;
        return `${order.status}, payment ${order.payment.status}: ${order.payment.events.map((e) => e.kind).join(' ')}`;
      },
      { timeout: (WINDOW_SECONDS + 30) * 1000, intervals: [2_000] },
    )
    .toBe('cancelled, payment unpaid: expired');
  await buyer.reload();
  await expect(part(buyer, 'Mia Mugs').getByText(/^cancelled$/i)).toBeVisible();
  await expect(paymentBox(buyer)).toContainText('This order was cancelled unpaid');
  expect(await stock()).toBe(5);
  expect(await mailed(await emailOf(buyer), `Your order ${number}: cancelled, not paid`)).toContain(
    `No payment arrived within ${WINDOW_SECONDS / 3600} hours`,
  );
  expect(await mailed(mia.email, `Order ${number} was cancelled: not paid`)).toContain('Do not ship these.');
  await screenshot(buyer, 'money-expired-desktop');
});

test('a paid part cancelled by its seller is owed back, then refunded by an admin, on a phone', async ({
  browser,
}) => {
  test.slow();
  const mia = await seller(browser, 'Mia Mugs', PHONE);
  const leo = await seller(browser, 'Leo Lamps', PHONE);
  const buyer = await signedInPage(browser, 'Rae Refund', { baseURL: SHOP_URL, viewport: PHONE });
  const buyerEmail = await emailOf(buyer);
  const order = await placeOrderViaApi(
    buyer.request,
    [
      { productId: mia.product._id, quantity: 1 },
      { productId: leo.product._id, quantity: 1 },
    ],
    { paymentMethod: 'bkash' },
  );
  // A first claim is rejected with a reason the buyer is mailed; the second is accepted.
  const wrong = await claimViaApi(buyer.request, order._id, {
    amount: 60,
    transactionId: `WRONG${order.number.slice(3)}`,
  });
  await decideViaApi(admin.request, wrong, 'reject', 'No payment with this ID arrived');
  expect(await mailed(buyerEmail, `Your order ${order.number}: payment not verified`)).toContain(
    'Reason: No payment with this ID arrived',
  );
  const right = await claimViaApi(buyer.request, order._id, {
    amount: 60,
    transactionId: `RIGHT${order.number.slice(3)}`,
  });
  await decideViaApi(admin.request, right, 'accept');

  // Leo cannot send his lamp: he cancels his part, saying why. The buyer is owed his goods and shipping.
  await leo.page.goto('/dashboard/sales');
  await leo.page
    .getByRole('article', { name: 'Order of Rae Refund' })
    .getByRole('button', { name: 'Cancel', exact: true })
    .click();
  const question = leo.page.getByRole('dialog');
  await question.getByLabel('Reason').fill('The lamp broke in the workshop');
  await question.getByRole('button', { name: 'Cancel items' }).click();
  expect(await mailed(buyerEmail, `Your order ${order.number} from Leo Lamps: cancelled`)).toContain(
    'Reason: The lamp broke in the workshop',
  );

  await buyer.goto(`/dashboard/orders/${order.number}`);
  await expect(figure(buyer, 'Status')).toHaveText('Refund due');
  await screenshot(buyer, 'money-refund-due-phone');

  // The admin sends the $30.00 back and records it; the buyer sees it and is mailed.
  await admin.goto('/dashboard/payments');
  const refund = admin
    .getByRole('region', { name: 'Refunds due' })
    .getByRole('article', { name: order.number, exact: true });
  await expect(refund).toContainText('$30.00');
  await refund.getByRole('button', { name: 'Mark refunded' }).click();
  await admin.getByRole('dialog').getByLabel('Reference').fill('BKREFUND42');
  await admin.getByRole('dialog').getByRole('button', { name: 'Mark refunded' }).click();
  await expect(refund).toHaveCount(0);
  expect(await mailed(buyerEmail, `Your order ${order.number}: refund sent`)).toContain(
    'Reference: BKREFUND42',
  );

  await buyer.reload();
  await expect(figure(buyer, 'Refunded')).toHaveText('$30.00');
  await expect(figure(buyer, 'Paid')).toHaveText('$60.00');
  await expect(figure(buyer, 'Status')).toHaveText('Paid');
  await screenshot(buyer, 'money-refunded-phone');
});
