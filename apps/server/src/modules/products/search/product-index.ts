import { IdTable } from './id-table.ts';
import { PostingLists } from './posting-lists.ts';

/** A product as the index holds it: what a list filters, sorts and ranks by, and the words of its document. */
export interface IndexedProduct {
  id: string;
  /** Microseconds since 1970, as the database orders `created_at`. */
  createdUs: number;
  seq: number;
  saleCents: number | null;
  ratings: number;
  reviewsCount: number;
  inStock: boolean;
  /** When its flash sale ends (microseconds), if the flash sale is ticked; null otherwise. */
  flashSaleEndsUs: number | null;
  brand: string | null;
  sellerId: string;
  categories: string[];
  /** The lexemes of its search document, and those of them in its name (weight A). */
  words: string[];
  named: string[];
}

/**
 * Prefixes this short have a posting list of their own: the products having a word that starts with the prefix, as
 * Meilisearch keeps. A last typed word of a letter or two ("s") would otherwise merge the lists of thousands of words.
 */
export const SHORT_PREFIX_MAX = 2;
/** The key of a short prefix's list among the words: no lexeme holds this character. */
export const prefixKey = (prefix: string) => `\u0000${prefix}`;
const isPrefixKey = (word: string) => word.startsWith('\u0000');

/** The list of every product, newest last, as word lists are: what a list without words reads. */
export const EVERY_PRODUCT = 0;
/** `saleCents` of a product without a sale price (the column is nullable). */
export const NO_PRICE = -0x80000000;

/** Small values shared by many products (brands, sellers, category lists), numbered as they come. */
class Numbering<Value> {
  readonly values: Value[] = [];
  private readonly numbers = new Map<string, number>();
  constructor(private readonly keyOf: (value: Value) => string) {}
  numberOf(value: Value): number {
    const key = this.keyOf(value);
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.values.push(value) - 1;
      this.numbers.set(key, number);
    }
    return number;
  }
  find(value: Value): number | undefined {
    return this.numbers.get(this.keyOf(value));
  }
}

/** Notes word `number` in `entries`: in the name (1) if any of its sightings is. */
function note(entries: Map<number, number>, number: number, inName: number): void {
  entries.set(number, (entries.get(number) ?? 0) | inName);
}

/** Each noted word as an entry: its number, and its in-name flag in the lowest bit. */
const packed = (entries: Map<number, number>): number[] =>
  [...entries].map(([number, inName]) => (number << 1) | inName);

function grown<Array extends Float64Array | Float32Array | Int32Array | Uint8Array>(
  array: Array,
  size: number,
): Array {
  if (array.length >= size) return array;
  const bigger = new (array.constructor as new (length: number) => Array)(
    Math.max(64, Math.ceil(size * 1.5)),
  );
  bigger.set(array);
  return bigger;
}

/**
 * Every product's values in typed arrays by slot, and its words: a posting list per word (`postings`, entries
 * `slot << 1 | in name`, oldest first, so that a new product is appended; short prefixes have lists too), and the words
 * of each slot (`forward`, entries `word << 1 | in name`), which say what to take out when a product changes or goes.
 */
export class ProductIndex {
  readonly ids = new IdTable();
  createdUs = new Float64Array(0);
  seq = new Float64Array(0);
  saleCents = new Int32Array(0);
  ratings = new Float32Array(0);
  reviewsCount = new Int32Array(0);
  inStock = new Uint8Array(0);
  /** NaN when the flash sale is not ticked. */
  flashSaleEndsUs = new Float64Array(0);
  /** -1 for no brand. */
  brand = new Int32Array(0);
  seller = new Int32Array(0);
  categoryList = new Int32Array(0);
  readonly brands = new Numbering<string>((brand) => brand);
  readonly sellers = new Numbering<string>((seller) => seller);
  readonly categoryLists = new Numbering<string[]>((categories) => JSON.stringify(categories));

