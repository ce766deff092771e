import { and, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { endsTheText } from './search/index-rows.ts';

/**
 * A word of a search, as the products' documents spell words (lowercase, without accents), and the known words
 * (`search_words`) it also stands for: those one typo away, and those it is a part of, but not at their start.
 */
export interface TypedWord {
  word: string;
  /** The last word typed, which also matches as a prefix ("headph" finds headphones); a hyphenated one too. */
  last: boolean;
  typos: string[];
  infixes: string[];
}

/** A typed word this long or longer also matches known words one typo (one edit) away. */
export const TYPO_MIN_LENGTH = 5;
/** A typed word this long or longer also matches inside known words ("phones" finds headphones). */
export const INFIX_MIN_LENGTH = 3;
/**
 * At most this many known words a typed word is part of, shortest first: a few letters found inside thousands of
 * words would make a query of thousands of alternatives.
 */
export const INFIX_WORDS_MAX = 100;
/**
 * At most this many known words one typo away from a typed word, those the most products have first: a typed word
 * rarely has more than a handful, and each one is an alternative that every matched document is tested against.
 */
export const TYPO_WORDS_MAX = 20;

/** `text` with LIKE's wildcards and escape character escaped, to match as it is. */
const likeEscaped = (text: SQL) =>
  sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * The words of `q` in the order typed, each with the known words it stands for
 * (TYPO_WORDS_MAX typos and INFIX_WORDS_MAX longer words at most), in one query. The text is split
 * and folded by the very functions that build the products' documents (migration 0010), so a typed word and a
 * stored one are spelled alike on both engines. Typos come from the trigram index (similarity above pg_trgm's
 * default 0.3, which every one-edit change of a five-letter word keeps) and are then checked by levenshtein.
 */
export async function typedWordsOf(db: Database, q: string): Promise<TypedWord[]> {
  const rows = await queryRows<Omit<TypedWord, 'last'>>(
    db,
    sql`
      with typed as (
        select lexeme as word, (select min(p) from unnest(positions) as p) as position
        from unnest(to_tsvector('simple'::regconfig, search_fold(${q})))
      )
      select typed.word,
        array(
          select known.word from search_words as known
          where length(typed.word) >= ${TYPO_MIN_LENGTH} and known.word % typed.word
            and known.word <> typed.word and levenshtein(known.word, typed.word) <= 1
          order by known.products desc, known.word
          limit ${TYPO_WORDS_MAX}
        ) as typos,
        array(
          select known.word from search_words as known
          where length(typed.word) >= ${INFIX_MIN_LENGTH}
            and known.word like '%_' || ${likeEscaped(sql`typed.word`)} || '%'
          order by length(known.word), known.word
          limit ${INFIX_WORDS_MAX}
        ) as infixes
      from typed
      order by typed.position`,
  );
  const typed = rows.map((row) => row.word);
  return rows.map((row, index) => ({ ...row, last: endsTheText(typed, index) }));
}

/** A lexeme in tsquery syntax, quoted so that no character of it is an operator; `:*A`-style `label` after it. */
const lexeme = (word: string, label = '') =>
  `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${label ? `:${label}` : ''}`;

/**
 * The ways a typed word matches, each the known words it stands for: itself (`whole` and `asTyped`), as a prefix when
 * last (`asTyped`), with a typo (`whole`), inside a longer word (`asTyped`).
 */
function waysOf(typed: TypedWord) {
  const itself = [{ word: typed.word, prefix: false }];
  const prefix = typed.last ? [{ word: typed.word, prefix: true }] : [];
  const typos = typed.typos.map((word) => ({ word, prefix: false }));
  const infixes = typed.infixes.map((word) => ({ word, prefix: false }));
  return {
    every: [...itself, ...prefix, ...typos, ...infixes],
    whole: [...itself, ...typos],
    asTyped: [...itself, ...prefix, ...infixes],
  };
}

type Way = ReturnType<typeof waysOf>['every'];

/** Any of `way`'s words, in any field of the document or (`inName`) in the name alone (weight A). */
const anyOf = (way: Way, inName = false) =>
  `(${way.map(({ word, prefix }) => lexeme(word, `${prefix ? '*' : ''}${inName ? 'A' : ''}`)).join(' | ')})`;

/** Every typed word, in any field of the product (GIN-indexed by `products_search_idx`). */
export function matchAll(words: TypedWord[]): SQL {
  const query = words.map((typed) => anyOf(waysOf(typed).every)).join(' & ');
  return sql`${products.searchDocument} @@ ${query}::tsquery`;
}

/** How many typed words the document matches in `way` (a relevance count). */
function matchCount(words: TypedWord[], way: 'whole' | 'asTyped'): SQL {
  const counts = words.map(
    (typed) => sql`(${products.searchDocument} @@ ${anyOf(waysOf(typed)[way])}::tsquery)::int`,
  );
  return sql.join(counts, sql` + `);
}

/**
 * A search by relevance over the products, in one statement: how many products match every typed word and `where`
 * (at most `page.pool`) and the ids of the page asked, in order. A product ranks by every word in its name first,
 * then more words matched whole (itself or with a typo), then more as typed (not a typo), then newest. Past
 * `page.pool` matches, only the newest are ranked. The SQL fallback of the search index, which ranks the same way.
 */
export function rankedSearch(
  words: TypedWord[],
  where: SQL | undefined,
  page: { pool: number; limit: number; offset: number },
): SQL {
  const named = words.map((typed) => anyOf(waysOf(typed).every, true)).join(' & ');
  return sql`
    with ranked as (
      select ${products.id} as id, ${products.createdAt} as created_at, ${products.seq} as seq,
        ${products.searchDocument} @@ ${named}::tsquery as named,
        ${matchCount(words, 'whole')} as whole, ${matchCount(words, 'asTyped')} as as_typed
      from ${products}
      where ${and(matchAll(words), where)}
      order by ${products.createdAt} desc, ${products.seq} desc
      limit ${page.pool}
    )
    select (select count(*) from ranked)::int as matches,
      array(
        select id from ranked
        order by named desc, whole desc, as_typed desc, created_at desc, seq desc
        limit ${page.limit} offset ${page.offset}
      )::text[] as ids`;
}
