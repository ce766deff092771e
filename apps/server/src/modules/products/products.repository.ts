import { randomUUID } from 'node:crypto';
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import {
  alias,
  type PgSelect,
  type SubqueryWithSelection,
  type WithSubqueryWithSelection,
} from 'drizzle-orm/pg-core';
import { SEARCH_COUNT_MAX } from '@bazaar/shared/pagination';
import { dollarsToCents } from '@bazaar/shared/pricing';
import type { ProductFilterQuery, ProductListQuery, ProductSort } from '@bazaar/shared/products';
import {
  FACET_COUNT_MAX,
  FACET_VALUES_MAX,
  PRICE_BANDS,
  RATING_BANDS,
  type ProductFacets,
} from '@bazaar/shared/product-facets';
import { queryRows, type Database } from '../../db/client.ts';
import { batchPerTurn } from '../../lib/per-turn-batch.ts';
import { FACET_GROUPS, unselected, type FacetGroup } from './search/facet-groups.ts';
import type { ShopCategory } from './search/facet-counts.ts';
import { readLexemes } from './search/index-rows.ts';
import { categories, categoryTags, products, users } from '../../db/schema.ts';
import { matchAll, rankedSearch, typedWordsOf, type TypedWord } from './product-search.ts';

export type NewProductRow = typeof products.$inferInsert;

// The search document stays in the database: only the search's own SQL reads it.
const { searchDocument: _searchDocument, ...productColumns } = getTableColumns(products);
/** The seller's public identity, read with every product by the user table's primary key. */
const sellerColumns = { sellerHandle: users.handle, sellerName: users.name };

/** The products table with each product's seller. */
const selectWithSeller = (db: Database) =>
  db
    .select({ ...productColumns, ...sellerColumns })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId));

type ProductRows =
  | SubqueryWithSelection<typeof productColumns, string>
  | WithSubqueryWithSelection<typeof productColumns, string>;

/** The product rows of a subquery (or of a write's RETURNING) with each product's seller. */
const withSeller = (db: Pick<Database, 'select'>, rows: ProductRows) =>
  db
    .select({ ...rows._.selectedFields, ...sellerColumns })
    .from(rows)
    .innerJoin(users, eq(users.id, rows.sellerId));

/** A product as reads and writes answer it: its columns, and its seller's handle and name. */
export type ProductRow = Awaited<ReturnType<typeof selectWithSeller>>[number];

/**
 * What narrows a list, as the database reads it: the search text replaced by its typed words (`typedWordsOf`), the
 * category route value by the tags it matches (`categoryTagsIn`), which the GIN index on `categories` answers, and
 * the seller handle by the seller's user id (`sellerIdOf`).
 */
export type ProductFilter = Omit<ProductFilterQuery, 'q' | 'category' | 'seller'> & {
  words?: TypedWord[] | undefined;
  categoryTags?: string[] | undefined;
  sellerId?: string | undefined;
};

/** A filter with its order and page. */
export type ProductListFilter = ProductFilter & Pick<ProductListQuery, 'sort' | 'limit' | 'offset'>;

/** The columns the facet groups' selections read (`selectionsWhere`), in a table or a facet pool. */
type SelectedColumns = Record<'categories' | 'brand' | 'saleCents' | 'ratings', AnyColumn> & { inStock: SQL };
/** The columns a filter reads. */
type FilteredColumns = SelectedColumns & Record<'flashSale' | 'flashSaleEndsAt' | 'sellerId', AnyColumn>;

const PRODUCT_FILTERED: FilteredColumns = {
  categories: products.categories,
  flashSale: products.flashSale,
  flashSaleEndsAt: products.flashSaleEndsAt,
  sellerId: products.sellerId,
  brand: products.brand,
  saleCents: products.saleCents,
  ratings: products.ratings,
  inStock: sql`(${or(isNull(products.stock), sql`${products.stock} > 0`)})`,
};

/** What a filter selects in the facet groups (`FACET_GROUPS`): category, brand, price, rating, stock. */
function selectionsWhere(filter: ProductFilter, table: SelectedColumns): SQL | undefined {
  const tags = filter.categoryTags;
  return and(
    tags === undefined ? undefined : tags.length === 0 ? sql`false` : arrayOverlaps(table.categories, tags),
    filter.brand === undefined ? undefined : inArray(table.brand, filter.brand),
    filter.price_min === undefined ? undefined : gte(table.saleCents, dollarsToCents(filter.price_min)),
    filter.price_max === undefined ? undefined : lte(table.saleCents, dollarsToCents(filter.price_max)),
    filter.rating_min === undefined ? undefined : gte(table.ratings, filter.rating_min),
    filter.in_stock ? table.inStock : undefined,
  );
}

