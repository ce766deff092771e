import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { queryRows } from './client.ts';
import { parseTextArray } from './text-array.ts';

/** Texts made of the characters array_out quotes or escapes, and some it leaves alone. */
const text = fc
  .array(
    fc.constantFrom('a', 'Z', '7', ' ', ',', '"', '\\', '{', '}', 'NULL', 'null', 'é', '😀', '\t', "'"),
    {
      maxLength: 6,
    },
  )
  .map((parts) => parts.join(''));

describe('text arrays', () => {
  const testApp = useTestApp();

  it('are read as the database writes them, whatever their texts hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(text, { nil: null, freq: 6 }), { maxLength: 5 }),
        async (entries) => {
          const [row] = await queryRows<{ written: string }>(
            testApp.database.db,
            sql`select array(select json_array_elements_text(${JSON.stringify(entries)}::json))::text as written`,
          );
          expect(parseTextArray(row!.written)).toEqual(entries);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leave bounds and nested arrays to the driver', () => {
    expect(parseTextArray('[0:1]={a,b}')).toBeUndefined();
    expect(parseTextArray('{{a,b},{c,d}}')).toBeUndefined();
    expect(parseTextArray('{"a}')).toBeUndefined();
  });

  it('come back from a read as they were written', async () => {
    const written = ['a "quoted", part', 'back\\slash', 'NULL', '', null, '{braced}'];
    const [row] = await queryRows<{ features: (string | null)[] }>(
      testApp.database.db,
      sql`select array(select json_array_elements_text(${JSON.stringify(written)}::json)) as features`,
    );
    expect(row!.features).toEqual(written);
  });
});
