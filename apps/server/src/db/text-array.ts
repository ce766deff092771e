import type pg from 'pg';

/** The type id of `text[]`, whose answers `parseTextArray` reads (pg's type names list only element types). */
export const TEXT_ARRAY_OID = 1009 as Parameters<typeof pg.types.getTypeParser>[0];

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE = 0x7d;

/**
 * A one-dimensional array in PostgreSQL's text form (`{a,"b c",NULL}`, as `array_out` writes it), read a slice at a
 * time; undefined for any other form (bounds, nested arrays), which the caller leaves to its own parser. pg's
 * parser makes an object of each character: the four arrays of a search page's 24 products took more of the
 * shop's CPU than everything else in reading their rows.
 */
export function parseTextArray(source: string): (string | null)[] | undefined {
  if (source.charCodeAt(0) !== 0x7b || source.charCodeAt(source.length - 1) !== CLOSE) return undefined;
  const entries: (string | null)[] = [];
  if (source.length === 2) return entries;
  let at = 1;
  for (;;) {
    if (source.charCodeAt(at) === QUOTE) {
      let entry = '';
      let from = at + 1;
      for (at = from; ; at += 1) {
        if (at >= source.length) return undefined;
        const code = source.charCodeAt(at);
        if (code === QUOTE) break;
        if (code === BACKSLASH) {
          entry += source.slice(from, at);
          from = at + 1;
          at += 1;
        }
      }
      entries.push(entry + source.slice(from, at));
      at += 1;
    } else {
      const from = at;
      for (; at < source.length; at += 1) {
        const code = source.charCodeAt(at);
        if (code === COMMA || code === CLOSE) break;
        // A nested array, or a quote or escape array_out never leaves unquoted.
        if (code === 0x7b || code === QUOTE || code === BACKSLASH) return undefined;
      }
      const entry = source.slice(from, at);
      entries.push(entry === 'NULL' ? null : entry);
    }
    const next = source.charCodeAt(at);
    if (next === CLOSE) return at === source.length - 1 ? entries : undefined;
    if (next !== COMMA) return undefined;
    at += 1;
  }
}
