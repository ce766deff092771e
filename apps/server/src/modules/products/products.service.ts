import { SEARCH_COUNT_MAX } from '@bazaar/shared/pagination';
import { centsToDollars, dollarsToCents } from '@bazaar/shared/pricing';
import type {
  Product,
  ProductCreate,
  ProductFilterQuery,
  ProductListQuery,
  ProductUpdate,
} from '@bazaar/shared/products';
import { PRICE_BANDS, RATING_BANDS, type ProductFacets } from '@bazaar/shared/product-facets';
import { isStatementTimeout } from '../../db/errors.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { createByteLru } from '../../lib/byte-lru.ts';
import type { Viewer } from '../auth/auth.module.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import type { UploadGuard } from '../uploads/uploads.module.ts';
import { productImageUrl, slugify, type ShopImageUrls } from '../../images/image-urls.ts';
import type {
  NewProductRow,
  ProductFilter,
  ProductListFilter,
  ProductRow,
  ProductsRepository,
} from './products.repository.ts';
import type { TypedWord } from './product-search.ts';
import type { SearchIndex } from './search/search-index.ts';
import type { Lexeme } from './search/word-lookup.ts';

function toProduct(row: ProductRow, images: ShopImageUrls): Product {
  const flashSaleEnd = runningFlashSaleEnd(row);
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    description: row.description,
    discount: row.discount,
    brand: row.brand,
    ratings: row.ratings,
    reviews_count: row.reviewsCount,
    flash_sale: flashSaleEnd !== null,
    flashSaleEndsAt: flashSaleEnd?.toISOString() ?? null,
    mainImage: { url: images.sent(row.mainImageUrl), alt: row.name },
    images: row.imageUrls.map((url) => ({ url: images.sent(url), alt: row.name })),
    features: row.features,
    colors: row.colors,
    categories: row.categories,
    addedBy: row.sellerHandle,
    seller: { handle: row.sellerHandle, name: row.sellerName },
    shipping_details: { estimated_delivery: row.estimatedDelivery },
    stock: row.stock,
    createdAt: row.createdAt.toISOString(),
  };
}

/** When the product's flash sale ends, if it is in one that has not ended. */
function runningFlashSaleEnd(row: Pick<ProductRow, 'flashSale' | 'flashSaleEndsAt'>): Date | null {
  const end = row.flashSale ? row.flashSaleEndsAt : null;
  return end !== null && end.getTime() > Date.now() ? end : null;
}

/**
 * The columns a product write sets; fields the client left out stay undefined and are not touched. The shop's own
 * pictures, which answers carry absolute, are stored site-relative when a client sends them back.
 */
function toColumns(input: ProductUpdate, images: ShopImageUrls): Partial<NewProductRow> {
  return {
    name: input.name,
    priceCents: input.price === undefined ? undefined : dollarsToCents(input.price),
    description: input.description,
    discount: input.discount,
    brand: input.brand,
    flashSale: input.flash_sale,
    // A flash sale given no end: the repository keeps the one it has or gives it a day (`flashSaleDefaultEnd`).
    flashSaleEndsAt:
      input.flash_sale === false ? null : input.flashSaleEndsAt ? new Date(input.flashSaleEndsAt) : undefined,
    mainImageUrl: input.mainImage === undefined ? undefined : images.stored(input.mainImage),
    imageUrls: input.images?.map(images.stored),
    features: input.features,
    colors: input.colors,
    categories: input.categories,
    estimatedDelivery: input.shipping_details?.estimated_delivery,
    stock: input.stock,
  };
}

/** The facets of a query that matches nothing. */
const NO_FACETS: ProductFacets = {
  total: 0,
  categories: [],
  brands: [],
  ratings: RATING_BANDS.map((min) => ({ min, count: 0 })),
  prices: PRICE_BANDS.map(({ min, max }) => ({ min, max, count: 0 })),
  in_stock: 0,
  capped: false,
};

const forbidden = () =>
  new AppError('FORBIDDEN', 'Only the seller who added this product or an admin may change it.');

/** Seconds a client is asked to wait after a search stopped by its timeout. */
export const SEARCH_RETRY_AFTER_SECONDS = 5;

/** A search whose statement ran past SEARCH_TIMEOUT_MS (PostgreSQL): 503 with Retry-After, never a 500. */
async function withinSearchTimeout<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (!isStatementTimeout(error)) throw error;
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'This search took too long and was stopped. Try again in a moment, or with fewer or longer words.',
      undefined,
      { 'retry-after': String(SEARCH_RETRY_AFTER_SECONDS) },
    );
  }
}

