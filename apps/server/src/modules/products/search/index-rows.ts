import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import type { IndexedProduct } from './product-index.ts';
import type { Lexeme } from './word-lookup.ts';

interface IndexedRow {
  id: string;
  created_us: string;
  seq: string;
  sale_cents: number | null;
  ratings: number;
  reviews_count: number;
  in_stock: boolean;
  flash_sale_ends_us: string | null;
  brand: string | null;
  seller_id: string;
  categories: string[];
  words: string[];
  named: string[];
}

/** What the index holds of a product, read from its row: times as whole microseconds, as PostgreSQL orders them. */
const INDEXED = sql`select id, (extract(epoch from created_at) * 1000000)::bigint::text as created_us, seq::text as seq,
    sale_cents, ratings, reviews_count, stock is null or stock > 0 as in_stock,
    case when flash_sale then (extract(epoch from flash_sale_ends_at) * 1000000)::bigint::text end as flash_sale_ends_us,
    brand, seller_id, categories, tsvector_to_array(search_document) as words,
    array(select lexeme from unnest(search_document) where 'A' = any(weights)) as named
  from products`;

const indexed = (row: IndexedRow): IndexedProduct => ({
  id: row.id,
  createdUs: Number(row.created_us),
  seq: Number(row.seq),
  saleCents: row.sale_cents,
  ratings: Number(row.ratings),
  reviewsCount: row.reviews_count,
  inStock: row.in_stock,
  flashSaleEndsUs: row.flash_sale_ends_us === null ? null : Number(row.flash_sale_ends_us),
  brand: row.brand,
  sellerId: row.seller_id,
  categories: row.categories,
  words: row.words,
  named: row.named,
});

/** A place in the products' order, oldest first: (created_at, seq). */
export interface After {
  createdUs: number;
  seq: number;
}

/**
 * The next `limit` products after `after` (from the oldest when undefined), oldest first: loading reads the catalog
 * in these batches, so that it never holds more than one batch of rows beside the index.
 */
export async function readBatch(
  db: Database,
  after: After | undefined,
  limit: number,
): Promise<IndexedProduct[]> {
  const where: SQL =
    after === undefined
      ? sql`true`
      : sql`(created_at, seq) > (timestamptz 'epoch' + ${after.createdUs}::bigint * interval '1 microsecond', ${after.seq}::bigint)`;
  const rows = await queryRows<IndexedRow>(
    db,
    // Qualified: a bare `seq` would order by the text column of that name that INDEXED selects ('10' before '9').
    sql`${INDEXED} where ${where} order by products.created_at, products.seq limit ${limit}`,
  );
  return rows.map(indexed);
}

/** The products with these ids as they are now; an id without a row is a product that went. */
export async function readProducts(db: Database, ids: string[]): Promise<IndexedProduct[]> {
  const rows = await queryRows<IndexedRow>(db, sql`${INDEXED} where id = any(${sql.param(ids)}::uuid[])`);
  return rows.map(indexed);
}

/**
 * The words of a search text in the order typed, split and folded by the very functions that build the products'
 * documents (migration 0010), so a typed word and a stored one are spelled alike: what `typedWordsOf` starts from.
 * A plain text is split here, as those functions would.
 */
export async function readLexemes(db: Database, q: string): Promise<Lexeme[]> {
  const plain = plainLexemes(q);
  if (plain) return plain;
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select lexeme as word from unnest(to_tsvector('simple'::regconfig, search_fold(${q})))
      order by (select min(p) from unnest(positions) as p)`,
  );
  return lexemesOf(rows.map((row) => row.word));
}

const lexemesOf = (words: string[]): Lexeme[] =>
  words.map((word, index) => ({ word, last: endsTheText(words, index) }));

/**
 * ASCII letters and digits between spaces: PostgreSQL's parser makes a word of each run (asciiword, numword, uint,
 * sfloat alike), `search_fold` and the 'simple' dictionary only lowercase it, and a document keeps each word once.
 */
const PLAIN_TEXT = /^[A-Za-z0-9 ]*$/;

/** The lexemes of a plain text, as `readLexemes` reads them from the database; undefined for any other text. */
export function plainLexemes(q: string): Lexeme[] | undefined {
  if (!PLAIN_TEXT.test(q)) return undefined;
  return lexemesOf([...new Set(q.toLowerCase().split(' ').filter(Boolean))]);
}

/**
 * The word at `index` is the last typed, or a hyphenated word whose parts (which follow it, as the parser splits
 * it) end the text: "non-st" finds non-stick while it is being typed.
 */
export function endsTheText(words: string[], index: number): boolean {
  const following = words.slice(index + 1);
  return following.length === 0 || following.join('-') === words[index];
}