/** How long a flash sale set without an end lasts. */
const FLASH_SALE_DEFAULT = sql`interval '1 day'`;

/** The end a write gives a flash sale: the one it sets, or `otherwise` for a flash sale ticked without one. */
const flashSaleEnd = (values: Partial<NewProductRow>, otherwise: SQL) =>
  values.flashSale === true && values.flashSaleEndsAt === undefined ? otherwise : values.flashSaleEndsAt;

/** Whether a product is in a running flash sale: ticked, and its end still ahead. */
const inFlashSale = (table: FilteredColumns) =>
  sql`coalesce(${table.flashSale} and ${table.flashSaleEndsAt} > now(), false)`;

/** Everything a filter asks but its words. */
function valuesWhere(filter: ProductFilter, table: FilteredColumns): SQL | undefined {
  return and(
    filter.flash_sale === undefined
      ? undefined
      : filter.flash_sale
        ? and(eq(table.flashSale, true), gt(table.flashSaleEndsAt, sql`now()`))
        : not(inFlashSale(table)),
    filter.sellerId === undefined ? undefined : eq(table.sellerId, filter.sellerId),
    selectionsWhere(filter, table),
  );
}

function whereOf(filter: ProductFilter): SQL | undefined {
  return and(
    filter.words === undefined ? undefined : matchAll(filter.words),
    valuesWhere(filter, PRODUCT_FILTERED),
  );
}

/**
 * A search sorted otherwise than by relevance, with at most this many matches, reads them all through the search
 * index and sorts them. The planner cannot tell how many rows a search matches, and for a rare pair of common words
 * ("Nova Lea") it walked the newest-first index through half the catalog to fill a page.
 */
export const FEW_MATCHES = 1000;

type SortableColumns = Record<
  'createdAt' | 'seq' | 'id' | 'saleCents' | 'ratings' | 'reviewsCount',
  AnyColumn
>;

/**
 * The ORDER BY of each sort but relevance (`relevanceOrder`), keyed by the shared sort type so that a new sort does
 * not compile until it is ordered here. `random` is id order from a random pivot (`randomPage`). Ties break on
 * `seq`, so that pages never overlap, in the order the price and rating indexes hold.
 */
const ORDER_BY: Record<Exclude<ProductSort, 'relevance'>, (table: SortableColumns) => SQL[]> = {
  newest: (table) => [desc(table.createdAt), desc(table.seq)],
  server: (table) => [asc(table.createdAt), asc(table.seq)],
  random: (table) => [asc(table.id)],
  price_asc: (table) => [asc(table.saleCents), asc(table.seq)],
  price_desc: (table) => [desc(table.saleCents), desc(table.seq)],
  rating: (table) => [desc(table.ratings), desc(table.reviewsCount), desc(table.seq)],
};

/**
 * The page and count queries of a non-random list; exported so that a test can read their plans. `matches` is the
 * list's count when known, which picks the page's plan for a name search.
 */
export function listQueries(db: Database, query: ProductListFilter, matches?: number) {
  const where = whereOf(query);
  const fewMatches = query.words !== undefined && matches !== undefined && matches <= FEW_MATCHES;

  function page() {
    // Without words, relevance is newest first.
    const sort = query.sort === 'relevance' ? 'newest' : query.sort;
    if (!fewMatches) {
      return selectWithSeller(db)
        .where(where)
        .orderBy(...ORDER_BY[sort](products));
    }
    // The LIMIT keeps the planner from merging the subquery into the sorted walk; twice the count leaves room
    // for products added since it was taken.
    const matching = db
      .select(productColumns)
      .from(products)
      .where(where)
      .limit(2 * FEW_MATCHES)
      .as('matching');
    return withSeller(db, matching).orderBy(...ORDER_BY[sort](matching));
  }

  return { page: page().limit(query.limit).offset(query.offset), count: countQuery(db, query) };
}

/**
 * The newest `limit` products matching `filter`, with the columns that `select` (a dynamic select from the products)
 * names: each pool that the facets count. A common filter is read newest first
 * from `products_created_idx` and the reading stops at `limit`; a rarer one from its index, then sorted.
 */