/** The picture URLs a write sets. */
const picturesOf = (input: ProductUpdate) => [
  ...(input.mainImage === undefined ? [] : [input.mainImage]),
  ...(input.images ?? []),
];

/**
 * The filter part of a list query: the lists matched by the products (every sort but a search's relevance) that
 * differ only in order or page share one count.
 */
const countKey = ({ sort: _sort, limit: _limit, offset: _offset, ...filter }: ProductListQuery) =>
  `count ${JSON.stringify(filter)}`;

/** The bytes of search texts' words kept for the index: a text splits the same whatever the catalog holds. */
const LEXEMES_BYTES = 1024 * 1024;

/**
 * `cache` keeps list counts and search texts' words, and is emptied by every catalog write (migration 0021);
 * `images` makes the shop's own pictures absolute in answers; `searchIndex`, when given, answers lists and facets
 * whenever it is usable, and SQL otherwise.
 */
export function createProductsService(
  repository: ProductsRepository,
  cache: CatalogCache,
  images: ShopImageUrls,
  assertMayAttach: UploadGuard,
  searchIndex?: SearchIndex,
) {
  const sent = (row: ProductRow) => toProduct(row, images);

  /** Who may edit: undefined lets an admin edit anything; a seller edits only their own products. */
  const editorOf = (viewer: Viewer) => (viewer.isAdmin ? undefined : viewer.id);

  /** Tells a missing product (404) from someone else's (403) after a guarded write matched nothing. */
  async function refusal(id: string): Promise<AppError> {
    return (await repository.findById(id)) ? forbidden() : notFound('Product');
  }

  /**
   * The words of a search text, kept as the catalog's answers are: a shopper who pages, sorts or picks a facet asks
   * for the same text again, and its words change only with the catalog.
   */
  async function typedWordsOf(q: string): Promise<TypedWord[]> {
    const key = `words ${q}`;
    const known = cache.fact<TypedWord[]>(key);
    if (known) return known;
    const generation = cache.generation;
    const words = await repository.typedWords(q);
    cache.storeFact(key, generation, words, 2 * JSON.stringify(words).length);
    return words;
  }

  const lexemes = createByteLru<Lexeme[]>(LEXEMES_BYTES);

  /** The words of a search text as the index looks them up; the texts asked most recently are kept. */
  async function indexedWordsOf(index: SearchIndex, q: string): Promise<TypedWord[]> {
    let known = lexemes.get(q);
    if (!known) {
      known = await repository.lexemes(q);
      lexemes.set(q, known, 2 * (q.length + JSON.stringify(known).length));
    }
    return index.typedWords(known);
  }

  /**
   * The query with its search text replaced by the typed words (`wordsOf`), its category route value by the tags it
   * matches and its seller handle by the seller's id. Undefined when the query matches nothing whatever else is
   * chosen (a text of no words, a handle nobody has), so that the products need not be read; a category that no
   * product has ever had leaves no tags.
   */
  async function filterOf<Query extends ProductFilterQuery>(
    { q, category, seller, ...query }: Query,
    wordsOf: (q: string) => Promise<TypedWord[]> = typedWordsOf,
  ): Promise<(Omit<Query, 'q' | 'category' | 'seller'> & ProductFilter) | undefined> {
    const [words, categoryTags, sellerId] = await Promise.all([
      q === undefined ? undefined : wordsOf(q),
      category === undefined ? undefined : repository.categoryTagsIn(category),
      seller === undefined ? undefined : repository.sellerIdOf(seller),
    ]);
    if (words?.length === 0 || (seller !== undefined && sellerId === undefined)) return undefined;
    return { ...query, words, categoryTags, sellerId };
  }

  /**
   * One page and the count of a list that the products match (by their documents for a search), the count kept under
   * `key` for the lists that differ only in sort or page.
   */
  async function pageAndCount(
    query: ProductListFilter,
    key: string,
    generation: number,
  ): Promise<{ rows: ProductRow[]; total: number }> {
    const known = cache.fact<number>(key);
    if (known !== undefined) return { rows: await repository.page(query, known), total: known };
    const [rows, total] =
      query.words === undefined
        ? await Promise.all([repository.page(query), repository.count(query)])
        : await countThenPage(query);
    cache.storeFact(key, generation, total);
    return { rows, total };
  }

  /** A search's count, then its page: the plan of the page depends on how many products match. */
  async function countThenPage(query: ProductListFilter): Promise<[ProductRow[], number]> {
    const total = await repository.count(query);
    return [await repository.page(query, total), total];
  }

  /** The search index, when it may answer now (a random page is always read from SQL). */
  async function usableIndex(query: { sort?: ProductListQuery['sort'] }): Promise<SearchIndex | undefined> {
    if (!searchIndex || query.sort === 'random') return undefined;
    return (await searchIndex.usable()) ? searchIndex : undefined;
  }

  /** A page from SQL and its count. */
  async function pageFromSql(
    query: ProductListQuery,
  ): Promise<{ rows: ProductRow[]; total: number } | undefined> {
    const generation = cache.generation;
    const filter = await filterOf(query);
    if (filter === undefined || filter.categoryTags?.length === 0) return undefined;
    // Relevance counts its matches in the statement that ranks them; the other sorts share a count kept per filter.
    return filter.words !== undefined && filter.sort === 'relevance'
      ? repository.rankedPageAndCount({ ...filter, words: filter.words })
      : pageAndCount(filter, countKey(query), generation);
  }

  /** A page from the search index: its ids and count, then the page's rows read by id. */
  async function pageFromIndex(
    index: SearchIndex,
    query: ProductListQuery,
  ): Promise<{ rows: ProductRow[]; total: number } | undefined> {
    const filter = await filterOf(query, (q) => indexedWordsOf(index, q));
    if (filter === undefined || filter.categoryTags?.length === 0) return undefined;
    const { ids, total } = index.page(filter);
    return { rows: await repository.rowsByIds(ids), total };
  }

  /** One page and the number of matches; `capped` when a name search matched more than SEARCH_COUNT_MAX. */
  async function list(
    query: ProductListQuery,
  ): Promise<{ items: Product[]; total: number; capped: boolean }> {
    const index = await usableIndex(query);
    const page = index ? await pageFromIndex(index, query) : await pageFromSql(query);
    if (!page) return { items: [], total: 0, capped: false };
    const capped = query.q !== undefined && page.total > SEARCH_COUNT_MAX;
    return { items: page.rows.map(sent), total: capped ? SEARCH_COUNT_MAX : page.total, capped };
  }

  /** The counts beside a list: see ProductFacetsSchema. */
  async function facets(query: ProductFilterQuery): Promise<ProductFacets> {
    const index = await usableIndex({});
    if (!index) {
      const filter = await filterOf(query);
      return filter === undefined ? NO_FACETS : repository.facets(filter);
    }
    const [filter, shopCategories] = await Promise.all([
      filterOf(query, (q) => indexedWordsOf(index, q)),
      repository.shopCategories(),
    ]);
    return filter === undefined ? NO_FACETS : index.facets(filter, shopCategories);
  }

  return {
    list: (query: ProductListQuery) => withinSearchTimeout(list(query)),

    facets: (query: ProductFilterQuery) => withinSearchTimeout(facets(query)),

    async get(id: string): Promise<Product> {
      const row = await repository.findById(id);
      if (!row) throw notFound('Product');
      return sent(row);
    },

    async create(input: ProductCreate, viewer: Viewer): Promise<Product> {
      await assertMayAttach(picturesOf(input), viewer);
      const columns = toColumns(input, images);
      const row = await repository.create({
        ...columns,
        name: input.name,
        priceCents: dollarsToCents(input.price),
        // Without a picture of its own, a product shows one generated from its name.
        mainImageUrl: columns.mainImageUrl ?? productImageUrl(slugify(input.name) || 'product', 1),
        sellerId: viewer.id,
      });
      return sent(row);
    },

    async update(id: string, input: ProductUpdate, viewer: Viewer): Promise<Product> {
      const pictures = picturesOf(input);
      if (pictures.length > 0) {
        // Pictures the product already shows stay allowed (an admin may have attached someone else's).
        const current = await repository.findById(id);
        if (!current) throw notFound('Product');
        await assertMayAttach(pictures, viewer, [current.mainImageUrl, ...current.imageUrls]);
      }
      const row = await repository.update(id, toColumns(input, images), editorOf(viewer));
      if (!row) throw await refusal(id);
      return sent(row);
    },

    async remove(id: string, viewer: Viewer): Promise<void> {
      if (!(await repository.delete(id, editorOf(viewer)))) throw await refusal(id);
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
