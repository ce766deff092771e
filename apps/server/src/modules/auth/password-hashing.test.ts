import { describe, expect, it } from 'vitest';
import { boundedPasswordHashing } from './password-hashing.ts';

describe('password hashing in turn', () => {
  it('runs at most one hash at a time in a burst, and every hash still verifies (and only its own password)', async () => {
    const hashing = boundedPasswordHashing(1);
    let mostRunning = 0;
    const passwords = Array.from({ length: 6 }, (_, i) => `burst password ${i}`);
    const hashes = passwords.map((password) => hashing.hash(password));
    expect(hashing.load()).toEqual({ running: 1, waiting: 5 });
    const watching = setInterval(() => {
      mostRunning = Math.max(mostRunning, hashing.load().running);
    }, 1);
    const done = await Promise.all(hashes);
    clearInterval(watching);
    expect(mostRunning).toBe(1);
    expect(hashing.load()).toEqual({ running: 0, waiting: 0 });
    const checks = await Promise.all(
      done.map((hash, i) => hashing.verify({ hash, password: passwords[i] as string })),
    );
    expect(checks).toEqual(passwords.map(() => true));
    expect(await hashing.verify({ hash: done[0] as string, password: passwords[1] as string })).toBe(false);
  });

  it('lets the next hash run when one fails', async () => {
    const hashing = boundedPasswordHashing(1);
    const bad = hashing.verify({ hash: 'not a hash', password: 'x' });
    const good = hashing.hash('after a failure');
    await bad.catch(() => undefined);
    expect(await good).toMatch(/:/);
    expect(hashing.load()).toEqual({ running: 0, waiting: 0 });
  });
});
