import type { PublicConfig } from '@bazaar/shared/auth';
import { formatDollars } from '@bazaar/shared/pricing';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { shopOrigin, signedInPage, signInAsAdminViaApi } from '../support/auth.ts';
import { screenshot } from '../support/screens.ts';
import { claimViaApi } from '../support/payments.ts';
import { moveSaleViaApi, orderTotalCents, placeOrderViaApi, signedInSeller } from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from '../support/storefront-checks.ts';

/** The number the buyers of this file send from. */
const SENDER = '01712-345678';

const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
};

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** The card of order `number` in the Payments page's section `name`. */
const card = (page: Page, name: string, number: string) =>
  section(page, name).getByRole('article', { name: number, exact: true });

/** Shows one list of the Recently decided section. */
async function showDecided(page: Page, list: string): Promise<Locator> {
  const decided = section(page, 'Recently decided');
  await decided.getByLabel('Show').selectOption(list);
  return decided;
}

const unique = () => Date.now().toString(36).toUpperCase();

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`on a ${device}: an admin verifies a bKash payment, the seller ships once it is paid, and a cancelled paid part is refunded`, async ({
    browser,
  }) => {
    // Four people's pages, each step checked where it shows: twice the time of a one-page journey.
    test.slow();
    const mia = await signedInSeller(browser, 'Mia Mugs', 'Stoneware mug', { viewport });
    const leo = await signedInSeller(browser, 'Leo Lamps', 'Brass lamp', { viewport });
    const buyer = await signedInPage(browser, 'Bea Buyer', { viewport });
    const admin = await (await browser.newContext({ viewport })).newPage();
    await signInAsAdminViaApi(admin);

    const order = await placeOrderViaApi(
      buyer.request,
      [
        { productId: mia.product._id, quantity: 1 },
        { productId: leo.product._id, quantity: 1 },
      ],
      { paymentMethod: 'bkash' },
    );
    const total = formatDollars(
      orderTotalCents([
        { product: mia.product, quantity: 1 },
        { product: leo.product, quantity: 1 },
      ]),
    );
    const wrongId = `WRONG${unique()}`;
    await claimViaApi(buyer.request, order._id, {
      amount: order.payment.due,
      transactionId: wrongId,
      sender: SENDER,
    });

    // Mia's sale waits for the money: Mark shipped stays disabled, saying why; she may still cancel.
    await mia.page.goto('/dashboard/sales');
    const miasSale = mia.page.getByRole('article', { name: 'Order of Bea Buyer' });
    await expect(miasSale.getByText('Awaiting payment', { exact: true })).toBeVisible();
    const ship = miasSale.getByRole('button', { name: 'Mark shipped' });
    await expect(ship).toBeDisabled();
    const why = 'Ship once the payment is verified: the buyer says they paid, and the shop is checking it.';
    await expect(miasSale.getByText(why)).toBeVisible();
    await expect(ship).toHaveAccessibleDescription(why);
    await expect(miasSale.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // Payments are the admins' work.
    const menu = mia.page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'Sales' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Payments' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(mia.page);
    await expectNoSidewaysScroll(mia.page);
    await screenshot(mia.page, `sales-awaiting-payment-${device}`);
    // The sale's own page says the same.
    await miasSale.getByRole('link', { name: order.number }).click();
    const summary = mia.page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByRole('button', { name: 'Mark shipped' })).toBeDisabled();
    await expect(summary.getByRole('button', { name: 'Mark shipped' })).toHaveAccessibleDescription(why);
    await expectNoSidewaysScroll(mia.page);
    await screenshot(mia.page, `sale-page-awaiting-payment-${device}`);
    await mia.page.goBack();

    // The admin finds the claim to verify, with what to look for in the shop's bKash account.
    await admin.goto('/dashboard');
    await admin
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Payments' })
      .click();
    await expect(admin).toHaveURL('/dashboard/payments');
    await expect(admin).toHaveTitle('Payments — Bazaar');
    const waiting = card(admin, 'To verify', order.number);
    await expect(waiting).toContainText('To verify');
    await expect(waiting).toContainText(total);
    await expect(waiting).toContainText('MethodbKash');
    await expect(waiting).toContainText(`Sent from${SENDER}`);
    await expect(waiting).toContainText(`Transaction ID${wrongId}`);
    await expectNoSeriousA11yViolations(admin);
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, `payments-to-verify-${device}`);

    // No such payment arrived: rejected, with the reason the buyer is told.
    await waiting.getByRole('button', { name: 'Reject' }).click();
    const rejecting = admin.getByRole('dialog', { name: `Reject the payment for ${order.number}?` });
    await rejecting.getByRole('button', { name: 'Reject payment' }).click();
    await expect(rejecting.getByText('Say why: the buyer is told')).toBeVisible();
    await expect(rejecting.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
    await expect(rejecting.getByLabel('Reason')).toBeFocused();
    await screenshot(admin, `payments-reject-dialog-${device}`);
    await rejecting.getByLabel('Reason').fill('No bKash payment with this transaction ID arrived.');
    await rejecting.getByRole('button', { name: 'Reject payment' }).click();
    await expect(admin.getByText('Payment rejected', { exact: true })).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await showDecided(admin, 'Rejected payments');
    const rejected = card(admin, 'Recently decided', order.number);
    await expect(rejected).toContainText('Rejected');
    await expect(rejected).toContainText('ReasonNo bKash payment with this transaction ID arrived.');
    await expect(admin).toHaveURL('/dashboard/payments?decided=rejected');

    // The buyer sends the right transaction ID; the admin accepts it, after a last look.
    const rightId = `RIGHT${unique()}`;
    await claimViaApi(buyer.request, order._id, {
      amount: order.payment.due,
      transactionId: rightId,
      sender: SENDER,
    });
    await admin.reload();
    await expect(waiting).toContainText(`Transaction ID${rightId}`);
    await waiting.getByRole('button', { name: 'Accept' }).click();
    const accepting = admin.getByRole('dialog', { name: `Accept ${total} for ${order.number}?` });
    await expect(accepting).toContainText(`from ${SENDER} with transaction ID ${rightId}`);
    await expectNoSeriousA11yViolations(admin);
    await accepting.getByRole('button', { name: 'Accept payment' }).click();
    await expect(admin.getByText('Payment accepted', { exact: true })).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await showDecided(admin, 'Accepted payments');
    await expect(card(admin, 'Recently decided', order.number)).toContainText(`Transaction ID${rightId}`);
    await expect(card(admin, 'Recently decided', order.number)).toContainText('Accepted');

    // Paid: Mia ships.
    await mia.page.reload();
    await expect(miasSale.getByText('Paid', { exact: true })).toBeVisible();
    await expect(miasSale.getByText(why)).toHaveCount(0);
    await screenshot(mia.page, `sales-paid-${device}`);
    await ship.click();
    // Shipping asks how the parcel travels (all optional) before it is marked.
    await mia.page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
    await expect(mia.page.getByText('Marked shipped', { exact: true })).toBeVisible();

    // Leo cancels his paid part: its goods and shipping are owed back.
    await moveSaleViaApi(leo.page.request, order._id, 'cancelled', 'The lamp broke in the workshop');
    const owed = formatDollars(orderTotalCents([{ product: leo.product, quantity: 1 }]));
    await admin.reload();
    const due = card(admin, 'Refunds due', order.number);
    await expect(due).toContainText('Refund due');
    await expect(due).toContainText(owed);
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, `payments-refund-due-${device}`);

    await due.getByRole('button', { name: 'Mark refunded' }).click();
    const refunding = admin.getByRole('dialog', { name: `Record the refund of ${owed} for ${order.number}` });
    await refunding.getByRole('button', { name: 'Mark refunded' }).click();
    await expect(refunding.getByText('Give the refund’s reference (its transaction ID)')).toBeVisible();
    const reference = `RF${unique()}`;
    // Enter sends it, as in any one-line form.
    await refunding.getByLabel('Reference').fill(reference);
    await refunding.getByLabel('Reference').press('Enter');
    await expect(admin.getByText('Refund recorded', { exact: true })).toBeVisible();
    await expect(due).toHaveCount(0);
    await showDecided(admin, 'Refunds made');
    const made = card(admin, 'Recently decided', order.number);
    await expect(made).toContainText('Refunded');
    await expect(made).toContainText(`Reference${reference}`);
    await expect(made).toContainText(owed);
    await expectNoSeriousA11yViolations(admin);
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, `payments-refunds-made-${device}`);

    // The order's number leads to the order.
    await made.getByRole('link', { name: order.number }).click();
    await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  });
}