  readonly postings = new PostingLists();
  private readonly forward = new PostingLists();
  /** Word → word number (list of `postings`); 0 is EVERY_PRODUCT. */
  private readonly wordNumbers = new Map<string, number>();
  /** The word of each number ('' for EVERY_PRODUCT and freed numbers). */
  readonly words: string[] = [''];
  private readonly freeWords: number[] = [];
  private readonly freeSlots: number[] = [];
  private slots = 0;
  /** How many upserts and removals the index has taken: what was found in it holds while this stays. */
  changes = 0;
  /** Called with each word that comes (true) or goes (false), for the word lookups kept beside the index. */
  onWord: (word: string, added: boolean) => void = () => undefined;

  /** Slots are numbered below this. */
  get slotCapacity(): number {
    return this.createdUs.length;
  }

  get size(): number {
    return this.postings.length[EVERY_PRODUCT] ?? 0;
  }

  wordNumber(word: string): number | undefined {
    return this.wordNumbers.get(word);
  }

  /** How many products have the word numbered `word`. */
  productsWith(word: number): number {
    return this.postings.length[word]!;
  }

  /** Whether slot `a` is newer than slot `b`: later `created_at`, then higher `seq`. */
  newer(a: number, b: number): boolean {
    const created = this.createdUs[a]! - this.createdUs[b]!;
    return created > 0 || (created === 0 && this.seq[a]! > this.seq[b]!);
  }

  /** Gives back the room that growing left: once loaded, the index takes about what it holds. */
  pack(): void {
    this.postings.pack();
    this.forward.pack();
    const size = Math.max(64, this.slots);
    this.createdUs = this.createdUs.slice(0, size);
    this.seq = this.seq.slice(0, size);
    this.saleCents = this.saleCents.slice(0, size);
    this.ratings = this.ratings.slice(0, size);
    this.reviewsCount = this.reviewsCount.slice(0, size);
    this.inStock = this.inStock.slice(0, size);
    this.flashSaleEndsUs = this.flashSaleEndsUs.slice(0, size);
    this.brand = this.brand.slice(0, size);
    this.seller = this.seller.slice(0, size);
    this.categoryList = this.categoryList.slice(0, size);
  }

  /** Adds a product or replaces the one with its id. */
  upsert(product: IndexedProduct): void {
    this.changes += 1;
    const slot = this.ids.slotOf(product.id);
    if (slot !== undefined) {
      if (this.createdUs[slot] === product.createdUs && this.seq[slot] === product.seq) {
        this.setValues(slot, product);
        this.replaceWords(slot, this.entriesOf(product));
        return;
      }
      this.removeSlot(slot);
    }
    const fresh = this.freeSlots.pop() ?? this.slots++;
    this.ids.add(product.id, fresh);
    this.setOrder(fresh, product);
    this.setValues(fresh, product);
    this.insertPosting(EVERY_PRODUCT, fresh << 1);
    this.replaceWords(fresh, this.entriesOf(product));
  }

  remove(id: string): void {
    this.changes += 1;
    const slot = this.ids.slotOf(id);
    if (slot !== undefined) this.removeSlot(slot);
  }

  /** A copy of the slots of a list, oldest first, for tests. */
  slotsOf(list: number): number[] {
    const { data, start, length } = this.postings;
    return [...data.subarray(start[list], start[list]! + length[list]!)].map((entry) => entry >> 1);
  }

  private removeSlot(slot: number): void {
    this.replaceWords(slot, []);
    this.removePosting(EVERY_PRODUCT, slot);
    this.ids.remove(slot);
    this.freeSlots.push(slot);
  }

  private setOrder(slot: number, product: IndexedProduct): void {
    this.createdUs = grown(this.createdUs, slot + 1);
    this.seq = grown(this.seq, slot + 1);
    this.createdUs[slot] = product.createdUs;
    this.seq[slot] = product.seq;
  }

  private setValues(slot: number, product: IndexedProduct): void {
    const size = slot + 1;
    this.saleCents = grown(this.saleCents, size);
    this.ratings = grown(this.ratings, size);
    this.reviewsCount = grown(this.reviewsCount, size);
    this.inStock = grown(this.inStock, size);
    this.flashSaleEndsUs = grown(this.flashSaleEndsUs, size);
    this.brand = grown(this.brand, size);
    this.seller = grown(this.seller, size);
    this.categoryList = grown(this.categoryList, size);
    this.saleCents[slot] = product.saleCents ?? NO_PRICE;
    this.ratings[slot] = product.ratings;
    this.reviewsCount[slot] = product.reviewsCount;
    this.inStock[slot] = product.inStock ? 1 : 0;
    this.flashSaleEndsUs[slot] = product.flashSaleEndsUs ?? Number.NaN;
    this.brand[slot] = product.brand === null ? -1 : this.brands.numberOf(product.brand);
    this.seller[slot] = this.sellers.numberOf(product.sellerId);
    this.categoryList[slot] = this.categoryLists.numberOf(product.categories);
  }

