import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { queryRows, readEach, type Database } from './client.ts';

describe('readEach', () => {
  const testApp = useTestApp();

  /** Runs three reads through readEach on `executor`, noting when each starts and ends. */
  async function timeline(executor: Database): Promise<{ answers: number[]; steps: string[] }> {
    const steps: string[] = [];
    const read = (n: number) => async () => {
      steps.push(`start ${n}`);
      const [row] = await queryRows<{ n: number }>(executor, sql`select ${n}::int as n`);
      steps.push(`end ${n}`);
      return row!.n;
    };
    const answers = await readEach(executor, [read(1), read(2), read(3)]);
    return { answers, steps };
  }

  it('runs reads at once on the pool', async () => {
    const { answers, steps } = await timeline(testApp.database.db);
    expect(answers).toEqual([1, 2, 3]);
    expect(steps.slice(0, 3)).toEqual(['start 1', 'start 2', 'start 3']);
  });

  it('runs reads one after the other in a transaction, whose connection takes one query at a time', async () => {
    const { answers, steps } = await testApp.database.db.transaction((tx) => timeline(tx));
    expect(answers).toEqual([1, 2, 3]);
    expect(steps).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });
});
