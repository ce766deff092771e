import type { Request } from 'autocannon';
import type { Category } from '@bazaar/shared/categories';
import type { Product } from '@bazaar/shared/products';
import { PRICE_MAX } from '@bazaar/shared/products-constants';
import { Random } from '@bazaar/server/testing';
import type { Page } from './ceiling.ts';
import { callShop } from './http.ts';
import type { LoadResult } from './load.ts';
import { floodOneProduct, FLOOD_EDITS } from './flood.ts';
import { loadOrders, type OrderCheck } from './orders.ts';
import { loadOrderReads, ORDER_READS_REQUEST } from './orders-read.ts';
import { loadStockOrders, type StockCheck } from './stock.ts';

export const SCENARIO_NAMES = [
  'list',
  'list-page-50',
  'flash-sale',
  'category',
  'search-common',
  'search-rare',
  'search-uncached',
  'search-fresh-common',
  'search-typo',
  'search-typo-after-flood',
  'search-filtered',
  'facets-fresh',
  'category-unknown',
  'product',
  'categories',
  'orders',
  'orders-stock',
  'orders-read',
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
  /** Words in many product names. */
  commonWords: string[];
  /** Whole product names that very few products contain. */
  rareTerms: string[];
}

export interface ScenarioResult extends LoadResult {
  name: ScenarioName;
  request: string;
  /** How many products the list requests match (their X-Total-Count), the fewest and the most. */
  matches?: { min: number; max: number };
  orders?: OrderCheck;
  stock?: StockCheck;
}

type Load = (requests: Request[]) => Promise<LoadResult>;

// Searches rotate through many terms, as shoppers' do, so that the server's answer cache meets a new term now
// and then; `search-uncached` measures searches it has never seen at all.
const COMMON_TERMS = 50;
const RARE_TERMS = 200;
const RARE_MATCHES_MAX = 3;
const FRAGMENT_LENGTH = { min: 4, max: 12 };

const UNKNOWN_CATEGORY_LENGTH = 100;

const countOf = async (shopUrl: string, path: string) => (await callShop(shopUrl + path)).total ?? 0;
const searchPath = (term: string) => `/api/products?q=${encodeURIComponent(term)}&limit=24`;

function mostFrequentWords(names: string[]): string[] {
  const counts = new Map<string, number>();
  for (const word of names.flatMap((name) => name.toLowerCase().split(/\s+/))) {
    if (/^[a-z]{4,}$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const words = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([word]) => word);
  if (words.length === 0) throw new Error('the catalog has no product names to search for');
  return words.slice(0, COMMON_TERMS);
}

/** Long product names that at most a few products contain (or, failing that, the rarest of them). */
async function rareNames(shopUrl: string, names: string[]): Promise<string[]> {
  const candidates = [...new Set(names)].sort((a, b) => b.length - a.length).slice(0, 2 * RARE_TERMS);
  const counts = await Promise.all(candidates.map((name) => countOf(shopUrl, searchPath(name))));
  const rare = candidates.filter((_, i) => (counts[i] ?? 0) <= RARE_MATCHES_MAX).slice(0, RARE_TERMS);
  return rare.length > 0 ? rare : [candidates[counts.indexOf(Math.min(...counts))] ?? ''];
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
    commonWords: mostFrequentWords(names),
    rareTerms: await rareNames(shopUrl, names),
  };
}

/**
 * Every piece of the sampled names that a shopper might type (4–12 characters from the start of a word), in a
 * seeded random order. Asked in turn, none is asked twice unless a run makes more requests than there are pieces.
 */
function nameFragments(names: string[]): string[] {
  const fragments = new Set<string>();
  for (const name of names) {
    for (const { index } of name.matchAll(/(?<=^|\s)\S/g)) {
      for (let length = FRAGMENT_LENGTH.min; length <= FRAGMENT_LENGTH.max; length++) {
        const fragment = name.slice(index, index + length).trim();
        if (fragment.length >= FRAGMENT_LENGTH.min) fragments.add(fragment);
      }
    }
  }
  return new Random(1).sample([...fragments], fragments.size);
}

