import { SEARCH_COUNT_MAX } from '@bazaar/shared/pagination';
import type { ProductSort } from '@bazaar/shared/products';
import type { ProductListFilter } from '../products.repository.ts';
import type { Matcher, Score } from './matching.ts';
import { NO_PRICE, type ProductIndex } from './product-index.ts';
import { passesOf } from './filters.ts';

/** The slots of a page, in order, and how many products the list matches (a search's stops past the cap). */
export interface IndexPage {
  slots: number[];
  total: number;
}

/** How many matches a search counts at most, and how many of the newest relevance ranks: one past what is shown. */
const SEARCH_MATCHES_MAX = SEARCH_COUNT_MAX + 1;

type Sorted = Exclude<ProductSort, 'relevance' | 'newest' | 'random'>;

/** Whether slot `a` comes before slot `b` in each sort the index reads whole (`ORDER_BY`'s orders). */
const BEFORE: Record<Sorted, (index: ProductIndex, a: number, b: number) => boolean> = {
  server: (index, a, b) => index.newer(b, a),
  price_asc: (index, a, b) =>
    price(index, a) < price(index, b) ||
    (price(index, a) === price(index, b) && index.seq[a]! < index.seq[b]!),
  price_desc: (index, a, b) =>
    price(index, a) > price(index, b) ||
    (price(index, a) === price(index, b) && index.seq[a]! > index.seq[b]!),
  rating: (index, a, b) =>
    index.ratings[a]! > index.ratings[b]! ||
    (index.ratings[a] === index.ratings[b] &&
      (index.reviewsCount[a]! > index.reviewsCount[b]! ||
        (index.reviewsCount[a] === index.reviewsCount[b] && index.seq[a]! > index.seq[b]!))),
};

/** A sale price for ordering: PostgreSQL puts NULL after every price ascending and before every one descending. */
const price = (index: ProductIndex, slot: number) =>
  index.saleCents[slot] === NO_PRICE ? Number.POSITIVE_INFINITY : index.saleCents[slot]!;

/**
 * A page of a list and its count, as the SQL answers them: relevance ranks the newest SEARCH_MATCHES_MAX matches;
 * newest first stops reading once the page and the count are known; the other sorts read every match and keep the
 * first `offset + limit` in a heap. A search's count stops at SEARCH_MATCHES_MAX; a list without words counts all.
 */
export function pageOf(index: ProductIndex, matcher: Matcher, query: ProductListFilter): IndexPage {
  const passes = passesOf(index, query);
  const searched = query.words !== undefined;
  const countMax = searched ? SEARCH_MATCHES_MAX : Number.POSITIVE_INFINITY;
  const end = query.offset + query.limit;
  let total = 0;
  if (query.sort === 'relevance' && searched) {
    const byScore = new Map<Score, number[]>();
    matcher.matches(query.words, passes, (slot, score) => {
      const ranked = byScore.get(score);
      if (ranked) ranked.push(slot);
      else byScore.set(score, [slot]);
      total += 1;
      return total < SEARCH_MATCHES_MAX;
    });
    // Each score's slots came newest first, the order that breaks its ties; only the page's are copied.
    const slots: number[] = [];
    let skipped = 0;
    for (const score of [...byScore.keys()].sort((a, b) => b - a)) {
      const bucket = byScore.get(score)!;
      const from = Math.min(bucket.length, query.offset - skipped);
      skipped += from;
      for (let at = from; at < bucket.length && slots.length < query.limit; at += 1) slots.push(bucket[at]!);
    }
    return { slots, total };
  }
  if (query.sort === 'newest' || query.sort === 'relevance') {
    const slots: number[] = [];
    matcher.matches(query.words, passes, (slot) => {
      if (total >= query.offset && total < end) slots.push(slot);
      total += 1;
      return total < countMax;
    });
    return { slots, total };
  }
  const before = BEFORE[query.sort as Sorted];
  const kept = new FirstKept(end, (a, b) => before(index, a, b));
  matcher.matches(query.words, passes, (slot) => {
    kept.offer(slot);
    if (total < countMax) total += 1;
    return true;
  });
  return { slots: kept.inOrder().slice(query.offset), total };
}

/** The first `size` of the slots offered, by `before`: a heap with the last of them on top. */
class FirstKept {
  private readonly heap: number[] = [];
  constructor(
    private readonly size: number,
    private readonly before: (a: number, b: number) => boolean,
  ) {}

  offer(slot: number): void {
    const { heap } = this;
    if (heap.length < this.size) {
      heap.push(slot);
      this.up(heap.length - 1);
    } else if (this.size > 0 && this.before(slot, heap[0]!)) {
      heap[0] = slot;
      this.down(0);
    }
  }

  inOrder(): number[] {
    return [...this.heap].sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
  }

  private up(from: number): void {
    const { heap } = this;
    let child = from;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.before(heap[parent]!, heap[child]!)) return;
      [heap[parent], heap[child]] = [heap[child]!, heap[parent]!];
      child = parent;
    }
  }

  private down(from: number): void {
    const { heap } = this;
    let parent = from;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let last = parent;
      if (left < heap.length && this.before(heap[last]!, heap[left]!)) last = left;
      if (right < heap.length && this.before(heap[last]!, heap[right]!)) last = right;
      if (last === parent) return;
      [heap[parent], heap[last]] = [heap[last]!, heap[parent]!];
      parent = last;
    }
  }
}
