import { useQuery } from '@tanstack/react-query';
import { productQuery } from '../../../lib/product-query.ts';

export const useProduct = (id: string) => useQuery(productQuery(id));
