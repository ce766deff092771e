import { and, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { products, searchPostings } from '../../db/schema.ts';
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
 * rarely has more than a handful, and each one is a range of postings that a search reads.
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

/** A lexeme in tsquery syntax, quoted so that no character of it is an operator. */
const lexeme = (word: string) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** Every way a typed word matches: itself, as a prefix when last, with a typo, inside a longer word. */
const everyWay = (typed: TypedWord) => [
  lexeme(typed.word),
  ...(typed.last ? [`${lexeme(typed.word)}:*`] : []),
  ...[...typed.typos, ...typed.infixes].map(lexeme),
];

/** Every typed word, in any field of the product (GIN-indexed by `products_search_idx`). */
export function matchAll(words: TypedWord[]): SQL {
  const query = words.map((typed) => `(${everyWay(typed).join(' | ')})`).join(' & ');
  return sql`${products.searchDocument} @@ ${query}::tsquery`;
}

/**
 * A range of known words that a typed word matches, in byte order (`search_postings.word`), and how: `typo` for a
 * word one edit away, `infix` for a longer word it is a part of; otherwise the word itself, or words it starts.
 */
interface WordRange {
  low: string;
  high: string;
  typo: boolean;
  infix: boolean;
}

/** Above every character a word can hold in byte order (UTF-8's last code point), so `word + LAST` ends its prefix. */
const LAST = '\u{10FFFF}';
/** Below every character a word can hold: `word + FIRST` ends the range that holds the word alone. */
const FIRST = '\u0001';

function wordRanges(typed: TypedWord): WordRange[] {
  const alone = (word: string, kind: Partial<WordRange> = {}) => ({
    low: word,
    high: word + FIRST,
    typo: false,
    infix: false,
    ...kind,
  });
  return [
    // The last word also matches as a prefix, and that range holds the word itself.
    typed.last ? { ...alone(typed.word), high: typed.word + LAST } : alone(typed.word),
    ...typed.typos.map((word) => alone(word, { typo: true })),
    ...typed.infixes.map((word) => alone(word, { infix: true })),
  ];
}

/** The values of a product that its postings carry, as `postingsMatching` may answer them beside its masks. */
const POSTED_VALUES = {
  categories: searchPostings.categories,
  brand: searchPostings.brand,
  ratings: searchPostings.ratings,
  sale_cents: searchPostings.saleCents,
  in_stock: searchPostings.inStock,
};
type PostedValue = keyof typeof POSTED_VALUES;

/**
 * The bit of the typed word a `word_range` row stands for, in a bit string one bit per typed word: as many as a
 * search text holds (75 in 100 characters: `a-b` is three words). A bigint held 63, and the mask of every word,
 * computed as a number, was wrong from 54 words on (past 2^53).
 */
const wordBit = (words: TypedWord[]) => sql.raw(`(1::bit(${words.length}) << word_range.word_index)`);
const noBit = (words: TypedWord[]) => sql.raw(`0::bit(${words.length})`);

/** How many typed words a mask (a bit string of `wordBit`) holds. */
const wordCount = (mask: string) => sql.raw(`bit_count(${mask})`);

/**
 * The products whose postings match every typed word and `postingsFilter`: a subquery of their ids, dates and
 * sequences, the bit masks of the typed words each matches in its name (`named`), whole (not a prefix or a part of a
 * longer word) and as typed (not a typo), and the `values` asked. Each typed word's ranges of words are read from
 * `search_postings_word_idx`, with the filter applied there.
 */
export function postingsMatching(
  words: TypedWord[],
  postingsFilter: SQL | undefined,
  values: PostedValue[] = [],
): SQL {
  const ranges = words.flatMap((typed, index) =>
    wordRanges(typed).map(
      (range) =>
        sql`(${range.low}::text, ${range.high}::text, ${index}::int, ${range.typo}::boolean, ${range.infix}::boolean)`,
    ),
  );
  const valueNames = sql.join(
    values.map((name) => sql`, posting.${sql.identifier(name)}`),
    sql``,
  );
  const postedValues = sql.join(
    values.map((name) => sql`, ${POSTED_VALUES[name]} as ${sql.identifier(name)}`),
    sql``,
  );
  const bit = wordBit(words);
  const none = noBit(words);
  return sql`
    with word_range (low, high, word_index, typo, infix) as (values ${sql.join(ranges, sql`, `)})
    select posting.product_id, posting.created_at, posting.seq${valueNames},
      bit_or(case when posting.in_name then ${bit} else ${none} end) as named,
      bit_or(case when posting.word = word_range.low and not word_range.infix then ${bit} else ${none} end) as whole,
      bit_or(case when word_range.typo then ${none} else ${bit} end) as exact
    from word_range cross join lateral (
      select ${searchPostings.productId} as product_id, ${searchPostings.createdAt} as created_at,
        ${searchPostings.seq} as seq, ${searchPostings.inName} as in_name, ${searchPostings.word} as word${postedValues}
      from ${searchPostings}
      where ${and(sql`${searchPostings.word} >= word_range.low`, sql`${searchPostings.word} < word_range.high`, postingsFilter)}
      -- Kept a subquery, so that each range is read from the index: joined, the planner may scan every posting.
      offset 0
    ) as posting
    group by posting.product_id, posting.created_at, posting.seq${valueNames}
    having bit_count(bit_or(${bit})) = ${words.length}`;
}

/**
 * The rows of the query's `matched` (`postingsMatching`) that pass `where`, with `columns`: all of them when `counted`
 * (its count) is at most `limit`, else the newest `limit`. Only a search of more matches than that pays for a sort.
 */
export const poolOfMatched = (columns: SQL, where: SQL, limit: number) => sql`
  select ${columns} from matched where ${where} and (select matches from counted) <= ${limit}
  union all
  (
    select ${columns} from matched where ${where} and (select matches from counted) > ${limit}
    order by created_at desc, seq desc limit ${limit}
  )`;

/**
 * A search by relevance over `search_postings`, in one statement: how many products match every typed word (at most
 * `page.pool`) and the ids of the page asked, in order. A product ranks by every word in its name first, then more
 * whole words, then more words as typed (`postingsMatching`), then newest. Past `page.pool` matches, only the newest
 * are ranked.
 */
export function rankedSearch(
  words: TypedWord[],
  postingsFilter: SQL | undefined,
  page: { pool: number; limit: number; offset: number },
): SQL {
  return sql`
    with matched as (${postingsMatching(words, postingsFilter)}),
    counted as (select count(*) as matches from matched)
    select least((select matches from counted), ${page.pool})::int as matches,
      array(
        select product_id from (${poolOfMatched(sql`*`, sql`true`, page.pool)}) as pool
        order by ${wordCount('named')} = ${words.length} desc, ${wordCount('whole')} desc, ${wordCount('exact')} desc,
          created_at desc, seq desc
        limit ${page.limit} offset ${page.offset}
      )::text[] as ids`;
}
