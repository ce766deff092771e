import AxeBuilder from '@axe-core/playwright';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/auth.ts';

async function productIds(page: Page, count: number): Promise<string[]> {
  const response = await page.request.get(`/api/products?limit=${count}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Product[]).map((product) => product._id);
}

test('signed out, the header links home, to About, Login and Register, and shows no Dashboard', async ({
  page,
}) => {
  await page.goto('/about');
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: /^Profile of/ })).toHaveCount(0);

  await header.getByRole('link', { name: 'Bazaar' }).click();
  await expect(page).toHaveURL('/');
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Bazaar' })).toBeVisible();
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
  await nav.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await nav.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});

test('signed in, the header shows Dashboard, Logout and an avatar opening the profile', async ({ page }) => {
  await signUpViaApi(page, { name: 'Ada Lovelace' });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Register' })).toHaveCount(0);

  // No picture of her own and none from a provider: her initials stand in.
  const avatar = header.getByRole('link', { name: 'Profile of Ada Lovelace' });
  await expect(avatar).toHaveText('AL');
  await avatar.click();
  await expect(page).toHaveURL('/dashboard/profile');
});

test('the cart badge counts distinct products and follows the cart', async ({ page }) => {
  const [first, second] = await productIds(page, 2);
  await page.goto('/');
  const cart = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  await expect(cart).toHaveAccessibleName('Cart, 0 products');
  await expect(cart).toHaveText('');

  // Quantities do not count: two products, five items.
  await page.evaluate((items) => localStorage.setItem('bazaar-cart', JSON.stringify(items)), {
    [first ?? '']: 3,
    [second ?? '']: 2,
  });
  await page.reload();
  await expect(cart).toHaveAccessibleName('Cart, 2 products');
  await expect(cart).toHaveText('2');

  await cart.click();
  await expect(page).toHaveURL('/cart');

  // A change made in another tab shows up here too.
  const other = await page.context().newPage();
  await other.goto('/about');
  await other.evaluate((id) => localStorage.setItem('bazaar-cart', JSON.stringify({ [id]: 1 })), first ?? '');
  await expect(cart).toHaveAccessibleName('Cart, 1 product');
  await expect(cart).toHaveText('1');
});

test('the footer has the Services, Company and Legal link lists', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const list of ['Services', 'Company', 'Legal']) {
    const column = footer.getByRole('navigation', { name: list });
    await expect(column.getByRole('heading', { name: list })).toBeVisible();
    expect(await column.getByRole('link').count()).toBeGreaterThanOrEqual(3);
  }
  await footer.getByRole('link', { name: 'Flash Sale' }).click();
  await expect(page).toHaveURL('/flash-sale');

  await footer.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL('/about#privacy');
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeInViewport();

  await footer.getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Bazaar' })).toBeVisible();
});

test('while the next page’s code loads, a bar runs along the top and the current page stays', async ({
  page,
}) => {
  await page.goto('/');
  const flashSale = page.getByRole('heading', { level: 2, name: 'Flash Sale' });
  await expect(flashSale).toBeVisible();
  // Pages load their code when opened: the About page's scripts are held until the bar has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  const bar = page.getByRole('progressbar', { name: 'Loading the page' });
  await expect(bar).toBeVisible();
  await expect(flashSale).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'About Bazaar' })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test('toasts stack top-right, at most 20 at a time', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Toast Tester');
  await page.getByLabel('Email').fill('toasts@bazaar.test');
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('something else entirely');

  // Each refused submit raises one error toast, shown 4 s, then 1 s leaving: 25 at once.
  const started = await page
    .getByRole('main')
    .locator('form')
    .evaluate((form: HTMLFormElement) => {
      for (let submit = 0; submit < 25; submit += 1) form.requestSubmit();
      return performance.now();
    });
  // With the limit, the 5 oldest leave at once and 20 stay; without it, all 25 would stay until 5 s have passed.
  const onScreen = () =>
    page.evaluate((since) => {
      const toasts = Array.from(document.querySelectorAll('[role="status"]')).filter((toast) =>
        toast.textContent?.includes('Passwords do not match!'),
      );
      return { count: toasts.length, beforeAnyExpired: performance.now() - since < 4000 };
    }, started);
  await expect.poll(onScreen, { timeout: 10_000 }).toEqual({ count: 20, beforeAnyExpired: true });

  // Top right.
  const box = await page
    .getByRole('status')
    .filter({ hasText: 'Passwords do not match!' })
    .first()
    .boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x + box.width > viewport.width * 0.75 && box.y < 100).toBe(true);
});

test('on a phone the menu opens the navigation and closes after following a link', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  const about = header.getByRole('link', { name: 'About' });

  await expect(about).toBeHidden();
  await expect(header.getByRole('link', { name: 'Bazaar' })).toBeVisible();
  await expect(header.getByRole('link', { name: /^Cart/ })).toBeVisible();
  await expect(header.getByRole('searchbox', { name: 'Search products' })).toBeVisible();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await about.click();
  await expect(page).toHaveURL('/about');
  await expect(about).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** Serious and critical accessibility violations on the page as it is now, as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

for (const [path, heading] of [
  ['/', 'New Product'],
  ['/login', 'Login'],
  ['/register', 'Register'],
  ['/about', 'About Bazaar'],
  ['/cart', undefined],
  ['/no-such-page', 'Error'],
] as const) {
  test(`${path} has no serious accessibility violation, on a desktop and on a phone`, async ({ page }) => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
      expect(await seriousViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
    }
  });
}

test('the header with open search results and a signed-in user has no serious accessibility violation', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/about');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('smart');
  await expect(
    page.getByRole('region', { name: 'Search Results' }).getByRole('listitem').first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
