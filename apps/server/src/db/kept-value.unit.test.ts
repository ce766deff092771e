import { describe, expect, it } from 'vitest';
import { createKeptValue } from './follow-changes.ts';

/** A kept value over a counter: each read answers the next number. */
function keptCounter() {
  let reads = 0;
  let release: (() => void) | undefined;
  let slow = false;
  const kept = createKeptValue(async () => {
    reads += 1;
    const value = reads;
    if (slow) await new Promise<void>((resume) => (release = resume));
    return value;
  });
  return {
    kept,
    reads: () => reads,
    slowNextRead: () => (slow = true),
    finishRead: () => {
      slow = false;
      release?.();
    },
  };
}

describe('a value kept while changes are followed', () => {
  it('is read every time while no announcement can be heard', async () => {
    const { kept } = keptCounter();
    expect([await kept.get(), await kept.get()]).toEqual([1, 2]);
  });

  it('is kept once heard, and read again after an announcement', async () => {
    const { kept, reads } = keptCounter();
    kept.changes.follow(true);
    expect([await kept.get(), await kept.get()]).toEqual([1, 1]);
    kept.changes.invalidate();
    expect([await kept.get(), await kept.get()]).toEqual([2, 2]);
    expect(reads()).toBe(2);
  });

  it('is not kept from a read that an announcement overtook', async () => {
    const { kept, slowNextRead, finishRead } = keptCounter();
    kept.changes.follow(true);
    slowNextRead();
    const overtaken = kept.get();
    kept.changes.invalidate();
    finishRead();
    expect(await overtaken).toBe(1);
    expect(await kept.get()).toBe(2);
  });

  it('is read again when the announcements cannot be caught up with', async () => {
    const { kept } = keptCounter();
    kept.changes.follow(true);
    expect(await kept.get()).toBe(1);
    kept.changes.catchUpWith(() => false);
    expect(await kept.get()).toBe(2);
  });
});
