import type { ProductFacets } from '@bazaar/shared/product-facets';
import { expect, test as base, type Browser, type Locator, type Page, type Route } from '@playwright/test';
import { signUpViaApi, type SignedUpAccount } from '../support/auth.ts';
import { screenshot } from '../support/screens.ts';
import { createProductViaApi, uniqueWord } from '../support/shop-data.ts';
import { cardNames, expectNoSeriousA11yViolations, productCards } from '../support/storefront-checks.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PAGE_SIZE = 24;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The lamps of one test's own seller: their word, brands and category are nobody else's. */
interface Lamps {
  word: string;
  seller: SignedUpAccount;
  brands: { a: string; b: string; c: string };
  category: string;
  /** The names, newest first. */
  newestFirst: string[];
}

/**
 * Five lamps by a new seller, added in their own browser (the page under test stays anonymous), oldest first:
 * Alpha ($10, brand A), Beta ($30, brand A, sold out), Gamma ($60, B), Delta ($120, B), Epsilon ($250, C).
 */
async function lamps(browser: Browser): Promise<Lamps> {
  const word = uniqueWord();
  const Word = capitalized(word);
  const brands = { a: `${Word} Works`, b: `${Word} Labs`, c: `${Word} Studio` };
  const category = `kiln${word}`;
  const sellersPage = await browser.newPage();
  const seller = await signUpViaApi(sellersPage, { name: `Lena Lamps ${word.slice(0, 4)}` });
  const rows = [
    ['Alpha', brands.a, 10, 5],
    ['Beta', brands.a, 30, 0],
    ['Gamma', brands.b, 60, 5],
    ['Delta', brands.b, 120, 3],
    ['Epsilon', brands.c, 250, 2],
  ] as const;
  const names: string[] = [];
  for (const [suffix, brand, price, stock] of rows) {
    const name = `${Word} lantern ${suffix}`;
    await createProductViaApi(sellersPage.request, {
      name,
      brand,
      price,
      discount: 0,
      stock,
      categories: [category],
    });
    names.push(name);
  }
  await sellersPage.close();
  return { word, seller, brands, category, newestFirst: names.reverse() };
}

/** Each test's own lamps, as `shop`. */
const test = base.extend<{ shop: Lamps }>({
  shop: async ({ browser }, use) => use(await lamps(browser)),
});

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' });

/** Retried until the cards show `names` in order: a new sort of as many cards first shows the old ones, then none. */
async function expectNames(page: Page, names: readonly string[]): Promise<void> {
  await expect(productCards(results(page)).getByRole('heading')).toHaveText(names);
}

/** The results page of the lamps' word, before any choice: all five, newest first. */
async function openResults(page: Page, shop: Lamps): Promise<void> {
  await page.goto(`/search?q=${shop.word}`);
  await expectNames(page, shop.newestFirst);
}

/** The names of `lamps` in the order of `suffixes` (Alpha … Epsilon). */
const named = (lamps: Lamps, ...suffixes: string[]) =>
  suffixes.map((suffix) => `${capitalized(lamps.word)} lantern ${suffix}`);

/** A page's path with its search parameters, as the page writes them. */
const withSearch = (path: string, params: Record<string, string>) =>
  `${path}?${new URLSearchParams(params).toString()}`;

const countOf = (count: number) => `(${count} ${count === 1 ? 'product' : 'products'})`;

