import { z } from 'zod';
import {
  dollarsSchema,
  echoedField,
  imageUrlSchema,
  optionalText,
  recordIdParam,
  tooLong,
} from './fields.ts';
import { limitSchema, offsetSchema } from './pagination.ts';
import { HandleSchema, PublicUserSchema } from './users.ts';
import { FLASH_SALE_DAYS_MAX, PRICE_MAX, SEARCH_TEXT_MAX, STOCK_MAX } from './products-constants.ts';

export * from './products-constants.ts';

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
  /** Whether the product is in a running flash sale: one whose end is still ahead. */
  flash_sale: z.boolean(),
  /** When its flash sale ends (an ISO time); null when it is in none. */
  flashSaleEndsAt: z.iso.datetime().nullable(),
  mainImage: ImageSchema,
  images: z.array(ImageSchema),
  features: z.array(z.string()),
  colors: z.array(z.string()),
  categories: z.array(z.string()),
  /** The seller's public handle (the spec's field; there it held the seller's e-mail). */
  addedBy: z.string(),
  seller: PublicUserSchema,
  shipping_details: z.object({ estimated_delivery: z.string().nullable() }),
  /** Units the seller has left; null when the seller does not count them (any quantity may be ordered). */
  stock: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type Product = z.infer<typeof ProductSchema>;

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

/** `relevance` is the default with a search (`q`), `newest` without one. */
export const PRODUCT_SORTS = [
  'relevance',
  'newest',
  'price_asc',
  'price_desc',
  'rating',
  'random',
  'server',
] as const;
export const ProductSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSortSchema>;

const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((text) => text || undefined);

const optionalFlag = (values: readonly ['true'] | readonly ['true', 'false']) =>
  z
    .enum(values, { error: `Expected ${values.join(' or ')}` })
    .optional()
    .transform((flag) => (flag === undefined ? undefined : flag === 'true'));

/** A bound in dollars on the discounted price: decimal text with at most two decimals. */
const priceBound = (label: string) => numeric(dollarsSchema(label, PRICE_MAX).optional());

export const BRANDS_MAX = 20;

/** One brand (`brand=Acme`) or several (`brand=Acme&brand=Zenith`); exact names, as the facets answer them. */
const brandsFilter = z
  .union([z.string(), z.array(z.string())], { error: 'Expected brand names' })
  .optional()
  .transform((brands) => (brands === undefined ? [] : [brands].flat()))
  .pipe(
    z
      .array(z.string().trim().max(100, tooLong('A brand name', 100)))
      .max(BRANDS_MAX, `Pick at most ${BRANDS_MAX} brands`),
  )
  // Empty names mean "not given", as an empty search does.
  .transform((brands) => {
    const named = brands.filter(Boolean);
    return named.length === 0 ? undefined : [...new Set(named)].sort();
  });

/** What narrows a product list (and its facets): everything but the order and the page. */
const productFilterFields = {
  /** Every word, in any order, in the name, brand or categories; the last as a prefix; one typo in long words. */
  q: optionalFilter(SEARCH_TEXT_MAX),
  /** A category route value: matches products having any category that the lowercased value contains. */
  category: optionalFilter(100),
  flash_sale: optionalFlag(['true', 'false']),
  /** A seller's handle: their products only (none for a handle nobody has). */
  seller: HandleSchema.optional(),
  brand: brandsFilter,
  /** Bounds in dollars on the discounted price, both included. */
  price_min: priceBound('The lowest price'),
  price_max: priceBound('The highest price'),
  /** The lowest average rating, 0 to 5. */
  rating_min: numeric(
    z
      .number({ error: 'The lowest rating must be a number' })
      .min(0, "The lowest rating can't be negative")
      .max(5, "The lowest rating can't be more than 5")
      .optional(),
  ),
  /** Only products that can be ordered: stock left, or stock not counted. */
  in_stock: optionalFlag(['true']),
};

const priceBoundsInOrder = (query: { price_min?: number | undefined; price_max?: number | undefined }) =>
  query.price_min === undefined || query.price_max === undefined || query.price_min <= query.price_max;
const PRICE_BOUNDS_MESSAGE = {
  message: "The lowest price can't be more than the highest",
  path: ['price_min'],
};

export const ProductFilterQuerySchema = z
  .strictObject(productFilterFields)
  .refine(priceBoundsInOrder, PRICE_BOUNDS_MESSAGE);
export type ProductFilterQuery = z.infer<typeof ProductFilterQuerySchema>;

export const ProductListQuerySchema = z
  .strictObject({
    ...productFilterFields,
    sort: ProductSortSchema.optional(),
    limit: limitSchema(),
    offset: offsetSchema,
  })
  .refine(priceBoundsInOrder, PRICE_BOUNDS_MESSAGE)
  .transform(({ sort, ...query }) => ({
    ...query,
    sort: sort ?? (query.q === undefined ? 'newest' : 'relevance'),
  }));
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

export const ProductIdParamsSchema = z.object({ id: recordIdParam('Product') });

