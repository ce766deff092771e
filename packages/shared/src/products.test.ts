import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductUpdateSchema } from './products.ts';

const NUMBER_FIELDS = ['price', 'discount', 'stock'] as const;
const numberField = fc.constantFrom(...NUMBER_FIELDS);

/** Numbers as a form writes them: an optional minus, digits, and maybe a decimal point and more digits. */
const decimalText = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,12}$/), fc.option(fc.stringMatching(/^\d{1,4}$/)))
  .map(
    ([negative, whole, fraction]) =>
      `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`,
  );

/** What a parse gives a client: the value, or the messages per field. */
function outcome(input: object) {
  const result = ProductUpdateSchema.safeParse(input);
  return result.success
    ? { data: result.data }
    : { issues: result.error.issues.map((issue) => [issue.path.join('.'), issue.message]) };
}

describe('numeric product fields', () => {
  it('check a number sent as decimal text exactly as the number itself', () => {
    fc.assert(
      fc.property(numberField, decimalText, (field, text) => {
        expect(outcome({ [field]: text })).toEqual(outcome({ [field]: Number(text) }));
      }),
    );
  });

  it('refuse any other text, naming the field', () => {
    const notDecimal = fc.string().filter((text) => text !== '' && !/^-?\d+(\.\d+)?$/.test(text));
    fc.assert(
      fc.property(numberField, notDecimal, (field, text) => {
        expect(outcome({ [field]: text }).issues).toEqual([
          [field, 'Expected a number, such as 12 or 12.50'],
        ]);
      }),
    );
  });
});

describe('review figures', () => {
  it('are dropped whatever a client sends: they come from buyers’ reviews', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (ratings, reviews_count) => {
        expect(outcome({ name: 'Lamp', ratings, reviews_count })).toEqual({ data: { name: 'Lamp' } });
      }),
    );
  });
});
