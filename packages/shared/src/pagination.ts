import { z } from 'zod';
import { OFFSET_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './pagination-constants.ts';

export * from './pagination-constants.ts';

export const limitSchema = (max = PAGE_SIZE_MAX, fallback = PAGE_SIZE_DEFAULT) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const offsetSchema = z.coerce.number().int().min(0).max(OFFSET_MAX).default(0);
