import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../paths.ts';
import { createEmptyTestDatabase } from '../test/test-database.ts';
import { queryRows, type DatabaseHandle } from './client.ts';

/** The migrations before `tag`, in a folder of their own: the database as a shop had it before that migration. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'bazaar-migrations-'));
  await cp(paths.migrations, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

describe('migration 0002 (seller identity) on a shop that has users and products', () => {
  let database: DatabaseHandle;
  let earlier: string;

  beforeAll(async () => {
    database = await createEmptyTestDatabase();
    earlier = await migrationsBefore('0002_seller-identity');
    await database.migrate(earlier);
    // Oldest first: handles are handed out in order of account creation.
    const people = [
      ['u1', 'Olive Owner', 'olive@bazaar.test'],
      ['u2', 'Olive Owner', 'olive.two@bazaar.test'],
      ['u3', 'Sofia García', 'sofia@bazaar.test'],
      ['u4', '李', 'li@bazaar.test'],
      ['u5', 'Olive Owner 2', 'olive.three@bazaar.test'],
    ];
    for (const [position, [id, name, email]] of people.entries()) {
      await database.db.execute(
        sql`insert into "user" (id, name, email, created_at)
            values (${id}, ${name}, ${email}, timestamptz '2026-01-01' + make_interval(days => ${position}))`,
      );
    }
    await database.db.execute(
      sql`insert into products (name, price_cents, main_image_url, added_by) values
          ('Lamp', 100, '/images/x/1.svg', 'olive@bazaar.test'),
          ('Mug', 100, '/images/x/1.svg', 'sofia@bazaar.test'),
          ('Chair', 100, '/images/x/1.svg', 'gone@bazaar.test')`,
    );
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    if (earlier) await rm(earlier, { recursive: true });
  });

  it('gives every user a unique handle made from the name, the same on every database', async () => {
    const rows = await queryRows<{ email: string; handle: string }>(
      database.db,
      sql`select email, handle from "user" order by email`,
    );
    expect(rows).toEqual([
      { email: 'gone@bazaar.test', handle: 'former-seller' },
      { email: 'li@bazaar.test', handle: 'seller' },
      { email: 'olive.three@bazaar.test', handle: 'olive-owner-2-2' },
      { email: 'olive.two@bazaar.test', handle: 'olive-owner-2' },
      { email: 'olive@bazaar.test', handle: 'olive-owner' },
      { email: 'sofia@bazaar.test', handle: 'sofia-garcia' },
    ]);
  });

  it('moves each product to its seller by user id, and a product whose e-mail has no account to a former seller', async () => {
    const rows = await queryRows<{ product: string; handle: string; name: string }>(
      database.db,
      sql`select products.name as product, "user".handle, "user".name
          from products join "user" on "user".id = products.seller_id order by products.name`,
    );
    expect(rows).toEqual([
      { product: 'Chair', handle: 'former-seller', name: 'Former seller' },
      { product: 'Lamp', handle: 'olive-owner', name: 'Olive Owner' },
      { product: 'Mug', handle: 'sofia-garcia', name: 'Sofia García' },
    ]);
  });
});

describe('migration 0020 (search words pruned) on a shop whose dictionary kept every word', () => {
  let database: DatabaseHandle;
  let earlier: string;

  beforeAll(async () => {
    database = await createEmptyTestDatabase();
    earlier = await migrationsBefore('0020_search-words-pruned');
    await database.migrate(earlier);
    await database.db.execute(
      sql`insert into "user" (id, name, email, handle) values ('u1', 'Sal', 'sal@bazaar.test', 'sal')`,
    );
    await database.db.execute(
      sql`insert into products (name, brand, price_cents, main_image_url, seller_id, categories) values
          ('Steel Kettle', 'Zenith', 100, '/images/x/1.svg', 'u1', array['kitchen']),
          ('Steel Pan', 'Zenith', 100, '/images/x/1.svg', 'u1', array['kitchen']),
          ('Gone Lamp', null, 100, '/images/x/1.svg', 'u1', array['home'])`,
    );
    // Words the old triggers kept after their products lost them.
    await database.db.execute(sql`update products set name = 'Copper Pan' where name = 'Steel Pan'`);
    await database.db.execute(sql`delete from products where name = 'Gone Lamp'`);
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    if (earlier) await rm(earlier, { recursive: true });
  });

  it('keeps only the words some product has, each with how many products have it', async () => {
    const rows = await queryRows<{ word: string; products: number }>(
      database.db,
      sql`select word, products from search_words order by word`,
    );
    expect(rows).toEqual([
      { word: 'copper', products: 1 },
      { word: 'kettle', products: 1 },
      { word: 'kitchen', products: 2 },
      { word: 'pan', products: 1 },
      { word: 'steel', products: 1 },
      { word: 'zenith', products: 2 },
    ]);
  });

  it('keeps counting as products change afterwards', async () => {
    await database.db.execute(sql`delete from products where name = 'Copper Pan'`);
    const rows = await queryRows<{ word: string; products: number }>(
      database.db,
      sql`select word, products from search_words order by word`,
    );
    expect(rows).toEqual([
      { word: 'kettle', products: 1 },
      { word: 'kitchen', products: 1 },
      { word: 'steel', products: 1 },
      { word: 'zenith', products: 1 },
    ]);
  });
});
