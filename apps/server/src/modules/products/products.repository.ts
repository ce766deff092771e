import { randomUUID } from 'node:crypto';
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  lt,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { SubqueryWithSelection, WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import { SEARCH_COUNT_MAX } from '@bazaar/shared/pagination';
import type { ProductListQuery, ProductSort } from '@bazaar/shared/products';
import type { Database } from '../../db/client.ts';
import { categoryTags, products, users } from '../../db/schema.ts';
import { announceCatalogChange } from '../../db/catalog-changes.ts';

export type NewProductRow = typeof products.$inferInsert;

const productColumns = getTableColumns(products);
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

/** Escapes LIKE's wildcards so that a search for "50%" means the text "50%". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A list query whose category route value has been replaced by the tags it matches (`categoryTagsIn`), which
 * the GIN index on `categories` answers, and whose seller handle by the seller's user id (`sellerIdOf`).
 */
export type ProductListFilter = Omit<ProductListQuery, 'category' | 'seller'> & {
  categoryTags?: string[] | undefined;
  sellerId?: string | undefined;
};

function whereOf(
  query: Pick<ProductListFilter, 'q' | 'categoryTags' | 'flash_sale' | 'sellerId'>,
): SQL | undefined {
  return and(
    query.q === undefined ? undefined : ilike(products.name, `%${escapeLike(query.q)}%`),
    query.categoryTags === undefined ? undefined : arrayOverlaps(products.categories, query.categoryTags),
    query.flash_sale === undefined ? undefined : eq(products.flashSale, query.flash_sale),
    query.sellerId === undefined ? undefined : eq(products.sellerId, query.sellerId),
  );
}

/**
 * A name search with at most this many matches reads them all through the trigram index and sorts them. The
 * planner cannot tell from a pattern how many rows match, and for a rare pair of common words ("Nova Lea") it
 * walked the newest-first index through half the catalog to fill a page.
 */
export const FEW_MATCHES = 1000;

type SortableColumns = { createdAt: AnyColumn; seq: AnyColumn; id: AnyColumn };

/**
 * The ORDER BY of each sort, keyed by the shared sort type so that a new sort does not compile until it is
 * ordered here. `random` is id order from a random pivot (`randomPage`).
 */
const ORDER_BY: Record<ProductSort, (table: SortableColumns) => SQL[]> = {
  newest: (table) => [desc(table.createdAt), desc(table.seq)],
  server: (table) => [asc(table.createdAt), asc(table.seq)],
  random: (table) => [asc(table.id)],
};

/**
 * The page and count queries of a non-random list; exported so that a test can read their plans. `matches` is the
 * list's count when known, which picks the page's plan for a name search.
 */
export function listQueries(db: Database, query: ProductListFilter, matches?: number) {
  const where = whereOf(query);
  const fewMatches = query.q !== undefined && matches !== undefined && matches <= FEW_MATCHES;

  function page() {
    if (!fewMatches) {
      return selectWithSeller(db)
        .where(where)
        .orderBy(...ORDER_BY[query.sort](products));
    }
    // The LIMIT keeps the planner from merging the subquery into the sorted walk; twice the count leaves room
    // for products added since it was taken.
    const matching = db
      .select()
      .from(products)
      .where(where)
      .limit(2 * FEW_MATCHES)
      .as('matching');
    return withSeller(db, matching).orderBy(...ORDER_BY[query.sort](matching));
  }

  return {
    page: page().limit(query.limit).offset(query.offset),
    // A name search stops counting one past SEARCH_COUNT_MAX: enough to tell that the total is capped.
    count:
      query.q === undefined
        ? db.select({ total: count() }).from(products).where(where)
        : db.select({ total: count() }).from(
            db
              .select({ one: sql`1` })
              .from(products)
              .where(where)
              .limit(SEARCH_COUNT_MAX + 1)
              .as('matches'),
          ),
  };
}

/** The product `id`, if `editor` may change it: undefined = anyone (an admin), else the seller's user id. */
const editableBy = (id: string, editor: string | undefined) =>
  and(eq(products.id, id), editor === undefined ? undefined : eq(products.sellerId, editor));

export function createProductsRepository(db: Database) {
  /**
   * A random page without `ORDER BY random()` (a full scan): ids are random UUIDs, so the rows that
   * follow a random pivot in id order are a random sample; wrap around when the pivot is near the end.
   */
  async function randomPage(query: ProductListFilter): Promise<ProductRow[]> {
    const where = whereOf(query);
    const pivot = randomUUID();
    const after = await selectWithSeller(db)
      .where(and(where, gte(products.id, pivot)))
      .orderBy(...ORDER_BY.random(products))
      .limit(query.limit);
    if (after.length === query.limit) return after;
    const before = await selectWithSeller(db)
      .where(and(where, lt(products.id, pivot)))
      .orderBy(...ORDER_BY.random(products))
      .limit(query.limit - after.length);
    return [...after, ...before];
  }

  return {
    /** One page; `matches`, the list's count when known, lets a name search pick the cheaper plan. */
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

    page(query: ProductListFilter, matches?: number): Promise<ProductRow[]> {
      return query.sort === 'random' ? randomPage(query) : listQueries(db, query, matches).page;
    },

    async count(query: ProductListFilter): Promise<number> {
      const [counted] = await listQueries(db, query).count;
      return counted?.total ?? 0;
    },

    async findById(id: string): Promise<ProductRow | undefined> {
      const [row] = await selectWithSeller(db).where(eq(products.id, id)).limit(1);
      return row;
    },

    // Each write announces itself in its own transaction, so that other processes hear of it on commit.
    create(values: NewProductRow): Promise<ProductRow> {
      return db.transaction(async (tx) => {
        const inserted = tx.$with('inserted').as(tx.insert(products).values(values).returning());
        const [row] = await withSeller(tx.with(inserted), inserted);
        if (!row) throw new Error('insert returned no product');
        await announceCatalogChange(tx);
        return row;
      });
    },

    /**
     * Changes a product in one statement, only when `editor` may (`editableBy`). Answers undefined when no row
     * matched (unknown product or someone else's).
     */
    update(id: string, values: Partial<NewProductRow>, editor: string | undefined) {
      return db.transaction(async (tx) => {
        const updated = tx.$with('updated').as(
          tx
            .update(products)
            .set({ ...values, updatedAt: sql`now()` })
            .where(editableBy(id, editor))
            .returning(),
        );
        const [row] = await withSeller(tx.with(updated), updated);
        if (row) await announceCatalogChange(tx);
        return row;
      });
    },

    /** Deletes under the same rule as `update`; answers whether a row went. */
    delete(id: string, editor: string | undefined): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(products)
          .where(editableBy(id, editor))
          .returning({ id: products.id });
        if (deleted.length > 0) await announceCatalogChange(tx);
        return deleted.length > 0;
      });
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