function brandBox(scope: Locator, brand: string, count: number): Locator {
  return scope.getByRole('checkbox', { name: `${brand} ${countOf(count)}`, exact: true });
}

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('Enter in the header opens the results page; the words match in any order', async ({ page, shop }) => {
    await page.goto('/about');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    await box.fill(`lantern ${shop.word.toUpperCase()}`);
    await box.press('Enter');

    await expect(page).toHaveURL(`/search?q=lantern+${shop.word.toUpperCase()}`);
    const query = `lantern ${shop.word.toUpperCase()}`;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${query}”`);
    await expect(page).toHaveTitle(`“${query}” — Search — Bazaar`);
    await expect(results(page).getByText('5 results', { exact: true })).toBeVisible();
    // Relevance first: all equally relevant, so the newest first.
    await expectNames(page, shop.newestFirst);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    // The header's box keeps the words, and its live panel stays closed.
    await expect(box).toHaveValue(query);
    await expect(page.getByRole('region', { name: 'Search Results' })).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });

  test('the header’s box shows the words on the results page only: empty on the pages opened from there', async ({
    page,
    shop,
  }) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    await box.fill(shop.word);
    await box.press('Enter');
    await expectNames(page, shop.newestFirst);
    await expect(box).toHaveValue(shop.word);

    // A product of the results, then its seller's page: neither was searched for.
    await results(page).getByRole('link', { name: shop.newestFirst[0], exact: true }).click();
    const details = page.getByRole('main').getByRole('article').first();
    await expect(details.getByText(`Sold by ${shop.seller.name}`)).toBeVisible();
    await expect(box).toHaveValue('');
    await details.getByRole('link', { name: shop.seller.name, exact: true }).click();
    await expect(page).toHaveURL(`/seller/${shop.seller.handle}`);
    await expect(box).toHaveValue('');

    // Back on the results, the words are there again; typing elsewhere, then leaving, empties it too.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(`/search?q=${shop.word}`);
    await expect(box).toHaveValue(shop.word);
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await expect(box).toHaveValue('');
    await box.fill('unsent words');
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(box).toHaveValue('');
  });

  test('“See all results” in the live panel opens the results page', async ({ page, shop }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(shop.word);
    const panel = page.getByRole('region', { name: 'Search Results' });
    await expect(panel.getByText(`5 products for “${shop.word}”`)).toBeVisible();
    await panel.getByRole('link', { name: 'See all results' }).click();
    await expect(page).toHaveURL(`/search?q=${shop.word}`);
    await expect(panel).toBeHidden();
    await expectNames(page, shop.newestFirst);
  });

  test('picking brands filters the results and keeps the other brands’ counts; chips remove them', async ({
    page,
    shop,
  }) => {
    await openResults(page, shop);
    const filters = sidebar(page);
    await brandBox(filters, shop.brands.a, 2).click();

    await expect(page).toHaveURL(withSearch('/search', { q: shop.word, brand: shop.brands.a }));
    await expect(brandBox(filters, shop.brands.a, 2)).toBeChecked();
    await expectNames(page, named(shop, 'Beta', 'Alpha'));
    await expect(results(page).getByText('2 results', { exact: true })).toBeVisible();
    // The brands' own counts leave out the brand choice; the other groups count brand A's lamps only.
    await expect(brandBox(filters, shop.brands.a, 2)).toBeChecked();
    await expect(brandBox(filters, shop.brands.b, 2)).not.toBeChecked();
    await expect(brandBox(filters, shop.brands.c, 1)).toBeVisible();
    await expect(filters.getByRole('checkbox', { name: `In stock only ${countOf(1)}` })).toBeVisible();

    await brandBox(filters, shop.brands.c, 1).click();
    await expectNames(page, named(shop, 'Epsilon', 'Beta', 'Alpha'));
    await expect(chips(page).getByRole('button')).toHaveText([
      `Brand: ${shop.brands.a}`,
      `Brand: ${shop.brands.c}`,
      'Clear all',
    ]);
    await screenshot(page, 'search-brands-desktop');

    await chips(page)
      .getByRole('button', { name: `Remove Brand: ${shop.brands.c}` })
      .click();
    await expectNames(page, named(shop, 'Beta', 'Alpha'));
    await expect(brandBox(filters, shop.brands.c, 1)).not.toBeChecked();

    await filters.getByRole('checkbox', { name: `In stock only ${countOf(1)}` }).click();
    await expectNames(page, named(shop, 'Alpha'));
    await chips(page).getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(`/search?q=${shop.word}`);
    await expectNames(page, shop.newestFirst);
    await expect(chips(page)).toBeHidden();
  });

  test('while the counts of a new choice load, the page does not give the last choice’s total', async ({
    page,
    shop,
  }) => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/products/facets?*brand=*', async (route) => {
      await arrived;
      await route.continue();
    });
    await openResults(page, shop);
    await expect(results(page).getByText('5 results', { exact: true })).toBeVisible();

    await brandBox(sidebar(page), shop.brands.a, 2).click();
    await expectNames(page, named(shop, 'Beta', 'Alpha'));
    await expect(chips(page).getByRole('button', { name: `Remove Brand: ${shop.brands.a}` })).toBeVisible();
    await expect(results(page).getByText(/^\d+ results?$/)).toBeHidden();

    release();
    await expect(results(page).getByText('2 results', { exact: true })).toBeVisible();
  });

  test('a price band or typed bounds filter by the price; the sort orders what the shopper sees', async ({
    page,
    shop,
  }) => {
    await openResults(page, shop);
    const filters = sidebar(page);
    await filters.getByRole('radio', { name: `$25 to $49.99 ${countOf(1)}` }).click();
    await expect(page).toHaveURL(/price_min=25&price_max=49.99$/);
    await expectNames(page, named(shop, 'Beta'));
    await expect(chips(page).getByRole('button', { name: 'Remove Price: $25 to $49.99' })).toBeVisible();

    const price = filters.getByRole('form', { name: 'Price range' });
    await price.getByRole('spinbutton', { name: 'Min $' }).fill('50');
    await price.getByRole('spinbutton', { name: 'Max $' }).fill('200');
    await price.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/price_min=50&price_max=200$/);
    await expectNames(page, named(shop, 'Delta', 'Gamma'));
    await expect(filters.getByRole('radio', { name: 'Any price' })).not.toBeChecked();

    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.selectOption('Price low to high');
    await expect(page).toHaveURL(/sort=price_asc/);
    await expectNames(page, named(shop, 'Gamma', 'Delta'));

    await filters.getByRole('radio', { name: 'Any price' }).click();
    await expectNames(page, named(shop, 'Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'));
    await sort.selectOption('Price high to low');
    await expectNames(page, named(shop, 'Epsilon', 'Delta', 'Gamma', 'Beta', 'Alpha'));
    await sort.selectOption('Newest');
    await expectNames(page, shop.newestFirst);
    await expect(sort.getByRole('option')).toHaveText([
      'Relevance',
      'Price low to high',
      'Price high to low',
      'Top rated',
      'Newest',
    ]);
  });

  test('the URL holds every choice: a reload keeps them, Back returns to the previous one', async ({
    page,
    shop,
  }) => {
    await openResults(page, shop);
    const filters = sidebar(page);
    await brandBox(filters, shop.brands.b, 2).click();
    await expectNames(page, named(shop, 'Delta', 'Gamma'));
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price low to high');
    await expectNames(page, named(shop, 'Gamma', 'Delta'));

    await page.reload();
    await expectNames(page, named(shop, 'Gamma', 'Delta'));
    await expect(brandBox(sidebar(page), shop.brands.b, 2)).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');

    await page.goBack();
    await expectNames(page, named(shop, 'Delta', 'Gamma'));
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    await page.goBack();
    await expectNames(page, shop.newestFirst);
    await expect(brandBox(sidebar(page), shop.brands.b, 2)).not.toBeChecked();
    await page.goForward();
    await expectNames(page, named(shop, 'Delta', 'Gamma'));
  });

  test('an empty result suggests dropping a filter; without filters it says the words matched nothing', async ({
    page,
    shop,
  }) => {
    const chosen = { q: shop.word, category: shop.category, brand: shop.brands.a };
    await page.goto(withSearch('/search', { ...chosen, price_min: '500' }));
    const list = results(page);
    await expect(list.getByText('No products match these filters')).toBeVisible();
    await expect(list.getByText('0 results', { exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Search all categories' })).toBeVisible();
    await expect(list.getByRole('link', { name: `Without Brand: ${shop.brands.a}` })).toBeVisible();
    await screenshot(page, 'search-empty-desktop');
    await list.getByRole('link', { name: 'Without Price: $500 and up' }).click();
    await expect(page).toHaveURL(withSearch('/search', chosen));
    await expectNames(page, named(shop, 'Beta', 'Alpha'));

    await page.goto(`/search?q=${shop.word}+zzyzx`);
    await expect(list.getByText(`Nothing matched “${shop.word} zzyzx”`)).toBeVisible();
    await expect(list.getByText('Check the spelling, or try fewer or other words.')).toBeVisible();
    await expect(list.getByRole('link')).toHaveCount(0);
  });

  test('when the server capped its counts, the page says so', async ({ page, shop }) => {
    // Capping takes over 10,100 matches; the shop's own answer is marked capped instead.
    await page.route('**/api/products/facets?*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...((await response.json()) as ProductFacets), total: 10_100, capped: true },
      });
    });
    await openResults(page, shop);
    await expect(results(page).getByText('10,100+ results', { exact: true })).toBeVisible();
    await expect(results(page).getByText('Counts from the newest 10,100 matches')).toBeVisible();
  });

  test('the results come page by page', async ({ page, browser }) => {
    const word = uniqueWord();
    const sellersPage = await browser.newPage();
    await signUpViaApi(sellersPage);
    for (let i = 1; i <= PAGE_SIZE + 2; i++)
      await createProductViaApi(sellersPage.request, { name: `${word} candle ${i}` });
    await sellersPage.close();

    await page.goto(`/search?q=${word}`);
    await expect(productCards(results(page))).toHaveCount(PAGE_SIZE);
    const foot = results(page).getByText(`Showing ${PAGE_SIZE} of ${PAGE_SIZE + 2} products`);
    await foot.scrollIntoViewIfNeeded();
    await expect(
      results(page).getByText(`Showing ${PAGE_SIZE + 2} of ${PAGE_SIZE + 2} products`),
    ).toBeVisible();
    const names = await cardNames(results(page));
    expect(new Set(names).size).toBe(PAGE_SIZE + 2);
  });

  test('choices made faster than the page shows them are all kept', async ({ page, shop }) => {
    await openResults(page, shop);
    // A slow phone: the page is still drawing one choice when the shopper makes the next.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await brandBox(sidebar(page), shop.brands.b, 2).click();
    await sidebar(page)
      .getByRole('checkbox', { name: /^In stock only/ })
      .click();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price high to low');
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page).toHaveURL(
      withSearch('/search', { q: shop.word, brand: shop.brands.b, in_stock: 'true', sort: 'price_desc' }),
    );
    await expectNames(page, named(shop, 'Delta', 'Gamma'));
  });

  test('a category’s page and a seller’s page filter and sort the same way', async ({ page, shop }) => {
    await page.goto(`/search/${shop.category}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${shop.category} Category Products`);
    await expectNames(page, shop.newestFirst);
    // The page is the category's: no other category to pick.
    await expect(sidebar(page).getByRole('group', { name: 'Category' })).toHaveCount(0);
    await brandBox(sidebar(page), shop.brands.b, 2).click();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price high to low');
    await expect(page).toHaveURL(
      withSearch(`/search/${shop.category}`, { brand: shop.brands.b, sort: 'price_desc' }),
    );
    await expectNames(page, named(shop, 'Delta', 'Gamma'));
    // No words to rank by relevance.
    await expect(page.getByRole('option', { name: 'Relevance' })).toHaveCount(0);

    await page.goto(`/seller/${shop.seller.handle}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.seller.name);
    await expectNames(page, shop.newestFirst);
    await sidebar(page)
      .getByRole('radio', { name: `${shop.category} ${countOf(5)}` })
      .click();
    await sidebar(page)
      .getByRole('checkbox', { name: `In stock only ${countOf(4)}` })
      .click();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price low to high');
    await expectNames(page, named(shop, 'Alpha', 'Gamma', 'Delta', 'Epsilon'));
    await expect(chips(page).getByRole('button')).toHaveText([
      `Category: ${shop.category}`,
      'In stock',
      'Clear all',
    ]);
    await screenshot(page, 'seller-filtered-desktop');
  });

  test('the Category facet names the shop’s categories, and a tag in a shared link still filters', async ({
    page,
    browser,
  }) => {
    const word = uniqueWord();
    const Word = capitalized(word);
    const sellersPage = await browser.newPage();
    await signUpViaApi(sellersPage, { name: `Cora Cookware ${word.slice(0, 4)}` });
    // Tags of the demo's categories "Home & Kitchen" (home, kitchen) and "Furniture", and one of none.
    const rows = [
      [`${Word} pot`, ['kitchen', 'home']],
      [`${Word} pan`, ['kitchen', `brass${word}`]],
      [`${Word} chair`, ['furniture', 'home']],
    ] as const;
    for (const [name, categories] of rows)
      await createProductViaApi(sellersPage.request, { name, categories });
    await sellersPage.close();

    await page.goto(`/search?q=${word}`);
    const group = sidebar(page).getByRole('group', { name: 'Category' });
    // The names, not the lowercased tags "home" and "kitchen"; a tag of no category as it is.
    await expect(group.getByRole('radio')).toHaveCount(4);
    await expect(group.getByRole('radio').nth(1)).toHaveAccessibleName(`Home & Kitchen ${countOf(3)}`);
    for (const name of [`Furniture ${countOf(1)}`, `brass${word} ${countOf(1)}`])
      await expect(group.getByRole('radio', { name, exact: true })).toBeVisible();
    await screenshot(page, 'search-category-names-desktop');
    await group.getByRole('radio', { name: `Home & Kitchen ${countOf(3)}` }).click();
    await expect(page).toHaveURL(withSearch('/search', { q: word, category: 'Home & Kitchen' }));
    await expectNames(page, [`${Word} chair`, `${Word} pan`, `${Word} pot`]);
    await expect(chips(page).getByRole('button').first()).toHaveText('Category: Home & Kitchen');

    // A link shared before the facet named categories picks a tag, and still narrows to it.
    await page.goto(withSearch('/search', { q: word, category: 'kitchen' }));
    await expectNames(page, [`${Word} pan`, `${Word} pot`]);
    await expect(group.getByRole('radio', { name: 'kitchen', exact: true })).toBeChecked();

    await page.setViewportSize(PHONE);
    await page.goto(`/search?q=${word}`);
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer.getByRole('radio', { name: `Home & Kitchen ${countOf(3)}` })).toBeVisible();
    await screenshot(page, 'search-category-names-phone');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('nothing moves when the counts arrive after the results, on the search and the seller’s page', async ({
    page,
    shop,
  }) => {
    await page.addInitScript(() => {
      const moved: number[] = [];
      Object.assign(window, { moved });
      new PerformanceObserver((list) => {
        for (const shift of list.getEntries() as (PerformanceEntry & { value: number })[])
          moved.push(shift.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The counts (and the seller's facts) are held back until the results show, so that they arrive last, as on
    // a slow network.
    let held = { arrived: Promise.resolve(), release: () => {} };
    const holdBack = async (route: Route) => {
      await held.arrived;
      await route.continue();
    };
    await page.route('**/api/products/facets?*', holdBack);
    await page.route('**/api/sellers/*', holdBack);
    const shifts = () => page.evaluate(() => (window as unknown as { moved: number[] }).moved);

    for (const [path, counted] of [
      [`/search?q=${shop.word}`, '5 results'],
      [`/seller/${shop.seller.handle}`, '5 results'],
    ] as const) {
      let release = () => {};
      held = { arrived: new Promise<void>((resolve) => (release = resolve)), release };
      await page.goto(path);
      await expect(productCards(results(page))).toHaveCount(5);
      held.release();
      await expect(results(page).getByText(counted, { exact: true })).toBeVisible();
      expect(await shifts(), path).toEqual([]);
    }
  });

  test('the Filters button opens a drawer that filters, closes with Escape or its buttons, and nothing scrolls sideways', async ({
    page,
    shop,
  }) => {
    await openResults(page, shop);
    await expect(sidebar(page)).toBeHidden();

    const open = page.getByRole('button', { name: 'Filters' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close filters' })).toBeFocused();
    await brandBox(drawer, shop.brands.b, 2).click();
    await expect(drawer.getByRole('button', { name: 'Show 2 results' })).toBeVisible();
    await screenshot(page, 'search-drawer-phone');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();
    await expectNames(page, named(shop, 'Delta', 'Gamma'));

    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await drawer.getByRole('radio', { name: `$100 to $199.99 ${countOf(1)}` }).click();
    await drawer.getByRole('button', { name: 'Show 1 result' }).click();
    await expect(drawer).toBeHidden();
    await expectNames(page, named(shop, 'Delta'));

    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await drawer.getByRole('button', { name: 'Close filters' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price low to high');
    await chips(page).getByRole('button', { name: `Remove Price: $100 to $199.99` }).click();
    await expectNames(page, named(shop, 'Gamma', 'Delta'));
    await screenshot(page, 'search-filtered-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page);
  });
});
