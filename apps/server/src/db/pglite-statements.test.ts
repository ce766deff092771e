import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, testEngine } from '../test/test-database.ts';
import { prepareRows, queryRows, type DatabaseHandle } from './client.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  await queryRows(
    database.db,
    sql`create table note (id int primary key, body text, tags text[], data jsonb, at timestamptz)`,
  );
});
afterAll(() => database.close());

const at = new Date('2026-11-25T21:30:00.000Z');
const body = 'it\'s "quoted" \\ and ünïcode';
const insertNote = (id: number) =>
  queryRows(
    database.db,
    sql`insert into note values (${id}, ${body}, ${sql.param(['a', 'b,c', null])}, ${JSON.stringify({ n: 1 })}, ${at})`,
  );

describe('statements on the engine under test', () => {
  it('send every kind of value and read it back, named or not', async () => {
    await insertNote(1);
    const readNote = prepareRows<Record<string, unknown>>(
      database.db,
      'read_note',
      sql`select id, body, tags, data, at, ${sql.placeholder('extra')}::int + 1 as extra from note where id = ${sql.placeholder('id')}`,
    );
    const expected = {
      id: 1,
      body,
      tags: ['a', 'b,c', null],
      data: { n: 1 },
      at: '2026-11-25 21:30:00+00',
      extra: 42,
    };
    for (let run = 0; run < 3; run++) expect(await readNote({ id: 1, extra: 41 })).toEqual([expected]);
    const unnamed = sql`select id, body, tags, data, at, ${41}::int + 1 as extra from note where id = ${1}`;
    expect(await queryRows(database.db, unnamed)).toEqual([expected]);
    expect(await readNote({ id: 2, extra: null })).toEqual([]);
  });

  it("answer an error as the database's, and the next statement still runs", async () => {
    await insertNote(10);
    const insertAgain = prepareRows(
      database.db,
      'insert_note_again',
      sql`insert into note (id) values (${sql.placeholder('id')})`,
    );
    for (let run = 0; run < 2; run++) {
      await expect(insertAgain({ id: 10 })).rejects.toMatchObject({ cause: { code: '23505' } });
      await expect(queryRows(database.db, sql`select * from nowhere`)).rejects.toMatchObject({
        cause: { code: '42P01' },
      });
      await expect(queryRows(database.db, sql`select from from`)).rejects.toMatchObject({
        cause: { code: '42601' },
      });
      expect(
        await queryRows(database.db, sql`select count(*)::int as notes from note where id = 10`),
      ).toEqual([{ notes: 1 }]);
    }
  });

  it('keep a statement outside a transaction from seeing what the transaction has not committed', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into note (id) values (20)`);
      inserted();
      // Gives the statement below its chance to run while the transaction is open.
      await new Promise((resolve) => setImmediate(resolve));
      const inside = (await tx.execute(sql`select count(*)::int as notes from note where id = 20`)) as {
        rows: unknown[];
      };
      expect(inside.rows).toEqual([{ notes: 1 }]);
      throw new Error('rolled back');
    });
    await insertedYet;
    const outside = queryRows(database.db, sql`select count(*)::int as notes from note where id = 20`);
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await outside).toEqual([{ notes: 0 }]);
  });
});

describe.skipIf(testEngine !== 'pglite')('statements on PGlite', () => {
  it('parse a named statement once, keep it, and leave other statements unnamed', async () => {
    const countNotes = prepareRows<{ notes: number }>(
      database.db,
      'count_notes',
      sql`select count(*)::int as notes from note where id >= ${sql.placeholder('from')}`,
    );
    for (let run = 0; run < 8; run++) await countNotes({ from: run });
    await queryRows(database.db, sql`select count(*)::int as unnamed_statement from note`);
    const kept = await queryRows<{ statement: string; plans: number }>(
      database.db,
      sql`select statement, (generic_plans + custom_plans)::int as plans from pg_prepared_statements`,
    );
    expect(kept.filter(({ statement }) => statement.includes('as notes from note where id >='))).toEqual([
      { statement: 'select count(*)::int as notes from note where id >= $1', plans: 8 },
    ]);
    expect(kept.filter(({ statement }) => statement.includes('unnamed_statement'))).toEqual([]);
  });
});
