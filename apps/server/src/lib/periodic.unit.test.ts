import { describe, expect, it, vi } from 'vitest';
import { runPeriodically } from './periodic.ts';

describe('runPeriodically', () => {
  it('hands a failed round to `failed` and runs the next one', async () => {
    const failure = new Error('connection lost');
    let rounds = 0;
    const failed = vi.fn();
    const periodic = runPeriodically(
      5,
      async () => {
        rounds += 1;
        throw failure;
      },
      failed,
    );
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(2));
    await periodic.stop();
    expect(failed).toHaveBeenCalledWith(failure);
    expect(failed).toHaveBeenCalledTimes(rounds);
  });
});
