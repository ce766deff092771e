import { describe, expect, it } from 'vitest';
import { etagMatches } from './etag.ts';

describe('etagMatches', () => {
  const etag = '"abc"';

  it.each(['"abc"', 'W/"abc"', ' "other" , "abc" ', '*', ' * '])('a client that sent %s has it', (header) => {
    expect(etagMatches(header, etag)).toBe(true);
    expect(etagMatches(header, `W/${etag}`)).toBe(true);
  });

  it.each([undefined, '', '"other"', '"abc-gzip"', '"xabc"', 'abc'])(
    'a client that sent %s has not',
    (header) => {
      expect(etagMatches(header, etag)).toBe(false);
    },
  );
});
