import type { TypedWord } from '../product-search.ts';
import { EVERY_PRODUCT, prefixKey, SHORT_PREFIX_MAX, type ProductIndex } from './product-index.ts';
import type { WordLookup } from './word-lookup.ts';

/** How a known word matches a typed word: whole (itself or a typo) and as typed (itself, a prefix, a part). */
const WHOLE = 1;
const AS_TYPED = 2;
/** Set on a posting whose word is in the product's name. */
const NAMED = 4;

/** The posting lists a typed word matches, each with how (WHOLE, AS_TYPED). */
interface Sources {
  lists: number[];
  ways: number[];
  postings: number;
}

/**
 * A match's rank by relevance, higher first: every typed word in the name, then how many matched whole, then how many
 * as typed (`rankedSearch`'s rule). Equal scores rank newest first.
 */
export type Score = number;

/** Told each product matching, newest first, with its score; answers false to stop. */
export type Visit = (slot: number, score: Score) => boolean;

/**
 * Finds the products that match every typed word and `passes`, newest first. The typed word with the fewest postings
 * leads: its lists are read newest first and the reading stops when `visit` says so; the other words' postings are
 * read whole once, into marks by slot.
 */
export class Matcher {
  /** Per slot: the stamp of the last typed word matched in this search, that word's ways, and the counts so far. */
  private stamp = new Uint32Array(0);
  private ways = new Uint8Array(0);
  private counts = new Uint32Array(0);
  private epoch = 0;

  constructor(
    private readonly index: ProductIndex,
    private readonly lookup: WordLookup,
  ) {}

  matches(words: TypedWord[] | undefined, passes: (slot: number) => boolean, visit: Visit): void {
    if (words === undefined || words.length === 0) {
      const every: Sources = { lists: [EVERY_PRODUCT], ways: [0], postings: 0 };
      this.readNewestFirst(every, (slot) => !passes(slot) || visit(slot, 0));
      return;
    }
    const sources = words.map((typed) => this.sourcesOf(typed));
    if (sources.some((source) => source.lists.length === 0)) return;
    const order = [...sources.keys()].sort((a, b) => sources[a]!.postings - sources[b]!.postings);
    const [lead, ...others] = order.map((at) => sources[at]!);
    const base = this.nextEpoch(others.length);
    others.forEach((source, at) => this.mark(source, base + at + 1, at === 0));
    const last = base + others.length;
    const typed = words.length;
    this.readNewestFirst(lead!, (slot, ways) => {
      if (others.length > 0 && this.stamp[slot] !== last) return true;
      if (!passes(slot)) return true;
      const counts = (others.length > 0 ? this.counts[slot]! + tally(this.ways[slot]!) : 0) + tally(ways);
      const named = counts >>> 16;
      return visit(slot, ((named === typed ? 1 : 0) << 16) | (counts & 0xffff));
    });
  }

  /** The lists of the known words a typed word stands for, and how each matches. */
  private sourcesOf(typed: TypedWord): Sources {
    const ways = new Map<string, number>();
    const add = (word: string, way: number) => ways.set(word, (ways.get(word) ?? 0) | way);
    add(typed.word, WHOLE | AS_TYPED);
    if (typed.last && typed.word.length <= SHORT_PREFIX_MAX) add(prefixKey(typed.word), AS_TYPED);
    else if (typed.last) for (const word of this.lookup.startingWith(typed.word)) add(word, AS_TYPED);
    for (const word of typed.typos) add(word, WHOLE);
    for (const word of typed.infixes) add(word, AS_TYPED);
    const sources: Sources = { lists: [], ways: [], postings: 0 };
    for (const [word, way] of ways) {
      const list = this.index.wordNumber(word);
      if (list === undefined) continue;
      sources.lists.push(list);
      sources.ways.push(way);
      sources.postings += this.index.productsWith(list);
    }
    return sources;
  }

