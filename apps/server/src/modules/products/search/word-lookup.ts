import {
  INFIX_MIN_LENGTH,
  INFIX_WORDS_MAX,
  TYPO_MIN_LENGTH,
  TYPO_WORDS_MAX,
  type TypedWord,
} from '../product-search.ts';
import { createByteLru } from '../../../lib/byte-lru.ts';
import type { ProductIndex } from './product-index.ts';

/** A lexeme of a search text as the database splits and folds it, in the order typed. */
export interface Lexeme {
  word: string;
  /** The last word typed (or a hyphenated one ending the text): it also matches as a prefix. */
  last: boolean;
}

const TRIGRAM = 3;
/** The bytes of typed words' lookups kept: about two thousand words with all their typos and parts. */
const FOUND_BYTES = 1024 * 1024;

interface Found {
  typos: string[];
  infixes: string[];
}

/**
 * What a typed word stands for among the words some product has, by the rules of `typedWordsOf` (the SQL that
 * reads `search_words`): the known words one edit away, those it is a part of (not at their start), and the words
 * it starts. Kept beside the index: `track` follows each word that comes and goes.
 */
export class WordLookup {
  /** Every known word in code unit order, for prefixes; rebuilt when many changed since. */
  private sorted: string[] = [];
  private added = new Set<string>();
  private removed = new Set<string>();
  /** Each three letters → the known words holding them. */
  private readonly trigrams = new Map<string, string[]>();
  /** Each character → how many known words hold it: the letters a typo may put in. */
  private readonly alphabet = new Map<string, number>();
  /**
   * What each typed word was found to stand for, while the index has not changed since (`foundAt`): shoppers repeat
   * words far more than whole texts, and a word's typos took a never-asked search a tenth of its time.
   */
  private readonly found = createByteLru<Found>(FOUND_BYTES);
  private foundAt = 0;

  constructor(private readonly index: ProductIndex) {
    index.onWord = (word, added) => this.track(word, added);
  }

  private track(word: string, added: boolean): void {
    if (added) {
      if (!this.removed.delete(word)) this.added.add(word);
    } else if (!this.added.delete(word)) this.removed.add(word);
    for (const trigram of trigramsOf(word)) {
      const words = this.trigrams.get(trigram) ?? [];
      if (added) words.push(word);
      else words.splice(words.indexOf(word), 1);
      if (words.length === 0) this.trigrams.delete(trigram);
      else this.trigrams.set(trigram, words);
    }
    for (const character of new Set(word)) {
      const count = (this.alphabet.get(character) ?? 0) + (added ? 1 : -1);
      if (count === 0) this.alphabet.delete(character);
      else this.alphabet.set(character, count);
    }
  }

  /** The typed words with the known words each stands for, as `typedWordsOf` answers them. */
  typedWords(lexemes: Lexeme[]): TypedWord[] {
    if (this.foundAt !== this.index.changes) {
      this.found.clear();
      this.foundAt = this.index.changes;
    }
    return lexemes.map(({ word, last }) => ({ word, last, ...this.lookUp(word) }));
  }

  private lookUp(word: string): Found {
    let found = this.found.get(word);
    if (!found) {
      found = {
        typos: word.length >= TYPO_MIN_LENGTH ? this.typosOf(word) : [],
        infixes: word.length >= INFIX_MIN_LENGTH ? this.infixesOf(word) : [],
      };
      const bytes = [word, ...found.typos, ...found.infixes].reduce(
        (sum, text) => sum + 2 * text.length + 16,
        64,
      );
      this.found.set(word, found, bytes);
    }
    return found;
  }

  /** The known words that `word` starts, itself included when known. */
  startingWith(word: string): string[] {
    const sorted = this.sortedWords();
    const found: string[] = [];
    for (let at = this.positionOf(word); at < sorted.length && sorted[at]!.startsWith(word); at += 1)
      found.push(sorted[at]!);
    return found;
  }

  /**
   * Known words one edit away (a letter changed, dropped or put in), those most products have first. The SQL also
   * asks pg_trgm's similarity above 0.3, which every one-edit change of a word of five letters or more keeps.
   */
  private typosOf(word: string): string[] {
    const candidates = new Set<string>();
    const letters = [...this.alphabet.keys()];
    for (let at = 0; at <= word.length; at += 1) {
      const before = word.slice(0, at);
      if (at < word.length) {
        const after = word.slice(at + 1);
        candidates.add(before + after);
        for (const letter of letters) candidates.add(before + letter + after);
      }
      for (const letter of letters) candidates.add(before + letter + word.slice(at));
    }
    candidates.delete(word);
    const known = [...candidates].flatMap((candidate) => {
      const number = this.index.wordNumber(candidate);
      return number === undefined ? [] : [{ word: candidate, products: this.index.productsWith(number) }];
    });
    known.sort((a, b) => b.products - a.products || compareText(a.word, b.word));
    return known.slice(0, TYPO_WORDS_MAX).map((typo) => typo.word);
  }

  /** Known words holding `word` after their first letter, shortest first. */
  private infixesOf(word: string): string[] {
    let rarest: string[] | undefined;
    for (const trigram of trigramsOf(word)) {
      const words = this.trigrams.get(trigram);
      if (!words) return [];
      if (!rarest || words.length < rarest.length) rarest = words;
    }
    const found = (rarest ?? []).filter((known) => known.indexOf(word, 1) !== -1);
    found.sort((a, b) => a.length - b.length || compareText(a, b));
    return found.slice(0, INFIX_WORDS_MAX);
  }

  private sortedWords(): string[] {
    const changes = this.added.size + this.removed.size;
    if (changes === 0) return this.sorted;
    if (changes > 1000) {
      this.sorted = this.sorted.filter((word) => !this.removed.has(word)).concat([...this.added]);
      this.sorted.sort(compareText);
    } else {
      for (const word of this.removed) this.sorted.splice(this.positionOf(word), 1);
      for (const word of this.added) this.sorted.splice(this.positionOf(word), 0, word);
    }
    this.added.clear();
    this.removed.clear();
    return this.sorted;
  }

  private positionOf(word: string): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.sorted[middle]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Code unit order: the "C" collation's byte order for every character outside the astral planes. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function trigramsOf(word: string): Set<string> {
  const trigrams = new Set<string>();
  for (let at = 0; at + TRIGRAM <= word.length; at += 1) trigrams.add(word.slice(at, at + TRIGRAM));
  return trigrams;
}
