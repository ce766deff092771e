import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import type { TypedWord } from '../modules/products/product-search.ts';

/** A product as the oracle ranks it: the words of its search document (the database's own), and whether in its name. */
interface Indexed {
  id: string;
  /** Microseconds since 1970, as the database orders them. */
  createdAt: number;
  seq: number;
  words: Map<string, boolean>;
}

/**
 * The products matching `where` (SQL over `products`, true for all), with the words of their search documents, read
 * as lists of words: the oracle matches and ranks them in the test, not with the search's tsquery.
 */
export async function indexedProducts(db: Database, where: SQL = sql`true`): Promise<Indexed[]> {
  const rows = await queryRows<{
    id: string;
    created_us: string | number;
    seq: string | number;
    word: string;
    in_name: boolean;
  }>(
    db,
    sql`select products.id, (extract(epoch from products.created_at) * 1000000)::bigint as created_us, products.seq, lexeme.lexeme as word,
          'A' = any(lexeme.weights) as in_name
        from products, unnest(products.search_document) as lexeme
        where ${where}`,
  );
  const byId = new Map<string, Indexed>();
  for (const row of rows) {
    const product = byId.get(row.id) ?? {
      id: row.id,
      createdAt: Number(row.created_us),
      seq: Number(row.seq),
      words: new Map<string, boolean>(),
    };
    product.words.set(row.word, row.in_name);
    byId.set(row.id, product);
  }
  return [...byId.values()];
}

/**
 * The ids of `products` a search for `words` finds, in relevance order, by the rule stated plainly: every typed word
 * matches (itself, as a prefix when last, a typo, a longer word it is part of); every word in the name first, then
 * more whole words (itself or a typo), then more words as typed (not typos), then newest. Like the shop, it ranks
 * only the newest `pool` matches.
 */
export function rankedByOracle(products: Indexed[], words: TypedWord[], pool: number): string[] {
  const scored = products.flatMap((product) => {
    const groups = words.map((typed) => {
      let matched = false;
      let inName = false;
      let whole = false;
      let exact = false;
      for (const [word, named] of product.words) {
        const itself = word === typed.word;
        const prefix = typed.last && word.startsWith(typed.word);
        const typo = typed.typos.includes(word);
        const infix = typed.infixes.includes(word);
        if (!(itself || prefix || typo || infix)) continue;
        matched = true;
        inName ||= named;
        whole ||= itself || typo;
        exact ||= itself || prefix || infix;
      }
      return { matched, inName, whole, exact };
    });
    if (!groups.every((group) => group.matched)) return [];
    return [
      {
        product,
        inName: groups.every((group) => group.inName),
        wholes: groups.filter((group) => group.whole).length,
        exacts: groups.filter((group) => group.exact).length,
      },
    ];
  });
  const newest = (a: Indexed, b: Indexed) => b.createdAt - a.createdAt || b.seq - a.seq;
  return scored
    .sort((a, b) => newest(a.product, b.product))
    .slice(0, pool)
    .sort(
      (a, b) =>
        Number(b.inName) - Number(a.inName) ||
        b.wholes - a.wholes ||
        b.exacts - a.exacts ||
        newest(a.product, b.product),
    )
    .map((scoredProduct) => scoredProduct.product.id);
}