  private nextEpoch(words: number): number {
    const size = this.index.slotCapacity;
    if (this.stamp.length < size) {
      this.stamp = new Uint32Array(size);
      this.ways = new Uint8Array(size);
      this.counts = new Uint32Array(size);
      this.epoch = 0;
    }
    if (this.epoch + words + 1 >= 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    const base = this.epoch + 1;
    this.epoch = base + words;
    return base;
  }

  /**
   * Stamps the slots of `source`'s postings that carry the previous typed word's stamp (`stamp - 1`), or any slot
   * for the `first`, folding the previous word's ways into their counts.
   */
  private mark(source: Sources, stamp: number, first: boolean): void {
    const { data, start, length } = this.index.postings;
    for (let at = 0; at < source.lists.length; at += 1) {
      const list = source.lists[at]!;
      const way = source.ways[at]!;
      for (let entry = start[list]!, end = entry + length[list]!; entry < end; entry += 1) {
        const posting = data[entry]!;
        const slot = posting >> 1;
        const ways = way | (posting & 1 ? NAMED : 0);
        const seen = this.stamp[slot]!;
        if (seen === stamp) {
          this.ways[slot] = this.ways[slot]! | ways;
        } else if (first || seen === stamp - 1) {
          this.counts[slot] = first ? 0 : this.counts[slot]! + tally(this.ways[slot]!);
          this.stamp[slot] = stamp;
          this.ways[slot] = ways;
        }
      }
    }
  }

  /** Reads the postings of `source`'s lists newest first, each slot once with the ways of all its postings. */
  private readNewestFirst(source: Sources, visit: (slot: number, ways: number) => boolean): void {
    const { data, start, length } = this.index.postings;
    if (source.lists.length === 1) {
      const list = source.lists[0]!;
      const way = source.ways[0]!;
      for (let entry = start[list]! + length[list]! - 1; entry >= start[list]!; entry -= 1) {
        const posting = data[entry]!;
        if (!visit(posting >> 1, way | (posting & 1 ? NAMED : 0))) return;
      }
      return;
    }
    // A merge of the lists, newest first: a heap of each list's next posting (`at`, read downwards).
    const at = source.lists.map((list) => start[list]! + length[list]! - 1);
    const ends = source.lists.map((list) => start[list]!);
    const slotAt = (cursor: number) => data[at[cursor]!]! >> 1;
    const heap = [...at.keys()].filter((cursor) => at[cursor]! >= ends[cursor]!);
    const above = (a: number, b: number) => this.index.newer(slotAt(a), slotAt(b));
    const down = (from: number) => {
      let parent = from;
      for (;;) {
        const left = 2 * parent + 1;
        const right = left + 1;
        let top = parent;
        if (left < heap.length && above(heap[left]!, heap[top]!)) top = left;
        if (right < heap.length && above(heap[right]!, heap[top]!)) top = right;
        if (top === parent) return;
        [heap[parent], heap[top]] = [heap[top]!, heap[parent]!];
        parent = top;
      }
    };
    for (let node = (heap.length >> 1) - 1; node >= 0; node -= 1) down(node);
    while (heap.length > 0) {
      const slot = slotAt(heap[0]!);
      let ways = 0;
      while (heap.length > 0 && slotAt(heap[0]!) === slot) {
        const cursor = heap[0]!;
        ways |= source.ways[cursor]! | (data[at[cursor]!]! & 1 ? NAMED : 0);
        at[cursor] = at[cursor]! - 1;
        if (at[cursor] < ends[cursor]!) {
          const last = heap.pop()!;
          if (heap.length > 0) heap[0] = last;
        }
        down(0);
      }
      if (!visit(slot, ways)) return;
    }
  }
}

/** One typed word's ways as counts: in the name (bits 16+), whole (8+), as typed (0+). */
function tally(ways: number): number {
  return (ways & NAMED ? 1 << 16 : 0) + (ways & WHOLE ? 1 << 8 : 0) + (ways & AS_TYPED ? 1 : 0);
}