/** How many different requests a never-asked scenario prepares: more than a 10 s run makes on this machine. */
const FRESH_REQUESTS = 30_000;

/**
 * A price cap above every product's price, different for each `index`: it changes nothing a search matches, but
 * makes a request the catalog cache has never answered.
 */
const freshCap = (index: number) => (PRICE_MAX - index / 100).toFixed(2);

/** Each common word in turn, every request with a cap of its own (`freshCap`); `page` is a list's paging. */
const freshCommon = (path: string, words: string[], page = '') =>
  Array.from(
    { length: FRESH_REQUESTS },
    (_, index) =>
      `${path}?q=${encodeURIComponent(words[index % words.length] ?? '')}&price_max=${freshCap(index)}${page}`,
  );

/**
 * Every one-typo variant (a letter changed, two neighbours swapped, a letter dropped) of the common words of five
 * letters or more that is itself five letters or more, the length that a search forgives a typo in, in a seeded
 * random order: asked in turn, each once.
 */
function typoVariants(words: string[]): string[] {
  const variants = new Set<string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const word of words.filter((common) => common.length >= 5)) {
    for (let at = 0; at < word.length; at++) {
      for (const letter of letters) variants.add(word.slice(0, at) + letter + word.slice(at + 1));
      variants.add(word.slice(0, at) + word.slice(at + 1));
      if (at + 1 < word.length)
        variants.add(word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2));
    }
  }
  const known = new Set(words);
  const typos = [...variants].filter((variant) => variant.length >= 5 && !known.has(variant));
  return new Random(1).sample(typos, typos.length);
}

const SORTS = ['relevance', 'price_asc', 'price_desc', 'rating', 'newest'] as const;

/**
 * A common word with a brand of the sample, a price range and a sort, as a shopper narrowing a search sends them;
 * the range's lower end is a cent higher on each request, so that none is asked twice.
 */
function filteredSearches(words: string[], products: Product[]): string[] {
  const random = new Random(1);
  const brands = [...new Set(products.flatMap((product) => (product.brand ? [product.brand] : [])))];
  return Array.from({ length: FRESH_REQUESTS }, (_, index) => {
    const min = index / 100;
    const query = new URLSearchParams({
      q: random.pick(words),
      brand: random.pick(brands),
      price_min: min.toFixed(2),
      price_max: (min + random.int(50, 500)).toFixed(2),
      sort: random.pick(SORTS),
      limit: '24',
    });
    return `/api/products?${query.toString()}`;
  });
}

/**
 * Requests for a category nobody has asked for before, a different one each time: 100 random letters, as a
 * client flooding the server with them would send (the longest value the route takes).
 */
function unknownCategories(): Request[] {
  const random = new Random(1);
  const letter = () => String.fromCharCode(97 + random.int(0, 25));
  const category = () => Array.from({ length: UNKNOWN_CATEGORY_LENGTH }, letter).join('');
  return [
    { setupRequest: (request) => ({ ...request, path: `/api/products?category=${category()}&limit=24` }) },
  ];
}

/** Requests for `paths`, each the next one in turn, so that connections do not ask for the same one in step. */
function inTurn(paths: string[]): Request[] {
  if (paths.length === 1) return [{ path: paths[0] }];
  let next = 0;
  return [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }];
}

