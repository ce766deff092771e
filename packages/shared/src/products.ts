import { z } from 'zod';
import { echoedField, imageUrlSchema, optionalText } from './fields.ts';
import { limitSchema, offsetSchema } from './pagination.ts';
import { PublicUserSchema } from './users.ts';

export const ImageSchema = z.object({ url: z.string(), alt: z.string() });
export type Image = z.infer<typeof ImageSchema>;

/** A product as it travels on the wire, with the spec's field names. Prices are dollars. */
export const ProductSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  price: z.number(),
  description: z.string(),
  discount: z.number().int(),
  brand: z.string().nullable(),
  ratings: z.number(),
  reviews_count: z.number().int(),
  flash_sale: z.boolean(),
  mainImage: ImageSchema,
  images: z.array(ImageSchema),
  features: z.array(z.string()),
  colors: z.array(z.string()),
  categories: z.array(z.string()),
  /** The seller's public handle (the spec's field; there it held the seller's e-mail). */
  addedBy: z.string(),
  seller: PublicUserSchema,
  shipping_details: z.object({ estimated_delivery: z.string().nullable() }),
  createdAt: z.iso.datetime(),
});
export type Product = z.infer<typeof ProductSchema>;

export const PRODUCT_SORTS = ['newest', 'random', 'server'] as const;
export const ProductSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSortSchema>;

const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((text) => text || undefined);

export const ProductListQuerySchema = z.strictObject({
  /** Case-insensitive "name contains". */
  q: optionalFilter(100),
  /** A category route value: matches products having any category that the lowercased value contains. */
  category: optionalFilter(100),
  flash_sale: z
    .enum(['true', 'false'])
    .optional()
    .transform((flag) => (flag === undefined ? undefined : flag === 'true')),
  sort: ProductSortSchema.default('newest'),
  limit: limitSchema(),
  offset: offsetSchema,
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductIdParamsSchema = z.object({ id: z.string() });

export const PRICE_MAX = 1_000_000;

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A list of short texts: items trimmed, empty ones dropped. */
const textList = (maxItems: number, maxLength: number) =>
  z
    .array(z.string().trim().max(maxLength))
    .max(maxItems)
    .transform((items) => items.filter((item) => item.length > 0));

/** An image given as a URL, or as the `{url, alt}` the API sends (alt is always the product name). */
const imageRef = z
  .union([z.string(), z.object({ url: z.string(), alt: z.string().optional() })])
  .transform((ref) => (typeof ref === 'string' ? ref : ref.url).trim());

/** A number in decimal notation, as a form sends it ("12.50", "-1"): no exponent, hex, spaces, NaN or Infinity. */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number, also when a form-based client sends its decimal text ("12.50"); either way `schema` checks it.
 * Empty text means "not given", which `schema` refuses unless it is optional.
 */
function numeric<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, context) => {
    if (typeof value !== 'string') return value;
    if (value === '') return undefined;
    if (DECIMAL_TEXT.test(value)) return Number(value);
    context.addIssue({ code: 'custom', input: value, message: 'Expected a number, such as 12 or 12.50' });
    return value;
  }, schema);
}

const price = z
  .number({ error: (issue) => (issue.input === undefined ? 'Price is required' : undefined) })
  .min(0)
  .max(PRICE_MAX)
  .refine(hasAtMostTwoDecimals, 'Price has at most two decimals (whole cents)');

// Optional inside `numeric`, so that empty text means "not given" (create makes the price required again).
const productFields = {
  name: z.string().trim().min(1, 'Name is required').max(200),
  price: numeric(price.optional()),
  description: z.string().trim().max(5000),
  discount: numeric(z.number().int('Discount is a whole percent').min(0).max(100).optional()),
  brand: optionalText(100),
  ratings: numeric(z.number().min(0).max(5).optional()),
  reviews_count: numeric(
    z.number().int('Reviews count is a whole number').min(0).max(100_000_000).optional(),
  ),
  flash_sale: z.boolean(),
  mainImage: imageRef.pipe(imageUrlSchema),
  images: z
    .array(imageRef)
    .max(10)
    .transform((urls) => urls.filter(Boolean))
    .pipe(z.array(imageUrlSchema)),
  features: textList(20, 200),
  colors: textList(20, 50),
  categories: textList(10, 50).transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]),
  shipping_details: z.strictObject({ estimated_delivery: optionalText(100) }),
};

const ECHOED = {
  _id: echoedField,
  addedBy: echoedField,
  seller: echoedField,
  createdAt: echoedField,
  updatedAt: echoedField,
};

/** Ids, seller and timestamps a client echoes back from a product it read are accepted and ignored. */
function dropEchoed<T extends Partial<Record<keyof typeof ECHOED, unknown>>>(input: T) {
  const { _id, addedBy, seller, createdAt, updatedAt, ...fields } = input;
  return fields;
}

const optionalFields = z.object(productFields).partial().shape;

export const ProductCreateSchema = z
  .strictObject({ ...optionalFields, name: productFields.name, price: numeric(price), ...ECHOED })
  .transform(dropEchoed);
export type ProductCreate = z.output<typeof ProductCreateSchema>;

export const ProductUpdateSchema = z
  .strictObject({ ...optionalFields, ...ECHOED })
  .transform(dropEchoed)
  .refine(
    (fields) => Object.values(fields).some((value) => value !== undefined),
    'Send at least one field to change',
  );
export type ProductUpdate = z.output<typeof ProductUpdateSchema>;
