import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, testEngine } from '../test/test-database.ts';
import { queryRows } from './client.ts';

describe.skipIf(testEngine !== 'postgres')('closing the database (postgres)', () => {
  it('lets a handler that is between two queries run its second one, then closes', async () => {
    const database = await createEmptyTestDatabase();
    // A request whose client hung up: its first query runs while the server closes, and a second follows it.
    const handler = queryRows(database.db, sql`select pg_sleep(0.2)`).then(() =>
      queryRows<{ answer: number }>(database.db, sql`select 42 as answer`),
    );
    // The server closes while the first query runs.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = database.close();
    await expect(handler).resolves.toEqual([{ answer: 42 }]);
    await closing;
    // And it is closed: a query after that is refused.
    await expect(queryRows(database.db, sql`select 1`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/after calling end/) as unknown },
    });
  });
});
