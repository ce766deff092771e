import fc from 'fast-check';
import { MAX_INPUT_DEPTH } from '../http/input-guard.ts';

/** One request of the hostile suite, as `app.inject` takes it (credentials are added per caller). */
export interface HostileRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
  /** How a signed-in caller proves it; chosen at random when left out. */
  credentials?: 'bearer' | 'cookie';
}

export const SQL_PAYLOADS = [
  "' OR 1=1--",
  "'; DROP TABLE products;--",
  '" OR ""="',
  '1; SELECT pg_sleep(30)--',
  `') UNION SELECT password FROM account--`,
  "admin'--",
];

export const SCRIPT_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "<svg onload=alert('x')>",
  '{{constructor.constructor("alert(1)")()}}',
];

/** URLs no http(s) URL field may take. */
export const BAD_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x.png',
  "' OR 1=1--",
];

/** Numbers written as text: what a client that forgot to parse, or an attacker, sends for a number. */
export const NUMBER_TEXTS = ['NaN', 'Infinity', '-Infinity', '1e400', '-1', '12abc', '1,5', '1.5'];

/** Texts that are no number in decimal notation, refused also where a number may come as text ("12.50"). */
export const NOT_DECIMAL_TEXTS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '12abc',
  '1,5',
  ' ',
  '0x1A',
  '1.5.0',
];

const hostileWords = fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...BAD_URLS, ...NUMBER_TEXTS);

/** A text with a character no database text column can hold: NUL, or half of a surrogate pair. */
export const unstorableText = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('\u0000', '\ud800', '\udfff'),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, bad, after]) => before + bad + after);

/** Longer than `max` characters, counted as code points (as the schemas count them). */
export const overlongText = (max: number) =>
  fc
    .tuple(fc.integer({ min: max + 5, max: max + 3000 }), fc.constantFrom('x', 'é', '😀 ', "' OR 1=1--"))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / [...unit].length)));

/** Objects and arrays nested deeper than the server reads. */
export const deeplyNested = fc
  .tuple(fc.integer({ min: MAX_INPUT_DEPTH + 1, max: 2000 }), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = 'bottom';
    for (let level = 0; level < depth; level += 1) value = asArray ? [value] : { a: value };
    return value;
  });

/** Numbers that fit no field: beyond every limit, negative, fractional, or the extremes of a double. */
export const extremeNumber = fc.oneof(
  fc.constantFrom(-1, -0.5, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 5e-324),
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.double({ min: 1e9, max: 1e300, noNaN: true }),
);

/** A JSON value of the wrong kind for a field that takes text. */
export const notText = fc.oneof(
  fc.integer(),
  extremeNumber,
  fc.boolean(),
  fc.array(hostileWords, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileWords, { maxKeys: 3 }),
  deeplyNested,
);

/** A JSON value of the wrong kind for a number field, or any of `texts`. */
const wrongForNumber = (texts: string[]) =>
  fc.oneof(
    fc.constantFrom(...texts, ...SQL_PAYLOADS),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
    deeplyNested,
  );

/** A JSON value of the wrong kind for a field that takes a number. */
export const notNumber = wrongForNumber(NUMBER_TEXTS);

/** The same for a field that also takes a number's decimal text: its text is no number. */
export const notNumeric = wrongForNumber(NOT_DECIMAL_TEXTS);

/** Numbers a field refuses, sent as numbers and as their text. */
export const refusedNumbers = (...numbers: number[]) => fc.constantFrom(...numbers, ...numbers.map(String));

/** Anything but `true` or `false`. */
export const notBoolean = fc.oneof(
  fc.constantFrom('true', 'false', 1, 0, 'yes', null, [], {}),
  hostileWords,
  deeplyNested,
);

/** Text that is hostile and, in a field of this kind, always refused. */
export const hostileText = fc.oneof(hostileWords, unstorableText);

/** Not a UUID. */
export const notUuid = fc.oneof(
  hostileWords,
  fc.string({ maxLength: 40 }).filter((text) => !/^[0-9a-f-]{36}$/i.test(text)),
);

