import { and, asc, eq, exists, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../../db/client.ts';
import { categories, products, users } from '../../db/schema.ts';

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_FILE_URLS = 50_000;

/** The lists the sitemaps are made of, each read in blocks of its key's order. */
export type SitemapSet = 'products' | 'categories' | 'sellers';

/**
 * A block of keys: after `after` (from the first key when undefined) up to `last` included (to the end when
 * undefined). Adjacent blocks share their border, so that every key is in exactly one block.
 */
export interface KeyBlock {
  after?: string;
  last?: string;
}

export interface SitemapProduct {
  id: string;
  updatedAt: Date;
  mainImageUrl: string;
}

/** `fileUrls`: the most URLs a sitemap file lists (the protocol's 50,000; smaller in tests). */
export function createSeoRepository(db: Database, fileUrls = SITEMAP_FILE_URLS) {
  /** Each set's key, and which rows of its table belong: a seller is a user with a product to show. */
  const sets: Record<SitemapSet, { key: AnyPgColumn; table: string; where?: SQL }> = {
    products: { key: products.id, table: 'products' },
    categories: { key: categories.id, table: 'categories' },
    sellers: {
      key: users.id,
      table: 'user',
      where: exists(
        db
          .select({ one: sql`1` })
          .from(products)
          .where(eq(products.sellerId, users.id)),
      ),
    },
  };

  const inBlock = (set: SitemapSet, { after, last }: KeyBlock) => {
    const { key, where } = sets[set];
    return and(
      after === undefined ? undefined : gt(key, after),
      last === undefined ? undefined : lte(key, last),
      where,
    );
  };

  return {
    /** The category named `name`, whatever its case. */
    async categoryNamed(name: string) {
      const [row] = await db
        .select({ name: categories.name, imageUrl: categories.imageUrl })
        .from(categories)
        .where(eq(sql`lower(${categories.name})`, name.toLowerCase()))
        .limit(1);
      return row;
    },

    /** The first category, by name, whose card lists products tagged `tag` (its lowercased name contains it). */
    async categoryOfTag(tag: string) {
      const [row] = await db
        .select({ name: categories.name, imageUrl: categories.imageUrl })
        .from(categories)
        .where(sql`strpos(lower(${categories.name}), ${tag.toLowerCase()}) > 0`)
        .orderBy(asc(categories.name))
        .limit(1);
      return row;
    },

    /**
     * The set cut into blocks of at most `fileUrls` keys, walking the key's index one block at a time: each
     * step reads one block's keys and no row, so that a million products cost twenty short index scans.
     */
    async blocks(set: SitemapSet): Promise<KeyBlock[]> {
      const { key, table } = sets[set];
      const blocks: KeyBlock[] = [];
      let after: string | undefined;
      for (;;) {
        const [step] = await queryRows<{ keys: number; last: string | null }>(
          db,
          sql`with block as (
                select ${key} as key from ${sql.identifier(table)} where ${inBlock(set, { after }) ?? sql`true`}
                order by ${key} limit ${fileUrls})
              select count(*)::int as keys, (select key from block order by key desc limit 1)::text as last
              from block`,
        );
        if (!step || step.keys === 0) {
          // The set filled its last block exactly: that block takes whatever keys come after it.
          if (blocks.length > 0) delete blocks[blocks.length - 1]!.last;
          break;
        }
        if (step.keys < fileUrls) {
          blocks.push({ after });
          break;
        }
        blocks.push({ after, last: step.last! });
        after = step.last!;
      }
      return blocks;
    },

    productsIn: (block: KeyBlock): Promise<SitemapProduct[]> =>
      db
        .select({ id: products.id, updatedAt: products.updatedAt, mainImageUrl: products.mainImageUrl })
        .from(products)
        .where(inBlock('products', block))
        .orderBy(asc(products.id)),

    categoriesIn: (block: KeyBlock) =>
      db
        .select({ name: categories.name, imageUrl: categories.imageUrl })
        .from(categories)
        .where(inBlock('categories', block))
        .orderBy(asc(categories.id)),

    sellersIn: (block: KeyBlock) =>
      db.select({ handle: users.handle }).from(users).where(inBlock('sellers', block)).orderBy(asc(users.id)),
  };
}

export type SeoRepository = ReturnType<typeof createSeoRepository>;
