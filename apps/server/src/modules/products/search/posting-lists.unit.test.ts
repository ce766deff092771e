import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdTable } from './id-table.ts';
import { PostingLists } from './posting-lists.ts';

const listsArbitrary = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('insert' as const), list: fc.nat(5), at: fc.nat(), entry: fc.integer() }),
    fc.record({ op: fc.constant('remove' as const), list: fc.nat(5), at: fc.nat() }),
    fc.record({
      op: fc.constant('replace' as const),
      list: fc.nat(5),
      entries: fc.array(fc.integer(), { maxLength: 40 }),
    }),
    fc.record({ op: fc.constant('drop' as const), list: fc.nat(5) }),
  ),
  { maxLength: 400 },
);

const uuidOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

describe('posting lists in one array', () => {
  it('hold what plain arrays hold after any inserts, removals, replacements and drops, as lists move and pack', () => {
    fc.assert(
      fc.property(listsArbitrary, (operations) => {
        const lists = new PostingLists();
        const model: number[][] = [];
        for (const operation of operations) {
          lists.ensureList(operation.list);
          const expected = (model[operation.list] ??= []);
          if (operation.op === 'insert') {
            const at = operation.at % (expected.length + 1);
            lists.insert(operation.list, at, operation.entry);
            expected.splice(at, 0, operation.entry);
          } else if (operation.op === 'remove') {
            if (expected.length === 0) continue;
            const at = operation.at % expected.length;
            lists.remove(operation.list, at);
            expected.splice(at, 1);
          } else if (operation.op === 'replace') {
            lists.replace(operation.list, operation.entries);
            model[operation.list] = [...operation.entries];
          } else {
            lists.drop(operation.list);
            model[operation.list] = [];
          }
          model.forEach((entries, list) => {
            const start = lists.start[list]!;
            expect([...lists.data.subarray(start, start + lists.length[list]!)]).toEqual(entries);
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the id table', () => {
  it('finds every id added and none removed, after any adds and removals', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(300)), { maxLength: 600 }), (operations) => {
        const table = new IdTable();
        const model = new Map<string, number>();
        const freeSlots: number[] = [];
        let slots = 0;
        for (const [add, n] of operations) {
          const id = uuidOf(n);
          if (add && !model.has(id)) {
            const slot = freeSlots.pop() ?? slots++;
            table.add(id, slot);
            model.set(id, slot);
          } else if (!add && model.has(id)) {
            table.remove(model.get(id)!);
            freeSlots.push(model.get(id)!);
            model.delete(id);
          }
        }
        for (let n = 0; n <= 300; n += 1) expect(table.slotOf(uuidOf(n))).toBe(model.get(uuidOf(n)));
        for (const [id, slot] of model) expect(table.idOf(slot)).toBe(id);
      }),
      { numRuns: 200 },
    );
  });
});
