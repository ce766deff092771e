import { useQuery } from '@tanstack/react-query';
import { sellerQuery } from '../../../lib/seller-query.ts';

/** A seller's public page: name, member since, number of products, shipping terms. */
export function useSeller(handle: string) {
  return useQuery(sellerQuery(handle));
}