const poolOfProducts = <Select extends PgSelect>(select: Select, filter: ProductFilter, limit: number) =>
  select
    .where(whereOf(filter))
    .orderBy(...ORDER_BY.newest(products))
    .limit(limit);

/**
 * How many of a search's newest matches relevance ranks: every page a client can reach is among them, and the one
 * more than a search counts tells whether its count is capped.
 */
const RANKED_POOL = SEARCH_COUNT_MAX + 1;

/** A search by relevance (`rankedSearch`): the ids of its page, in order, and its count. Exported for the plan test. */
export const rankedSearchQuery = (query: ProductListFilter & { words: TypedWord[] }) =>
  rankedSearch(query.words, valuesWhere(query, PRODUCT_FILTERED), {
    pool: RANKED_POOL,
    limit: query.limit,
    offset: query.offset,
  });

/** The count of a list; a search stops counting one past SEARCH_COUNT_MAX: enough to tell that the total is capped. */
function countQuery(db: Database, filter: ProductFilter) {
  const where = whereOf(filter);
  if (filter.words === undefined) return db.select({ total: count() }).from(products).where(where);
  return db.select({ total: count() }).from(
    db
      .select({ one: sql`1` })
      .from(products)
      .where(where)
      .limit(SEARCH_COUNT_MAX + 1)
      .as('matches'),
  );
}

/**
 * Facets count at most this many matches of each group's filter, the newest: a pool this full says that the counts
 * are capped (they describe the newest matches), as a search's total does.
 */
export const FACET_POOL = FACET_COUNT_MAX;

type CountedGroup = Exclude<FacetGroup, 'categories' | 'brands'>;

/** The aggregates of the groups answered by counts, over a pool of products (`pool` in `facetQueries`). */
const FACET_COUNTS: Record<CountedGroup, SQL[]> = {
  ratings: RATING_BANDS.map((min) => sql`count(*) filter (where ratings >= ${min})::int`),
  prices: PRICE_BANDS.map(
    ({ min, max }) =>
      sql`count(*) filter (where sale_cents >= ${dollarsToCents(min)}${
        max === null ? sql`` : sql` and sale_cents < ${dollarsToCents(max)}`
      })::int`,
  ),
  in_stock: [sql`count(*) filter (where in_stock)::int`],
};

/**
 * The facets as `facetQuery` answers them: JSON of each group's counts, and of each pool's counts.
 */
interface FacetRow {
  categories: ValueCount[] | string;
  brands: ValueCount[] | string;
  /** Per pool, the full filter's first: how many it holds, whether it is full, the bands of its groups. */
  counts: PoolCounts[] | string;
}
interface PoolCounts {
  matches: number;
  full: boolean;
  bands: Partial<Record<CountedGroup, number[]>>;
}
type ValueCount = { value: string; count: number };

/**
 * The shop's categories with the tags each one's route value matches (`categoryTagsIn`'s rule: the lowercased name
 * contains the tag), and every tag some category matches.
 */
const SHOP_CATEGORIES = [
  sql`shop_categories as (select ${categories.name} as name,
    array(select ${categoryTags.tag} from ${categoryTags} where strpos(lower(${categories.name}), ${categoryTags.tag}) > 0) as tags
    from ${categories})`,
  sql`covered as (select distinct tag from shop_categories, unnest(shop_categories.tags) as tag)`,
];

/**
 * The category facet's values of each product in `pool`: the name of each shop category that its tags match, and
 * its tags that no category matches, as they are. Picking a value as `?category=` shows the products counted.
 */
const categoryValuesOf = (pool: ReturnType<typeof sql.identifier>) => sql`${pool}, lateral (
    select name as value from shop_categories where shop_categories.tags && ${pool}.categories
    union all
    select tag from unnest(${pool}.categories) as tag where tag not in (select tag from covered)
  ) as category_value`;

/**
 * The facets of `filter` in one statement, each group counted over a pool of at most FACET_POOL products matching
 * its group's filter, the newest. The groups whose own selection is not made share the pool of the full filter;
 * each selected group has a pool of its own. Exported so that a test can read its plan.
 */