/** Runs scenario `name` against the shop with `load`. */
export async function runScenario(
  name: ScenarioName,
  shopUrl: string,
  sample: CatalogSample,
  load: Load,
): Promise<ScenarioResult> {
  const get = async (paths: string[], request = `GET ${paths[0]}`): Promise<ScenarioResult> => ({
    name,
    request,
    ...(await load(inTurn(paths))),
  });
  const matchesOf = async (paths: string[]) => {
    const counts = await Promise.all(paths.map((path) => countOf(shopUrl, path)));
    return { min: Math.min(...counts), max: Math.max(...counts) };
  };
  const list = async (paths: string[], request?: string): Promise<ScenarioResult> => {
    const matches = await matchesOf(paths);
    return { ...(await get(paths, request)), matches };
  };
  const search = (terms: string[]) => {
    const shown = terms.slice(0, 3).map((term) => JSON.stringify(term));
    const more = terms.length > shown.length ? ', …' : '';
    return list(
      terms.map(searchPath),
      `GET /api/products?q=<${terms.length} terms in turn: ${shown.join(', ')}${more}>&limit=24`,
    );
  };

  switch (name) {
    case 'list':
      return list([LIST_PATH]);
    case 'list-page-50':
      return list(['/api/products?limit=24&offset=1176']);
    case 'flash-sale':
      return list(['/api/products?flash_sale=true&limit=24']);
    case 'category':
      return list([`/api/products?category=${encodeURIComponent(sample.category)}&limit=24`]);
    case 'search-common':
      return search(sample.commonWords);
    case 'search-rare':
      return search(sample.rareTerms);
    case 'search-uncached': {
      const fragments = nameFragments(sample.products.map((product) => product.name));
      return get(
        fragments.map(searchPath),
        `GET /api/products?q=<${fragments.length} pieces of product names in turn: ` +
          `${fragments
            .slice(0, 3)
            .map((term) => JSON.stringify(term))
            .join(', ')}, …>&limit=24`,
      );
    }
    case 'search-fresh-common': {
      const paths = freshCommon('/api/products', sample.commonWords, '&limit=24');
      return {
        ...(await get(
          paths,
          `GET /api/products?q=<${sample.commonWords.length} common words in turn>&price_max=<above every price, ` +
            'another each time>&limit=24',
        )),
        // The words' own counts: the cap matches every product, and these paths are not the load's.
        matches: await matchesOf(sample.commonWords.map(searchPath)),
      };
    }
    case 'search-typo': {
      const typos = typoVariants(sample.commonWords);
      return get(
        typos.map(searchPath),
        `GET /api/products?q=<${typos.length} one-typo variants of common words in turn: ` +
          `${typos
            .slice(0, 3)
            .map((term) => JSON.stringify(term))
            .join(', ')}, …>&limit=24`,
      );
    }
    case 'search-typo-after-flood': {
      // The requests of search-typo, after a seller rewrote one product with random words: the dictionary every
      // typed word is looked up in must not have grown (issue 42, point 2). Each write empties the answer cache.
      const { seconds } = await floodOneProduct(shopUrl);
      const typos = typoVariants(sample.commonWords);
      return get(
        typos.map(searchPath),
        `GET /api/products?q=<the ${typos.length} typo variants of search-typo>&limit=24, after ${FLOOD_EDITS} ` +
          `PATCHes of one product with 5 random words each (${seconds.toFixed(1)} s)`,
      );
    }
    case 'search-filtered': {
      const paths = filteredSearches(sample.commonWords, sample.products);
      return get(
        paths,
        'GET /api/products?q=<common word>&brand=<sampled brand>&price_min=<a cent more each time>' +
          '&price_max=<min + $50–500>&sort=<relevance, price or rating or newest>&limit=24',
      );
    }
    case 'facets-fresh':
      return get(
        freshCommon('/api/products/facets', sample.commonWords),
        `GET /api/products/facets?q=<${sample.commonWords.length} common words in turn>` +
          '&price_max=<above every price, another each time>',
      );
    case 'category-unknown':
      return {
        name,
        request: `GET /api/products?category=<${UNKNOWN_CATEGORY_LENGTH} random letters, new on every request>&limit=24`,
        ...(await load(unknownCategories())),
      };
    case 'categories':
      return get(['/api/categories']);
    case 'product': {
      const ids = sample.products.map((product) => product._id);
      const paths = ids.map((id) => `/api/products/${id}`);
      return get(paths, `GET /api/products/<${ids.length} ids in turn>`);
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
    case 'orders-stock': {
      const { result, check, stock } = await loadStockOrders(shopUrl, load);
      return {
        name,
        request:
          'POST /api/orders, one unit of one product with counted stock that sells out during the load',
        ...result,
        orders: check,
        stock,
      };
    }
    case 'orders-read':
      return { name, request: ORDER_READS_REQUEST, ...(await loadOrderReads(shopUrl, load)) };
  }
}
