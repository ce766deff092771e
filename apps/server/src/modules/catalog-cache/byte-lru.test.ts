import { describe, expect, it } from 'vitest';
import { createByteLru } from './byte-lru.ts';

describe('createByteLru', () => {
  it('forgets the least recently used entries once the sizes pass the budget', () => {
    const lru = createByteLru<string>(100);
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    expect(lru.get('a')).toBe('A'); // now b is the least recently used
    lru.set('c', 'C', 40);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    expect(lru.bytes).toBe(80);
  });

  it('counts a replaced entry once, and never keeps one bigger than the budget', () => {
    const lru = createByteLru<string>(100);
    lru.set('a', 'A', 60);
    lru.set('a', 'A2', 70);
    expect(lru.bytes).toBe(70);
    lru.set('huge', 'H', 101);
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('a')).toBe('A2');
    lru.clear();
    expect(lru.bytes).toBe(0);
    expect(lru.get('a')).toBeUndefined();
  });

  it('forgets one entry on demand, and its size with it', () => {
    const lru = createByteLru<string>(100);
    lru.set('a', 'A', 30);
    lru.set('b', 'B', 50);
    lru.delete('a');
    lru.delete('never stored');
    expect(lru.get('a')).toBeUndefined();
    expect(lru.get('b')).toBe('B');
    expect(lru.bytes).toBe(50);
  });
});