/** Text not shaped as an e-mail address (no `@` with something on both sides). */
export const notEmail = fc.oneof(
  fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, 'a@', '@b.c', 'a@@b.c', 'a b@c.d', 'mailto:a@b.c'),
  unstorableText,
  overlongText(200).map((text) => `${text}@bazaar.test`),
);

/** Headers any client can send over HTTP (visible ASCII and Latin-1 only: HTTP carries no NUL or newline). */
const headerText = fc.oneof(
  fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...BAD_URLS),
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
    maxLength: 60,
  }),
  fc.integer({ min: 1000, max: 8000 }).map((length) => 'h'.repeat(length)),
);

/** Headers a hostile client adds to any request; credentials and content-type are decided elsewhere. */
export const hostileHeaders = fc.record(
  {
    accept: headerText,
    'accept-language': headerText,
    'user-agent': headerText,
    referer: headerText,
    'x-forwarded-for': headerText,
    'x-requested-with': headerText,
  },
  { requiredKeys: [] },
);

/** Credentials that belong to no one, for a caller who is not signed in. */
export const forgedCredentials = fc.oneof(
  fc.constant({}),
  headerText.map((text) => ({ authorization: `Bearer ${text}` })),
  headerText.map((text) => ({ authorization: text })),
  fc.constant({ authorization: 'Basic YWRtaW46YWRtaW4=' }),
  headerText.map((text) => ({ cookie: `bazaar.session_token=${encodeURIComponent(text)}` })),
);

const INVALID_UTF8 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc3, 0x28]), Buffer.from([0xed, 0xa0, 0x80])];

/**
 * Bodies no route can read: broken JSON, JSON that is not UTF-8, JSON too deep or holding unstorable text, and
 * media types the shop does not take. (An empty JSON body is no body, as for a DELETE that many clients label
 * as JSON.) `valid` is a body the route would otherwise accept, so that the
 * breakage is the only thing wrong with it.
 */
export function unreadableBody(valid: object): fc.Arbitrary<Pick<HostileRequest, 'payload' | 'headers'>> {
  const json = JSON.stringify(valid);
  const asJson = (payload: string | Buffer) => ({ payload, headers: { 'content-type': 'application/json' } });
  return fc.oneof(
    fc
      .constantFrom('{', '{"a":}', "{'a':1}", '{"price": NaN}', '{"a":1,}', 'undefined', '[1,2', '\u0000')
      .map(asJson),
    fc.integer({ min: 1, max: Math.max(1, json.length - 1) }).map((cut) => asJson(json.slice(0, cut))),
    fc
      .tuple(fc.integer({ min: 1, max: Math.max(1, json.length - 2) }), fc.constantFrom(...INVALID_UTF8))
      .map(([at, bytes]) =>
        asJson(Buffer.concat([Buffer.from(json.slice(0, at)), bytes, Buffer.from(json.slice(at))])),
      ),
    fc
      .constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}')
      .map(asJson),
    deeplyNested.map((nested) => asJson(JSON.stringify({ ...valid, extra: nested }))),
    fc
      .constantFrom(
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'image/png',
        'application/octet-stream',
      )
      .map((type) => ({ payload: json, headers: { 'content-type': type } })),
  );
}

/** A body of well-formed JSON whose every string field got an unstorable character. */
export function withUnstorableText(valid: Record<string, unknown>): fc.Arbitrary<object> {
  const textFields = Object.keys(valid).filter((key) => typeof valid[key] === 'string');
  return fc
    .tuple(fc.constantFrom(...textFields), unstorableText)
    .map(([field, text]) => ({ ...valid, [field]: text }));
}

/** Path segments that name nothing: SQL and script payloads, unstorable or overlong text, made-up ids. */
export const hostileSegment = fc.oneof(
  hostileWords,
  unstorableText,
  fc.uuid(),
  overlongText(130),
  fc.constantFrom('..', '%', '%FF', '%C3%28', '%00', '%2e%2e%2fetc%2fpasswd'),
);

/**
 * A path segment as it goes into a URL: encoded, except the raw percent sequences meant to be malformed. A URL
 * cannot carry half a surrogate pair; it travels as U+FFFD, as a browser would send it.
 */
export const asSegment = (text: string) =>
  /^%/.test(text) ? text : encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'));
