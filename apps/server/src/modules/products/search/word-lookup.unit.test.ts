import { describe, expect, it } from 'vitest';
import { ProductIndex, type IndexedProduct } from './product-index.ts';
import { WordLookup } from './word-lookup.ts';

let seq = 0;
const idOf = (name: string) => `00000000-0000-4000-8000-${name.charCodeAt(0).toString(16).padStart(12, '0')}`;

function product(name: string, words: string[]): IndexedProduct {
  seq += 1;
  return {
    id: idOf(name),
    createdUs: seq,
    seq,
    saleCents: 100,
    ratings: 0,
    reviewsCount: 0,
    inStock: true,
    flashSaleEndsUs: null,
    brand: null,
    sellerId: 'seller',
    categories: [],
    words,
    named: words,
  };
}

describe('the word lookup', () => {
  it('answers a repeated word from what it found, until the index changes', () => {
    const index = new ProductIndex();
    const lookup = new WordLookup(index);
    index.upsert(product('a', ['blanket']));
    const typed = [{ word: 'blankt', last: false }];
    expect(lookup.typedWords(typed)[0]!.typos).toEqual(['blanket']);

    index.upsert(product('b', ['blanks']));
    expect(lookup.typedWords(typed)[0]!.typos).toEqual(['blanket', 'blanks']);
    // Typos rank by how many products have them: the second "blanks" puts it first.
    index.upsert(product('c', ['blanks']));
    expect(lookup.typedWords(typed)[0]!.typos).toEqual(['blanks', 'blanket']);

    index.remove(idOf('a'));
    expect(lookup.typedWords(typed)[0]!.typos).toEqual(['blanks']);
    expect(lookup.typedWords([{ word: 'lank', last: false }])[0]!.infixes).toEqual(['blanks']);
  });
});
