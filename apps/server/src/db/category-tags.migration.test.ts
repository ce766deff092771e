import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateUpTo, runMigration } from '../test/migration-steps.ts';
import { createEmptyTestDatabase } from '../test/test-database.ts';
import { queryRows, type DatabaseHandle } from './client.ts';

const TAGS_MIGRATION = '0004_category_tags_trigger';
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  await migrateUpTo(database, TAGS_MIGRATION);
});

afterAll(() => database?.close());

it('fills the category tags of a shop that had products before the tags table', async () => {
  await database.db.execute(
    sql`insert into "user" (id, name, email) values ('seller', 'Sal', 'sal@bazaar.test')`,
  );
  await database.db.execute(sql`
    insert into products (name, price_cents, main_image_url, seller_id, categories) values
      ('Kettle', 100, '/images/products/kettle/1.svg', 'seller', array['kitchen', 'home']),
      ('Lamp', 100, '/images/products/lamp/1.svg', 'seller', array['home'])`);
  await runMigration(database, TAGS_MIGRATION);
  const rows = await queryRows<{ tag: string }>(database.db, sql`select tag from category_tags order by tag`);
  expect(rows.map((row) => row.tag)).toEqual(['home', 'kitchen']);
});
