import { describe, expect, it } from 'vitest';
import { createSessionMemory } from './session-memory.ts';

const row = { name: 'Sam' };

function following(caughtUp = true) {
  const memory = createSessionMemory<typeof row>();
  memory.changes.catchUpWith(() => Promise.resolve(caughtUp));
  memory.changes.follow(true);
  return memory;
}

describe('the memory of sessions', () => {
  it('answers a kept session once caught up with every announcement', async () => {
    const memory = following();
    memory.keep('token', row, memory.changes.generation);
    expect(await memory.recall('token')).toBe(row);
    expect(await memory.recall('another')).toBeUndefined();
  });

  it('keeps nothing read before an announcement that came while the read was on its way', async () => {
    const memory = following();
    const readGeneration = memory.changes.generation;
    memory.changes.invalidate();
    memory.keep('token', row, readGeneration);
    expect(await memory.recall('token')).toBeUndefined();
  });

  it('forgets everything on an announcement', async () => {
    const memory = following();
    memory.keep('token', row, memory.changes.generation);
    memory.changes.invalidate();
    expect(await memory.recall('token')).toBeUndefined();
  });

  it('neither keeps nor answers while announcements cannot be heard, and forgets what it kept before', async () => {
    const memory = following();
    memory.keep('token', row, memory.changes.generation);
    memory.changes.follow(false);
    expect(await memory.recall('token')).toBeUndefined();
    memory.keep('token', row, memory.changes.generation);
    memory.changes.follow(true);
    expect(await memory.recall('token')).toBeUndefined();
  });

  it('forgets everything when it cannot tell whether it is caught up', async () => {
    const memory = following(false);
    memory.keep('token', row, memory.changes.generation);
    expect(await memory.recall('token')).toBeUndefined();
    memory.changes.catchUpWith(() => Promise.resolve(true));
    expect(await memory.recall('token')).toBeUndefined();
  });
});