export function facetQuery(db: Database, filter: ProductFilter): SQL {
  const groups = Object.keys(FACET_GROUPS) as FacetGroup[];
  const own = groups.filter((group) => FACET_GROUPS[group].selected(filter));
  const poolName = (group: FacetGroup) => (own.includes(group) ? `pool_${group}` : 'pool');
  const poolOf = (group: FacetGroup) => sql.identifier(poolName(group));
  const poolFilters: [string, ProductFilter][] = [
    ['pool', filter],
    ...own.map((group): [string, ProductFilter] => [poolName(group), FACET_GROUPS[group].without(filter)]),
  ];
  const pools =
    filter.words === undefined ? productPools(db, poolFilters) : searchPools(db, filter, poolFilters);
  const selectedBrands = filter.brand ?? [];
  const valuesOf = (group: 'categories' | 'brands') => {
    const pool = poolOf(group);
    // A selected brand stays listed, however few products it has.
    const selectedFirst =
      group === 'brands' && selectedBrands.length > 0
        ? sql`value in (${sql.join(
            selectedBrands.map((brand) => sql`${brand}`),
            sql`, `,
          )}) desc, `
        : sql``;
    return sql`(select coalesce(json_agg(json_build_object('value', value, 'count', count) order by position), '[]')
      from (
        select value, count, row_number() over (order by ${selectedFirst}count desc, value) as position
        from (
          select value, count(*)::int as count
          from ${group === 'categories' ? categoryValuesOf(pool) : sql`(select brand as value from ${pool} where brand is not null) as branded`}
          group by value
        ) as counted
      ) as ranked
      where position <= ${FACET_VALUES_MAX})`;
  };
  // One pass over each pool counts its matches and every band of the groups counted there.
  const counted = Object.keys(FACET_COUNTS) as CountedGroup[];
  const countsOf = (pool: string) => {
    const bands = counted
      .filter((group) => poolName(group) === pool)
      .map((group) => sql`${group}::text, json_build_array(${sql.join(FACET_COUNTS[group], sql`, `)})`);
    return sql`(select json_build_object('matches', count(*)::int, 'full', count(*) >= ${FACET_POOL},
      'bands', json_build_object(${sql.join(bands, sql`, `)})) from ${sql.identifier(pool)})`;
  };
  // The full filter's pool first: its matches are the total.
  const counts = sql`json_build_array(${sql.join(
    poolFilters.map(([pool]) => countsOf(pool)),
    sql`, `,
  )})`;
  return sql`with ${sql.join([...pools, ...SHOP_CATEGORIES], sql`, `)}
    select ${valuesOf('categories')} as categories, ${valuesOf('brands')} as brands, ${counts} as counts`;
}

/** What a facet pool holds of each product: the columns its groups count, under the names they read. */
const POOL_COLUMNS = {
  categories: products.categories,
  brand: products.brand,
  ratings: products.ratings,
  sale_cents: products.saleCents,
  in_stock: sql<boolean>`${PRODUCT_FILTERED.inStock}`.as('in_stock'),
};

/** The facet pools of a list without words, each read from the products: from an index for a common filter. */
function productPools(db: Database, poolFilters: [string, ProductFilter][]): SQL[] {
  return poolFilters.map(
    ([pool, poolFilter]) =>
      sql`${sql.identifier(pool)} as (${poolOfProducts(db.select(POOL_COLUMNS).from(products).$dynamic(), poolFilter, FACET_POOL)})`,
  );
}

/** A search's matches as its facet pools read them: the products' columns under their own names. */
const MATCHED = alias(products, 'matched');
const MATCHED_SELECTED: SelectedColumns = { ...MATCHED, inStock: sql`${MATCHED}.in_stock` };

/**
 * The facet pools of a search, from one read of its matches (its words and what no group selects, through
 * `products_search_idx`), which each pool narrows by its selections: the newest FACET_POOL, sorted only when more
 * match. A read per pool took each common word's matches from the table once a pool, and timed out under load.
 */
function searchPools(db: Database, filter: ProductFilter, poolFilters: [string, ProductFilter][]): SQL[] {
  const matched = db
    .select({ ...POOL_COLUMNS, created_at: products.createdAt, seq: products.seq })
    .from(products)
    .where(whereOf(unselected(filter)));
  const newest = (where: SQL) => sql`
    select * from matched where ${where} and (select matches from counted) <= ${FACET_POOL}
    union all
    (
      select * from matched where ${where} and (select matches from counted) > ${FACET_POOL}
      order by created_at desc, seq desc limit ${FACET_POOL}
    )`;
  return [
    sql`matched as materialized (${matched})`,
    sql`counted as (select count(*) as matches from matched)`,
    ...poolFilters.map(
      ([pool, poolFilter]) =>
        sql`${sql.identifier(pool)} as (${newest(selectionsWhere(poolFilter, MATCHED_SELECTED) ?? sql`true`)})`,
    ),
  ];
}

