import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateUpTo, runMigration } from '../test/migration-steps.ts';
import { createEmptyTestDatabase } from '../test/test-database.ts';
import { queryRows, type DatabaseHandle } from './client.ts';

const NUMBERS_MIGRATION = '0022_order-numbers';
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  await migrateUpTo(database, NUMBERS_MIGRATION);
});

afterAll(() => database?.close());

const ordered = (address: string, placed: string) => sql`
  insert into orders (user_email, name, email, phone, address, payment_method, total_cents, order_time)
  values ('bea@bazaar.test', 'Bea', 'bea@bazaar.test', '1', ${address}, 'bkash', 100, ${placed}::timestamptz)`;

it('numbers the orders a shop had in the order they were placed, and new ones after them', async () => {
  // Inserted out of order: the numbers follow the time of placement, not the rows' order.
  await database.db.execute(ordered('second', '2026-02-01T10:00:00Z'));
  await database.db.execute(ordered('first', '2026-01-01T10:00:00Z'));
  await database.db.execute(ordered('third', '2026-03-01T10:00:00Z'));
  await runMigration(database, NUMBERS_MIGRATION);
  await database.db.execute(ordered('new', '2026-04-01T10:00:00Z'));
  const rows = await queryRows<{ address: string; number: number }>(
    database.db,
    sql`select address, number::float8 as number from orders order by number`,
  );
  expect(rows).toEqual([
    { address: 'first', number: 10001 },
    { address: 'second', number: 10002 },
    { address: 'third', number: 10003 },
    { address: 'new', number: 10004 },
  ]);
});
