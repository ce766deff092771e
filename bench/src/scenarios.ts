import type { Request } from 'autocannon';
import type { Category } from '@bazaar/shared/categories';
import type { Product } from '@bazaar/shared/products';
import type { Page } from './ceiling.ts';
import { callShop } from './http.ts';
import type { LoadResult } from './load.ts';
import { loadOrders, type OrderCheck } from './orders.ts';

export const SCENARIO_NAMES = [
  'list',
  'list-page-50',
  'flash-sale',
  'category',
  'search-common',
  'search-rare',
  'product',
  'categories',
  'orders',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** The newest-first first page: the list scenario, and the bytes the ceiling server answers. */
export const LIST_PATH = '/api/products?limit=24';
const SAMPLE_PAGES = 10;

/** What the scenarios ask for, read from the seeded catalog through the API. */
export interface CatalogSample {
  listPage: Page;
  /** Up to 1,000 products in random order, with their prices. */
  products: Product[];
  category: string;
  /** A word in many product names. */
  commonWord: string;
  /** A product's whole name: a term very few products match. */
  rareTerm: string;
}

export interface ScenarioResult extends LoadResult {
  name: ScenarioName;
  request: string;
  /** How many products a list request matches (its X-Total-Count). */
  matches?: number;
  orders?: OrderCheck;
}

type Load = (requests: Request[]) => Promise<LoadResult>;

const countOf = async (shopUrl: string, path: string) => (await callShop(shopUrl + path)).total ?? 0;

function mostFrequentWord(names: string[]): string {
  const counts = new Map<string, number>();
  for (const word of names.flatMap((name) => name.toLowerCase().split(/\s+/))) {
    if (/^[a-z]{4,}$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const [best] = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  if (!best) throw new Error('the catalog has no product names to search for');
  return best[0];
}

/** The name, among the longest few, that the fewest products contain. */
async function rarestName(shopUrl: string, names: string[]): Promise<string> {
  const candidates = [...new Set(names)].sort((a, b) => b.length - a.length).slice(0, 5);
  const counts = await Promise.all(
    candidates.map((name) => countOf(shopUrl, `/api/products?limit=1&q=${encodeURIComponent(name)}`)),
  );
  return candidates[counts.indexOf(Math.min(...counts))] ?? '';
}

export async function sampleCatalog(shopUrl: string): Promise<CatalogSample> {
  // Identity: the same bytes autocannon gets, which sends no Accept-Encoding.
  const list = await fetch(shopUrl + LIST_PATH, { headers: { 'accept-encoding': 'identity' } });
  const listPage = {
    path: LIST_PATH,
    body: Buffer.from(await list.arrayBuffer()),
    contentType: list.headers.get('content-type') ?? 'application/json',
  };
  const byId = new Map<string, Product>();
  for (let page = 0; page < SAMPLE_PAGES; page++) {
    const { body } = await callShop<Product[]>(`${shopUrl}/api/products?sort=random&limit=100`);
    for (const product of body) byId.set(product._id, product);
  }
  const products = [...byId.values()];
  const { body: categories } = await callShop<Category[]>(`${shopUrl}/api/categories`);
  const names = products.map((product) => product.name);
  return {
    listPage,
    products,
    category: categories[0]?.categoryName ?? '',
    commonWord: mostFrequentWord(names),
    rareTerm: await rarestName(shopUrl, names),
  };
}

/** Runs scenario `name` against the shop with `load`. */
export async function runScenario(
  name: ScenarioName,
  shopUrl: string,
  sample: CatalogSample,
  load: Load,
): Promise<ScenarioResult> {
  const get = async (path: string, counted = true): Promise<ScenarioResult> => ({
    name,
    request: `GET ${path}`,
    ...(counted ? { matches: await countOf(shopUrl, path) } : {}),
    ...(await load([{ path }])),
  });
  const query = (term: string) => encodeURIComponent(term);

  switch (name) {
    case 'list':
      return get(LIST_PATH);
    case 'list-page-50':
      return get('/api/products?limit=24&offset=1176');
    case 'flash-sale':
      return get('/api/products?flash_sale=true&limit=24');
    case 'category':
      return get(`/api/products?category=${query(sample.category)}&limit=24`);
    case 'search-common':
      return get(`/api/products?q=${query(sample.commonWord)}&limit=24`);
    case 'search-rare':
      return get(`/api/products?q=${query(sample.rareTerm)}&limit=24`);
    case 'categories':
      return get('/api/categories', false);
    case 'product': {
      const ids = sample.products.map((product) => product._id);
      let next = 0;
      // Each request the next of the sampled ids, so connections do not ask for the same product in step.
      const result = await load([
        { setupRequest: (request) => ({ ...request, path: `/api/products/${ids[next++ % ids.length]}` }) },
      ]);
      return { name, request: `GET /api/products/:id (${ids.length} ids in turn)`, ...result };
    }
    case 'orders': {
      const { result, check } = await loadOrders(shopUrl, sample.products, load);
      return {
        name,
        request: 'POST /api/orders (1–3 lines, bearer token, Idempotency-Key)',
        ...result,
        orders: check,
      };
    }
  }
}
