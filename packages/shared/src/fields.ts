import { z } from 'zod';

/** The message of a text's length limit: `label` names the field as the form shows it. */
export const tooLong = (label: string, max: number) => `${label} can be at most ${max} characters`;

/** Optional text where an empty or blank value means "none". */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((text) => text || null);

/** Whole cents, or a percentage to two decimals. */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An amount in dollars, in whole cents, from 0 to `max`; `label` names it in the messages as the form does. */
export const dollarsSchema = (label: string, max: number) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .min(0, `${label} can't be negative`)
    .max(max, `${label} can't be more than $${max.toLocaleString('en-US')}`)
    .refine(hasAtMostTwoDecimals, `${label} has at most two decimals (whole cents)`);

/** An http(s) URL: no javascript:, data: or other schemes. */
export const httpUrlSchema = z
  .string({ error: 'Expected an http(s) URL' })
  .trim()
  .max(2000, tooLong('A web address', 2000))
  .pipe(z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' }));

/** An image: an http(s) URL, or one of the shop's own generated images (a path under /images/). */
export const imageUrlSchema = z.union(
  [httpUrlSchema, z.string().regex(/^\/images\/[a-z0-9/.-]{1,300}$/, 'Expected an http(s) image URL')],
  { error: 'Expected an http(s) image URL' },
);

/** An e-mail address, lowercased. */
export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address')
  .pipe(z.email('Enter an email address like name@example.com').max(200, tooLong('Email', 200)));

/** What the issue of a path id that names no record carries: the server answers it 404 (see `recordIdParam`). */
export const NAMES_NO_RECORD = { namesNoRecord: true };

const uuid = z.uuid();

/**
 * The id of a record in a URL's path; `record` names it as a message does ("Product"). One that is not a UUID names
 * no record, so the server answers it as an unknown id, 404 `Product not found`, rather than as a malformed request.
 */
export const recordIdParam = (record: string) =>
  z.string().refine((id) => uuid.safeParse(id).success, {
    error: `${record} not found`,
    params: NAMES_NO_RECORD,
  });

/** Fields a client may echo back from a record it read (ids, owners, timestamps): accepted, then dropped. */
export const echoedField = z.unknown().optional();
