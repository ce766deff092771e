import fc from 'fast-check';
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

  it('counts an entry at its new size when the same value is set again', () => {
    const lru = createByteLru<{ bodies: string[] }>(100);
    const entry = { bodies: ['identity'] };
    lru.set('a', entry, 40);
    lru.set('b', { bodies: [] }, 40);
    entry.bodies.push('gzip');
    lru.set('a', entry, 70);
    expect(lru.bytes).toBe(70);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(entry);
  });

  it('keeps nothing when its budget is 0', () => {
    const lru = createByteLru<string>(0);
    lru.set('a', 'A', 1);
    expect(lru.get('a')).toBeUndefined();
    expect(lru.bytes).toBe(0);
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

  it('answers every sequence of reads, writes and removals as a list in order of use would', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    const step = fc.oneof(
      fc.record({ op: fc.constant('get' as const), key }),
      fc.record({ op: fc.constant('set' as const), key, bytes: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ op: fc.constant('delete' as const), key }),
      fc.record({ op: fc.constant('clear' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const lru = createByteLru<string>(100);
        // The least recently used first.
        let model: { key: string; value: string; bytes: number }[] = [];
        const forget = (key: string) => (model = model.filter((entry) => entry.key !== key));
        steps.forEach((step, index) => {
          if (step.op === 'get') {
            const found = model.find((entry) => entry.key === step.key);
            expect(lru.get(step.key)).toBe(found?.value);
            if (found) model = [...model.filter((entry) => entry !== found), found];
          } else if (step.op === 'set') {
            const value = `${step.key}${index}`;
            lru.set(step.key, value, step.bytes);
            forget(step.key);
            model.push({ key: step.key, value, bytes: step.bytes });
            while (model.reduce((sum, entry) => sum + entry.bytes, 0) > 100) model.shift();
          } else if (step.op === 'delete') {
            lru.delete(step.key);
            forget(step.key);
          } else {
            lru.clear();
            model = [];
          }
          expect(lru.bytes).toBe(model.reduce((sum, entry) => sum + entry.bytes, 0));
        });
        // What is left, read from the least recently used (each read makes it the newest, as the model's order).
        for (const entry of model) expect(lru.get(entry.key)).toBe(entry.value);
      }),
    );
  });
});
