import { z } from 'zod';
import { limitSchema, offsetSchema } from './pagination.ts';

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
  addedBy: z.string(),
  shipping_details: z.object({ estimated_delivery: z.string().nullable() }),
  createdAt: z.iso.datetime(),
});
export type Product = z.infer<typeof ProductSchema>;

export const PRODUCT_SORTS = ['newest', 'random', 'server'] as const;
export const ProductSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSortSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((text) => text || undefined);

export const ProductListQuerySchema = z.strictObject({
  /** Case-insensitive "name contains". */
  q: optionalText(100),
  /** A category route value: matches products having any category that the lowercased value contains. */
  category: optionalText(100),
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
