import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/auth.ts';
import { createProductViaApi, placeOrderViaApi } from '../support/shop-data.ts';
import { screenshot } from '../support/screens.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from '../support/storefront-checks.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signedIn(browser: Browser, name: string, viewport = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signUpViaApi(page, { name });
  return page;
}

/** Mia sells a mug; Bea orders one. */
async function mugOrder(browser: Browser, sellerViewport = DESKTOP) {
  const mia = await signedIn(browser, 'Mia Mugs', sellerViewport);
  const bea = await signedIn(browser, 'Bea Buyer');
  const mug = await createProductViaApi(mia.request, { name: `Tracked mug ${Date.now().toString(36)}` });
  const order = await placeOrderViaApi(bea.request, [{ productId: mug._id, quantity: 1 }]);
  return { mia, bea, order };
}

const shipDialog = (page: Page) => page.getByRole('dialog', { name: 'Ship the order of Bea Buyer' });

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`on a ${device}, a seller ships with a carrier and a tracking number, and the buyer can track it`, async ({
    browser,
  }) => {
    const { mia, bea, order } = await mugOrder(browser, viewport);
    await mia.goto(`/dashboard/sales/${order.number}`);
    await mia.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = shipDialog(mia);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Carrier').fill('RedX');
    await dialog.getByLabel('Tracking number').fill('RX1234');
    await expect(dialog.getByLabel('Tracking link')).toHaveAccessibleDescription(
      "Left blank, RedX's tracking page is linked",
    );
    if (device === 'phone') await expectNoSidewaysScroll(mia);
    await expectNoSeriousA11yViolations(mia);
    await screenshot(mia, `ship-dialog-${device}`);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(mia.getByText('Marked shipped', { exact: true })).toBeVisible();
    await expect(mia.getByRole('button', { name: 'Take back shipment' })).toHaveAccessibleDescription(
      /^Marked shipped by mistake\? The buyer is told at .+; until then you can take it back\.$/,
    );

    await bea.setViewportSize(viewport);
    await bea.goto(`/dashboard/orders/${order.number}`);
    await expect(bea.getByText('Shipped with RedX, tracking number RX1234')).toBeVisible();
    await expect(bea.getByRole('link', { name: 'Track your parcel (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://redx.com.bd/track-parcel/?trackingId=RX1234',
    );
    await expectNoSeriousA11yViolations(bea);
    await screenshot(bea, `order-tracking-${device}`);
  });
}

test('a seller takes back a shipment marked by mistake, then ships it and corrects the tracking', async ({
  browser,
}) => {
  const { mia, bea, order } = await mugOrder(browser);
  await mia.goto(`/dashboard/sales/${order.number}`);
  await mia.getByRole('button', { name: 'Mark shipped' }).click();
  await shipDialog(mia).getByRole('button', { name: 'Mark shipped' }).click();
  await mia.getByRole('button', { name: 'Take back shipment' }).click();
  await expect(mia.getByText('Shipment taken back', { exact: true })).toBeVisible();
  await expect(mia.getByRole('button', { name: 'Mark shipped' })).toBeVisible();
  await bea.goto(`/dashboard/orders/${order.number}`);
  await expect(bea.getByRole('main').getByText('processing').first()).toBeVisible();
  await expect(bea.getByRole('link', { name: /Track your parcel/ })).toHaveCount(0);

  // A link that is not https is refused beside its field, in the shop's words.
  await mia.getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = shipDialog(mia);
  await dialog.getByLabel('Carrier').fill('Sundarban Courier');
  await dialog.getByLabel('Tracking link').fill('http://track.example/1');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The tracking link must start with https://');
  await dialog.getByLabel('Tracking link').fill('https://track.example/1');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(mia.getByText('Marked shipped', { exact: true })).toBeVisible();

  await mia.getByRole('button', { name: 'Correct tracking' }).click();
  const correct = mia.getByRole('dialog', { name: 'Correct the tracking' });
  await expect(correct.getByLabel('Carrier')).toHaveValue('Sundarban Courier');
  await correct.getByLabel('Tracking number').fill('SB-77');
  await correct.getByRole('button', { name: 'Save tracking' }).click();
  await expect(mia.getByText('Tracking corrected', { exact: true })).toBeVisible();

  await bea.reload();
  await expect(bea.getByText('Shipped with Sundarban Courier, tracking number SB-77')).toBeVisible();
  await expect(bea.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute(
    'href',
    'https://track.example/1',
  );
});
