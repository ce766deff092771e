import { describe, expect, it, vi } from 'vitest';
import { batchPerTurn } from './per-turn-batch.ts';

interface Row {
  id: string;
}

describe('batchPerTurn', () => {
  it("sends one turn's reads together, and answers each caller its own rows in its order", async () => {
    const readMany = vi.fn(async (keys: string[]) =>
      keys.filter((key) => key !== 'gone').map((id) => ({ id })),
    );
    const read = batchPerTurn<Row>(readMany, (row) => row.id);
    const [first, second, none] = await Promise.all([read(['b', 'a', 'gone']), read(['a', 'c']), read([])]);
    expect(first).toEqual([{ id: 'b' }, { id: 'a' }]);
    expect(second).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(none).toEqual([]);
    expect(readMany).toHaveBeenCalledTimes(1);
    expect(readMany).toHaveBeenCalledWith(['b', 'a', 'gone', 'c']);

    expect(await read(['c'])).toEqual([{ id: 'c' }]);
    expect(readMany).toHaveBeenCalledTimes(2);
  });

  it('fails every caller of a turn whose read failed, and reads again the next turn', async () => {
    const failure = new Error('connection lost');
    const readMany = vi.fn<(keys: string[]) => Promise<Row[]>>().mockRejectedValueOnce(failure);
    readMany.mockResolvedValue([{ id: 'a' }]);
    const read = batchPerTurn<Row>(readMany, (row) => row.id);
    const outcomes = await Promise.allSettled([read(['a']), read(['a'])]);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
    expect(await read(['a'])).toEqual([{ id: 'a' }]);
  });
});