test("an admin sets the shop's receiving numbers: checkout's config follows, and an emptied one falls back to the configured number", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsAdminViaApi(page);
  const paymentOptions = async () =>
    ((await (await page.request.get('/api/config')).json()) as PublicConfig).payments;
  // Only Rocket changes, and only for a moment: the other journeys of the run send bKash to the configured number.
  const rocketWas = (await paymentOptions()).rocketNumber;
  try {
    await page.goto('/dashboard/payments');
    const numbers = section(page, 'Receiving numbers');
    await expect(numbers).toContainText('A method without a number is not offered at checkout.');
    await expect(numbers.getByLabel('bKash number')).toHaveValue('01711-000000');
    const rocket = numbers.getByLabel('Rocket number');
    await expect(rocket).toHaveValue('01811-000000');
    await expect(rocket).toHaveAccessibleDescription(
      'Empty: the number the shop was started with (ROCKET_NUMBER), if any.',
    );

    await rocket.fill('call me');
    await numbers.getByRole('button', { name: 'Save numbers' }).click();
    await expect(
      numbers.getByText('The Rocket number may hold digits, spaces, - and a leading +'),
    ).toBeVisible();
    await expect(rocket).toHaveAttribute('aria-invalid', 'true');
    await expect(rocket).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'payments-numbers-error-desktop');

    await rocket.fill('01999-123456');
    await numbers.getByRole('button', { name: 'Save numbers' }).click();
    await expect(page.getByText('Receiving numbers saved', { exact: true })).toBeVisible();
    expect(await paymentOptions()).toEqual({
      methods: ['cash on delivery', 'bkash', 'rocket', 'card'],
      bkashNumber: '01711-000000',
      rocketNumber: '01999-123456',
    });
    await page.reload();
    await expect(rocket).toHaveValue('01999-123456');

    // Emptied: the number the shop was started with is in force again.
    await rocket.fill('');
    await numbers.getByRole('button', { name: 'Save numbers' }).click();
    await expect(page.getByText('Receiving numbers saved', { exact: true })).toBeVisible();
    await expect(rocket).toHaveValue('01811-000000');
    expect((await paymentOptions()).rocketNumber).toBe('01811-000000');
  } finally {
    const restored = await page.request.patch('/api/settings/payments', {
      data: { rocketNumber: null },
      headers: { origin: shopOrigin() },
    });
    expect(restored.ok()).toBe(true);
    expect((await paymentOptions()).rocketNumber).toBe(rocketWas);
  }
});