/** PostgreSQL's driver parses JSON; PGlite's may leave it text. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The facets of `filter`; `capped` when a pool was full. */
async function readFacets(db: Database, filter: ProductFilter): Promise<ProductFacets & { capped: boolean }> {
  const [row] = await queryRows<FacetRow>(db, facetQuery(db, filter));
  if (!row) throw new Error('the facets query answered no row');
  const pools = parsed(row.counts);
  // Each counted group is counted in one pool.
  const bands = pools.reduce<PoolCounts['bands']>((all, pool) => ({ ...all, ...pool.bands }), {});
  const band = (group: CountedGroup, index: number) => Number(bands[group]?.[index] ?? 0);
  const valueCounts = (rows: ValueCount[] | string) =>
    parsed(rows).map(({ value, count }) => ({ value, count: Number(count) }));
  return {
    total: Number(pools[0]?.matches ?? 0),
    categories: valueCounts(row.categories),
    brands: valueCounts(row.brands),
    ratings: RATING_BANDS.map((min, index) => ({ min, count: band('ratings', index) })),
    prices: PRICE_BANDS.map(({ min, max }, index) => ({ min, max, count: band('prices', index) })),
    in_stock: band('in_stock', 0),
    capped: pools.some((pool) => pool.full),
  };
}

/** The product `id`, if `editor` may change it: undefined = anyone (an admin), else the seller's user id. */
const editableBy = (id: string, editor: string | undefined) =>
  and(eq(products.id, id), editor === undefined ? undefined : eq(products.sellerId, editor));

export interface ProductsRepositoryOptions {
  /**
   * PostgreSQL: each statement of a search (its words, page, count and facets) stops after this many milliseconds
   * with SQLSTATE 57014 (`isStatementTimeout`). Undefined on PGlite, whose statements always run to their end.
   */
  searchTimeoutMs?: number | undefined;
}

