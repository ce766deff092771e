import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

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
  /** The word as typed is a known word. */
  known: boolean;
  /** Some known word starts with the word as typed (or is it). */
  starts: boolean;
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

/** `text` with LIKE's wildcards and escape character escaped, to match as it is. */
const likeEscaped = (text: SQL) =>
  sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * The words of `q` in the order typed, each with the known words it stands for, in one query. The text is split
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
        exists(select from search_words as known where known.word = typed.word) as known,
        -- Not exists(): planned for an early hit, it read the whole dictionary when no word starts so.
        (
          select count(*) from search_words as known where known.word like ${likeEscaped(sql`typed.word`)} || '%'
        ) > 0 as starts,
        array(
          select known.word from search_words as known
          where length(typed.word) >= ${TYPO_MIN_LENGTH} and known.word % typed.word
            and known.word <> typed.word and levenshtein(known.word, typed.word) <= 1
          order by known.word
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
  return rows.map((row, index) => ({ ...row, last: endsTheText(rows, index) }));
}

/**
 * The word at `index` is the last typed, or a hyphenated word whose parts (which follow it, as the parser splits
 * it) end the text: "non-st" finds non-stick while it is being typed.
 */
function endsTheText(words: { word: string }[], index: number): boolean {
  const following = words.slice(index + 1).map((typed) => typed.word);
  return following.length === 0 || following.join('-') === words[index]!.word;
}

/** A lexeme in tsquery syntax, quoted so that no character of it is an operator. */
const lexeme = (word: string) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

type Weight = '' | 'A';

/** The ways a typed word matches; `whole` and `exact` rank a product's match. */
function alternatives(typed: TypedWord, weight: Weight) {
  const label = (word: string, prefix = false) =>
    prefix || weight ? `${lexeme(word)}:${prefix ? '*' : ''}${weight}` : lexeme(word);
  const itself = [label(typed.word)];
  const prefix = typed.last ? [label(typed.word, true)] : [];
  const typos = typed.typos.map((word) => label(word));
  const infixes = typed.infixes.map((word) => label(word));
  return {
    /** Every way the typed word matches: itself, as a prefix when last, with a typo, inside a longer word. */
    everyWay: [...itself, ...prefix, ...typos, ...infixes],
    /** The typed word is a whole word of the product (maybe with a typo), not the start or a part of one. */
    whole: [...itself, ...typos],
    /** The typed word as typed, without a typo. */
    exact: [...itself, ...prefix, ...infixes],
  };
}

const anyOf = (labels: string[]) => `(${labels.join(' | ')})`;
const asQuery = (text: string) => sql`${text}::tsquery`;

/** Every typed word, in any field of the product (GIN-indexed by `products_search_idx`). */
export function matchAll(words: TypedWord[]): SQL {
  const query = words.map((typed) => anyOf(alternatives(typed, '').everyWay)).join(' & ');
  return sql`${products.searchDocument} @@ ${asQuery(query)}`;
}

/** How many typed words match the document in the `kind` way. */
function countOf(document: SQL, words: TypedWord[], kind: 'whole' | 'exact'): SQL {
  const tests = words.map(
    (typed) => sql`(${document} @@ ${asQuery(anyOf(alternatives(typed, '')[kind]))})::int`,
  );
  return sql`(${sql.join(tests, sql` + `)})`;
}

/**
 * The products of the best rank that `words` allow (`relevanceOrder`): every word in the name, and every word whole
 * and as typed wherever a known word makes that possible (a typo of a word nobody has can only match as the typo).
 * No product ranks above them, so that when they fill a page, that page is theirs, newest first.
 */
export function bestRanked(words: TypedWord[]): SQL {
  const whole = words.filter((typed) => typed.known || typed.typos.length > 0);
  const exact = words.filter(
    (typed) => typed.known || (typed.last && typed.starts) || typed.infixes.length > 0,
  );
  const query = [
    ...words.map((typed) => anyOf(alternatives(typed, 'A').everyWay)),
    ...whole.map((typed) => anyOf(alternatives(typed, '').whole)),
    ...exact.map((typed) => anyOf(alternatives(typed, '').exact)),
  ].join(' & ');
  return asQuery(query);
}

/**
 * The relevance order of the products that match, in `table` (products, or a subquery of them): every word in the
 * name first, then more whole words (not prefixes or parts), then more words as typed (not typos), then newest.
 */
export function relevanceOrder(
  words: TypedWord[],
  table: Record<'searchDocument' | 'createdAt' | 'seq', AnyColumn>,
): SQL[] {
  const document = sql`${table.searchDocument}`;
  const inName = words.map((typed) => anyOf(alternatives(typed, 'A').everyWay)).join(' & ');
  return [
    sql`(${document} @@ ${asQuery(inName)}) desc`,
    sql`${countOf(document, words, 'whole')} desc`,
    sql`${countOf(document, words, 'exact')} desc`,
    desc(table.createdAt),
    desc(table.seq),
  ];
}
