import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { plainLexemes, readLexemes } from './index-rows.ts';

/** Words of every kind PostgreSQL's parser tells apart among ASCII letters and digits. */
const WORDS = [
  'lamp',
  'LAMP',
  'Desk',
  'a',
  'x',
  '007',
  '0',
  '12345678901234567890',
  'abc123',
  '123abc',
  '1e5',
  '1E5',
];

describe("a search text's words", () => {
  const testApp = useTestApp();

  it('are split in the process, for a plain text, as the database splits them', async () => {
    const { db } = testApp.database;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', '  ')), { maxLength: 6 }),
        fc.boolean(),
        async (words, leadingSpace) => {
          const q = (leadingSpace ? ' ' : '') + words.map(([word, space]) => word + space).join('');
          const fromDatabase = await queryRows<{ word: string }>(
            db,
            sql`select lexeme as word from unnest(to_tsvector('simple'::regconfig, search_fold(${q})))
              order by (select min(p) from unnest(positions) as p)`,
          );
          expect(plainLexemes(q)?.map((lexeme) => lexeme.word)).toEqual(fromDatabase.map((row) => row.word));
          expect(await readLexemes(db, q)).toEqual(plainLexemes(q));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('are read from the database for any other text', async () => {
    expect(plainLexemes('sofa-bed')).toBeUndefined();
    expect(plainLexemes('Désk')).toBeUndefined();
    expect(await readLexemes(testApp.database.db, 'Désk sofa-bed')).toEqual([
      { word: 'desk', last: false },
      { word: 'sofa-bed', last: true },
      { word: 'sofa', last: false },
      { word: 'bed', last: true },
    ]);
  });
});