/** A list of short texts (`items` names them in the plural): items trimmed, empty ones dropped. */
const textList = (items: string, maxItems: number, maxLength: number) =>
  z
    // An item's message follows its name and position in the form ("Color 2: Use at most 50 characters").
    .array(z.string({ error: 'Use text' }).trim().max(maxLength, `Use at most ${maxLength} characters`), {
      error: `List the ${items} as texts`,
    })
    .max(maxItems, `Use at most ${maxItems} ${items}`)
    .transform((list) => list.filter((item) => item.length > 0));

/** An image given as a URL, or as the `{url, alt}` the API sends (alt is always the product name). */
const imageRef = z
  .union([z.string(), z.object({ url: z.string(), alt: z.string().optional() })], {
    error: 'Expected an http(s) image URL',
  })
  .transform((ref) => (typeof ref === 'string' ? ref : ref.url).trim());

const price = dollarsSchema('Price', PRICE_MAX);

// Optional inside `numeric`, so that empty text means "not given" (create makes the price required again).
/** A number from 0 to `max`; `label` names it in the messages, `unit` follows `max` there. */
const amount = (label: string, max: number, unit = '') =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} can't be negative`)
    .max(max, `${label} can't be more than ${max.toLocaleString('en-US')}${unit}`);

const productFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, tooLong('Name', 200)),
  price: numeric(price.optional()),
  description: z.string({ error: 'Description must be text' }).trim().max(5000, tooLong('Description', 5000)),
  discount: numeric(amount('Discount', 100, '%').int('Discount is a whole percent').optional()),
  brand: optionalText('Brand', 100),
  flash_sale: z.boolean({ error: 'Flash sale is true or false' }),
  // null: not given. A flash sale given no end ends a day after it starts (or keeps the end it has).
  flashSaleEndsAt: z
    .union([z.iso.datetime({ offset: true, error: 'Give the end as a date and time' }), z.null()], {
      error: 'Give the end as a date and time',
    })
    .optional()
    // Checked only once it reads as a time: a pipe stops at the first refusal.
    .pipe(
      z
        .string()
        .nullish()
        .refine((end) => end == null || Date.parse(end) > Date.now(), 'The flash sale must end in the future')
        .refine(
          (end) => end == null || Date.parse(end) <= Date.now() + FLASH_SALE_DAYS_MAX * 24 * 60 * 60 * 1000,
          `A flash sale lasts at most ${FLASH_SALE_DAYS_MAX} days`,
        ),
    ),
  // null: not tracked. Empty text is "not given" as for every number; a form that means "not tracked" sends null.
  stock: numeric(amount('Stock', STOCK_MAX).int('Stock must be a whole number').nullable().optional()),
  mainImage: imageRef.pipe(imageUrlSchema),
  images: z
    .array(imageRef, { error: 'List the images as URLs' })
    .max(10, 'Use at most 10 images')
    .transform((urls) => urls.filter(Boolean))
    .pipe(z.array(imageUrlSchema)),
  features: textList('features', 20, 200),
  colors: textList('colors', 20, 50),
  categories: textList('categories', 10, 50).transform((tags) => [
    ...new Set(tags.map((tag) => tag.toLowerCase())),
  ]),
  shipping_details: z.strictObject(
    { estimated_delivery: optionalText('Estimated delivery', 100) },
    // Unknown keys keep zod's issue: the server names them itself ("Unknown body field").
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? undefined : 'Shipping details hold the estimated delivery',
    },
  ),
};

const ECHOED = {
  _id: echoedField,
  addedBy: echoedField,
  seller: echoedField,
  createdAt: echoedField,
  updatedAt: echoedField,
  // Computed from the buyers' reviews: a seller cannot type stars.
  ratings: echoedField,
  reviews_count: echoedField,
};

/**
 * Ids, seller, timestamps and review figures a client echoes back from a product it read (or the spec's client
 * sends) are accepted and ignored.
 */
function dropEchoed<T extends Partial<Record<keyof typeof ECHOED, unknown>>>(input: T) {
  const { _id, addedBy, seller, createdAt, updatedAt, ratings, reviews_count, ...fields } = input;
  return fields;
}

const optionalFields = z.object(productFields).partial().shape;

/** An end goes with a ticked flash sale. */
const endsWithFlashSale = {
  check: (fields: { flash_sale?: boolean | undefined; flashSaleEndsAt?: string | null | undefined }) =>
    fields.flashSaleEndsAt == null || fields.flash_sale === true,
  message: { path: ['flashSaleEndsAt'], message: 'Tick Flash sale to give it an end' },
};

export const ProductCreateSchema = z
  .strictObject({ ...optionalFields, name: productFields.name, price: numeric(price), ...ECHOED })
  .refine(endsWithFlashSale.check, endsWithFlashSale.message)
  .transform(dropEchoed);
export type ProductCreate = z.output<typeof ProductCreateSchema>;

export const ProductUpdateSchema = z
  .strictObject({ ...optionalFields, ...ECHOED })
  .refine(endsWithFlashSale.check, endsWithFlashSale.message)
  .transform(dropEchoed)
  .refine(
    (fields) => Object.values(fields).some((value) => value !== undefined),
    'Send at least one field to change',
  );
export type ProductUpdate = z.output<typeof ProductUpdateSchema>;
