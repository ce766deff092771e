import { useQueries } from '@tanstack/react-query';
import { dollarsToCents, partShippingCents, payableCents } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import type { PublicUser } from '@bazaar/shared/users';
import { sellerQuery } from '../../../lib/seller-query.ts';

/** One seller's part of what is bought: their goods and what they charge to ship them, as the shop will. */
export interface ShippingPart {
  seller: PublicUser;
  goodsCents: number;
  shippingCents: number;
  /** The seller ships free from this much of their goods; null when they never do. */
  freeOverCents: number | null;
}

export type Shipping =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; parts: ShippingPart[]; shippingCents: number };

/**
 * The parts of `lines`, one per seller in the order of their first line, priced with each seller's shipping terms
 * (read from their public page) as the shop prices an order.
 */
export function useShipping(lines: readonly { product: Product; quantity: number }[]): Shipping {
  const goodsBySeller = new Map<string, { seller: PublicUser; goodsCents: number }>();
  for (const { product, quantity } of lines) {
    const part = goodsBySeller.get(product.seller.handle) ?? { seller: product.seller, goodsCents: 0 };
    part.goodsCents += payableCents(product, quantity);
    goodsBySeller.set(product.seller.handle, part);
  }
  const sellers = [...goodsBySeller.values()];
  return useQueries({
    queries: sellers.map(({ seller }) => sellerQuery(seller.handle)),
    combine: (results): Shipping => {
      const failed = results.filter((result) => result.error);
      if (failed.length > 0)
        return { status: 'error', retry: () => failed.forEach((result) => void result.refetch()) };
      const parts = sellers.flatMap(({ seller, goodsCents }, index): ShippingPart[] => {
        const terms = results[index]?.data;
        if (!terms) return [];
        const freeOverCents = terms.freeShippingOver === null ? null : dollarsToCents(terms.freeShippingOver);
        const shippingCents = partShippingCents(goodsCents, {
          shippingFeeCents: dollarsToCents(terms.shippingFee),
          freeShippingOverCents: freeOverCents,
        });
        return [{ seller, goodsCents, shippingCents, freeOverCents }];
      });
      if (parts.length < sellers.length) return { status: 'pending' };
      return {
        status: 'success',
        parts,
        shippingCents: parts.reduce((sum, part) => sum + part.shippingCents, 0),
      };
    },
  });
}
