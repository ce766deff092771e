import { z } from 'zod';
import { limitSchema } from './pagination.ts';

export const CategorySchema = z.object({
  _id: z.uuid(),
  categoryName: z.string(),
  img: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListQuerySchema = z.strictObject({
  sort: z.enum(['name', 'random']).default('name'),
  limit: limitSchema(100, 100),
});
export type CategoryListQuery = z.infer<typeof CategoryListQuerySchema>;
