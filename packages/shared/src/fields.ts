import { z } from 'zod';

/** Optional text where an empty or blank value means "none". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((text) => text || null);

/** An http(s) URL: no javascript:, data: or other schemes. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' }));

/** An image: an http(s) URL, or one of the shop's own generated images (a path under /images/). */
export const imageUrlSchema = z.union([httpUrlSchema, z.string().regex(/^\/images\/[a-z0-9/.-]{1,300}$/)], {
  error: 'Expected an http(s) image URL',
});

/** Fields a client may echo back from a record it read (ids, owners, timestamps): accepted, then dropped. */
export const echoedField = z.unknown().optional();