export function createProductsRepository(db: Database, { searchTimeoutMs }: ProductsRepositoryOptions = {}) {
  /**
   * Runs the reads of a search under the statement timeout: in a transaction of their own, so that the timeout set
   * for it (SET LOCAL) leaves the pooled connection as it was. Reads without words run as they are.
   */
  function bounded<T>(
    words: TypedWord[] | string | undefined,
    read: (db: Database) => Promise<T>,
  ): Promise<T> {
    if (searchTimeoutMs === undefined || words === undefined) return read(db);
    return db.transaction(async (tx) => {
      // Without JIT: the facets' estimates pass its cost threshold, and compiling took a second a statement (measured:
      // 1,025 ms of JIT for a 90 ms common word's facets at 100,000 products) where each runs in milliseconds.
      await tx.execute(
        sql`select set_config('statement_timeout', ${String(searchTimeoutMs)}, true), set_config('jit', 'off', true)`,
      );
      return read(tx);
    });
  }

  // Prepared once: every search by relevance reads its page's rows by id, and drizzle would build its SQL each time.
  const productsByIds = selectWithSeller(db)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('products_by_ids');

  /**
   * A random page without `ORDER BY random()` (a full scan): ids are random UUIDs, so the rows that
   * follow a random pivot in id order are a random sample; wrap around when the pivot is near the end.
   */
  async function randomPage(reader: Database, query: ProductListFilter): Promise<ProductRow[]> {
    const where = whereOf(query);
    const pivot = randomUUID();
    const after = await selectWithSeller(reader)
      .where(and(where, gte(products.id, pivot)))
      .orderBy(...ORDER_BY.random(products))
      .limit(query.limit);
    if (after.length === query.limit) return after;
    const before = await selectWithSeller(reader)
      .where(and(where, lt(products.id, pivot)))
      .orderBy(...ORDER_BY.random(products))
      .limit(query.limit - after.length);
    return [...after, ...before];
  }

  /**
   * The products with these ids, in their order; a product deleted since the ids were read is left out. The pages of
   * the searches answered in one turn are read together.
   */
  const rowsByIds: (ids: string[]) => Promise<ProductRow[]> = batchPerTurn(
    (ids) => productsByIds.execute({ ids }),
    (row) => row.id,
  );

  /**
   * A page of a search by relevance and its count (capped past SEARCH_COUNT_MAX), from one read of its matches;
   * then the page's rows alone are read whole.
   */
  async function rankedPageAndCount(
    query: ProductListFilter & { words: TypedWord[] },
  ): Promise<{ rows: ProductRow[]; total: number }> {
    const [ranked] = await bounded(query.words, (reader) =>
      queryRows<{ matches: number; ids: string[] }>(reader, rankedSearchQuery(query)),
    );
    return { rows: await rowsByIds(ranked?.ids ?? []), total: Number(ranked?.matches ?? 0) };
  }

  async function countOf(filter: ProductFilter): Promise<number> {
    const [counted] = await bounded(filter.words, (reader) => countQuery(reader, filter));
    return counted?.total ?? 0;
  }

  return {
    /**
     * The tags a category route value matches: every known tag that the lowercased value contains (the spec's
     * rule). Read from the small table of tags, so that a value matching none costs no read of the products.
     */
    async categoryTagsIn(routeValue: string): Promise<string[]> {
      const rows = await db
        .select({ tag: categoryTags.tag })
        .from(categoryTags)
        .where(sql`strpos(${routeValue.toLowerCase()}, ${categoryTags.tag}) > 0`);
      return rows.map((row) => row.tag);
    },

    /** The user id behind a handle; undefined when nobody has it. */
    async sellerIdOf(handle: string): Promise<string | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.handle, handle)).limit(1);
      return row?.id;
    },

    /**
     * One page of a list that the products match (a search by relevance is `rankedPageAndCount`); `matches`, the
     * list's count when known, lets a search pick the cheaper plan.
     */
    async page(query: ProductListFilter, matches?: number): Promise<ProductRow[]> {
      if (query.sort === 'random') return bounded(query.words, (reader) => randomPage(reader, query));
      return bounded(query.words, (reader) => listQueries(reader, query, matches).page);
    },

    rankedPageAndCount,

    rowsByIds,

    /** The words of a search text, in the order typed, before any lookup of the words they stand for. */
    lexemes: (q: string) => readLexemes(db, q),

    /** The shop's categories with the tags each one's route value matches, as the category facet counts them. */
    shopCategories: (): Promise<ShopCategory[]> =>
      queryRows<ShopCategory>(db, sql`with ${SHOP_CATEGORIES[0]!} select name, tags from shop_categories`),

    /** The words of a search text and the known words each stands for. */
    typedWords: (q: string) => bounded(q, (reader) => typedWordsOf(reader, q)),

    facets: (filter: ProductFilter) => bounded(filter.words, (reader) => readFacets(reader, filter)),

    count: countOf,

    async findById(id: string): Promise<ProductRow | undefined> {
      const [row] = await selectWithSeller(db).where(eq(products.id, id)).limit(1);
      return row;
    },

    async create(values: NewProductRow): Promise<ProductRow> {
      const inserted = db.$with('inserted').as(
        db
          .insert(products)
          .values({ ...values, flashSaleEndsAt: flashSaleEnd(values, sql`now() + ${FLASH_SALE_DEFAULT}`) })
          .returning(productColumns),
      );
      const [row] = await withSeller(db.with(inserted), inserted);
      if (!row) throw new Error('insert returned no product');
      return row;
    },

    /**
     * Changes a product in one statement, only when `editor` may (`editableBy`). Answers undefined when no row
     * matched (unknown product or someone else's).
     */
    async update(id: string, values: Partial<NewProductRow>, editor: string | undefined) {
      const updated = db.$with('updated').as(
        db
          .update(products)
          .set({
            ...values,
            // Ticked again without an end, a running flash sale keeps its end; an ended one gets a new day.
            flashSaleEndsAt: flashSaleEnd(
              values,
              sql`coalesce(case when ${products.flashSaleEndsAt} > now() then ${products.flashSaleEndsAt} end,
                now() + ${FLASH_SALE_DEFAULT})`,
            ),
            updatedAt: sql`now()`,
          })
          .where(editableBy(id, editor))
          .returning(productColumns),
      );
      const [row] = await withSeller(db.with(updated), updated);
      return row;
    },

    /** Deletes under the same rule as `update`; answers whether a row went. */
    async delete(id: string, editor: string | undefined): Promise<boolean> {
      const deleted = await db.delete(products).where(editableBy(id, editor)).returning({ id: products.id });
      return deleted.length > 0;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