  /** The forward entries of a product: each of its words, in its name or not, numbering new ones. */
  private entriesOf(product: IndexedProduct): number[] {
    const named = new Set(product.named);
    const entries = new Map<number, number>();
    for (const word of product.words) note(entries, this.numberWord(word), named.has(word) ? 1 : 0);
    return packed(entries);
  }

  /**
   * The posting entries of forward entries: each word, and each of its short prefixes (in the name if a word with it
   * is), numbering new ones. Prefixes are not kept in `forward`: they took more room there than the words.
   */
  private postingEntriesOf(words: ArrayLike<number>): Set<number> {
    const entries = new Map<number, number>();
    for (let at = 0; at < words.length; at += 1) {
      const entry = words[at]!;
      note(entries, entry >> 1, entry & 1);
      const text = this.words[entry >> 1]!;
      for (let length = 1; length <= Math.min(SHORT_PREFIX_MAX, text.length); length += 1) {
        note(entries, this.numberWord(prefixKey(text.slice(0, length))), entry & 1);
      }
    }
    return new Set(packed(entries));
  }

  private numberWord(word: string): number {
    const known = this.wordNumbers.get(word);
    if (known !== undefined) return known;
    const number = this.freeWords.pop() ?? this.words.length;
    this.words[number] = word;
    this.wordNumbers.set(word, number);
    this.postings.ensureList(number);
    if (!isPrefixKey(word)) this.onWord(word, true);
    return number;
  }

  /** Sets the words of `slot` to `words` (forward entries), changing only the postings that differ. */
  private replaceWords(slot: number, words: number[]): void {
    this.forward.ensureList(slot);
    const { data, start, length } = this.forward;
    const next = this.postingEntriesOf(words);
    if (length[slot] === 0) {
      // A new product, as every one of a load: nothing to take out.
      for (const entry of next) this.insertPosting(entry >> 1, (slot << 1) | (entry & 1));
      this.forward.replace(slot, words);
      return;
    }
    const old = this.postingEntriesOf(data.subarray(start[slot], start[slot]! + length[slot]!));
    if (old.size === next.size && [...old].every((entry) => next.has(entry))) return;
    for (const entry of old) if (!next.has(entry)) this.removePosting(entry >> 1, slot);
    for (const entry of next) if (!old.has(entry)) this.insertPosting(entry >> 1, (slot << 1) | (entry & 1));
    this.forward.replace(slot, words);
    for (const entry of old) this.forgetIfUnused(entry >> 1);
  }

  private forgetIfUnused(word: number): void {
    if (word === EVERY_PRODUCT || this.postings.length[word] !== 0 || this.words[word] === '') return;
    const text = this.words[word]!;
    this.wordNumbers.delete(text);
    this.words[word] = '';
    this.postings.drop(word);
    this.freeWords.push(word);
    if (!isPrefixKey(text)) this.onWord(text, false);
  }

  /** Where `slot` goes in `list` (oldest first): after every entry older than it. */
  private positionIn(list: number, slot: number): number {
    const { data, start, length } = this.postings;
    const first = start[list]!;
    let low = 0;
    let high = length[list]!;
    // A new product is usually the newest.
    if (high === 0 || this.newer(slot, data[first + high - 1]! >> 1)) return high;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.newer(slot, data[first + middle]! >> 1)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private insertPosting(list: number, entry: number): void {
    this.postings.insert(list, this.positionIn(list, entry >> 1), entry);
  }

  private removePosting(list: number, slot: number): void {
    const position = this.positionIn(list, slot);
    if (this.postings.data[this.postings.start[list]! + position]! >> 1 !== slot)
      throw new Error(`slot ${slot} is not in the list of word ${list}`);
    this.postings.remove(list, position);
  }
}
