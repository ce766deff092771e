import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client.ts';
import { FIXTURE_SELLER, insertFixtureSeller } from '../../test/product-fixtures.ts';
import { createPostgresDatabase, testEngine } from '../../test/test-database.ts';

/**
 * Two transactions adding and removing the same word of `search_words` at once (migration 0020), on PostgreSQL, where
 * they run in parallel: each ordering of their locks ends with the word's row if and only if a product has it, counted
 * right, and without a unique violation or a deadlock.
 */
describe.runIf(testEngine === 'postgres')('the dictionary under concurrent writes (PostgreSQL)', () => {
  let postgres: { url: string; drop: () => Promise<void> };
  let database: DatabaseHandle;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    postgres = await createPostgresDatabase({ migrated: true });
    database = await openDatabase({ databaseUrl: postgres.url, poolSize: 8 });
    await database.migrate();
    await insertFixtureSeller(database.db);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database?.close();
    await postgres?.drop();
  });

  /** A connection of its own, for a transaction held open across steps. */
  async function connection(): Promise<{ client: pg.Client; pid: number }> {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    clients.push(client);
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return { client, pid: rows[0]!.pid };
  }

  /** Resolves once the backend `pid` waits for a lock another transaction holds. */
  async function blocked(pid: number): Promise<void> {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const rows = await queryRows<{ waiting: boolean }>(
        database.db,
        sql`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${pid}`,
      );
      if (rows[0]?.waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`backend ${pid} never waited for a lock`);
  }

  const insertProduct = (name: string) =>
    `insert into products (name, price_cents, main_image_url, seller_id)
     values ('${name}', 100, '/images/products/x/1.svg', '${FIXTURE_SELLER.id}')`;

  const dictionary = () =>
    queryRows<{ word: string; products: number }>(
      database.db,
      sql`select word, products from search_words order by word`,
    );
  const productWords = () =>
    queryRows<{ word: string; products: number }>(
      database.db,
      sql`select word, count(*)::int as products
          from products, unnest(tsvector_to_array(search_document)) as word
          group by word order by word`,
    );
  const countOf = async (word: string) => (await dictionary()).find((row) => row.word === word)?.products;

  it('keeps a word that one write adds while another removes its last product (the remover first)', async () => {
    await database.db.execute(sql.raw(insertProduct('Zebrawood board')));
    const remover = await connection();
    const adder = await connection();
    await remover.client.query('begin');
    await remover.client.query(`delete from products where name = 'Zebrawood board'`);
    await adder.client.query('begin');
    const adding = adder.client.query(insertProduct('Zebrawood spoon'));
    await blocked(adder.pid);
    await remover.client.query('commit');
    await adding;
    await adder.client.query('commit');

    expect(await countOf('zebrawood')).toBe(1);
    expect(await countOf('board')).toBeUndefined();
    expect(await dictionary()).toEqual(await productWords());
  });

  it('keeps a word that one write adds while another removes its last product (the adder first)', async () => {
    await database.db.execute(sql.raw(insertProduct('Quartzite tile')));
    const adder = await connection();
    const remover = await connection();
    await adder.client.query('begin');
    await adder.client.query(insertProduct('Quartzite bowl'));
    await remover.client.query('begin');
    const removing = remover.client.query(`delete from products where name = 'Quartzite tile'`);
    await blocked(remover.pid);
    await adder.client.query('commit');
    await removing;
    await remover.client.query('commit');

    expect(await countOf('quartzite')).toBe(1);
    expect(await countOf('tile')).toBeUndefined();
    expect(await dictionary()).toEqual(await productWords());
  });

  it('removes the word when the adder that held it back rolls back', async () => {
    await database.db.execute(sql.raw(insertProduct('Obsidian knife')));
    const adder = await connection();
    const remover = await connection();
    await adder.client.query('begin');
    await adder.client.query(insertProduct('Obsidian mirror'));
    await remover.client.query('begin');
    const removing = remover.client.query(`delete from products where name = 'Obsidian knife'`);
    await blocked(remover.pid);
    await adder.client.query('rollback');
    await removing;
    await remover.client.query('commit');

    expect(await countOf('obsidian')).toBeUndefined();
    expect(await dictionary()).toEqual(await productWords());
  });

  it('adds a new word that two writes add at once, without a unique violation', async () => {
    const first = await connection();
    const second = await connection();
    await first.client.query('begin');
    await first.client.query(insertProduct('Quokka plush'));
    await second.client.query('begin');
    const adding = second.client.query(insertProduct('Quokka mug'));
    await blocked(second.pid);
    await first.client.query('commit');
    await adding;
    await second.client.query('commit');

    expect(await countOf('quokka')).toBe(2);
    expect(await dictionary()).toEqual(await productWords());
  });

  it('ends right, without deadlocks, after many writes adding and removing the same words at once', async () => {
    const words = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'fjord'];
    const someWords = () => words.filter(() => randomInt(2) === 0).join(' ') || 'amber';
    const ids = await queryRows<{ id: string }>(
      database.db,
      sql.raw(`${insertProduct('Racer')}, ('Racer', 100, '/x.svg', '${FIXTURE_SELLER.id}') returning id`),
    );
    // Each worker rewrites, deletes and adds products with random sets of the same words, in any order.
    const worker = async (id: string) => {
      for (let round = 0; round < 40; round += 1) {
        const action = randomInt(4);
        if (action === 0) {
          await database.db.execute(sql.raw(insertProduct(`Racer ${someWords()}`)));
        } else if (action === 1) {
          await database.db.execute(
            sql`delete from products where id = (select id from products where name like 'Racer %' limit 1)`,
          );
        } else {
          await database.db.execute(
            sql`update products set name = ${`Racer ${someWords()}`} where id = ${id}`,
          );
        }
      }
    };
    await Promise.all([...ids, ...ids, ...ids].map(({ id }) => worker(id)));

    expect(await dictionary()).toEqual(await productWords());
  });
});
