import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../paths.ts';
import { createEmptyTestDatabase } from '../test/test-database.ts';
import { queryRows, type DatabaseHandle } from './client.ts';

const TAGS_MIGRATION = '0004_category_tags_trigger';
let database: DatabaseHandle;

/** Runs the statements of one migration file, as drizzle's migrator does. */
async function runMigration(tag: string): Promise<void> {
  const text = readFileSync(join(paths.migrations, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    await database.db.execute(sql.raw(statement));
}

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  const journal = JSON.parse(readFileSync(join(paths.migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const tags = journal.entries.map((entry) => entry.tag);
  for (const tag of tags.slice(0, tags.indexOf(TAGS_MIGRATION))) await runMigration(tag);
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
  await runMigration(TAGS_MIGRATION);
  const rows = await queryRows<{ tag: string }>(database.db, sql`select tag from category_tags order by tag`);
  expect(rows.map((row) => row.tag)).toEqual(['home', 'kitchen']);
});
