import type { Product } from '@bazaar/shared/products';
import { useViewer } from '../../auth/public.ts';

/**
 * Whether the signed-in user may edit and delete a product: its seller (by handle) or an admin (the server
 * decides again on every write). `isPending` while the user's handle and role are not known yet.
 */
export function useCanManageProduct(): { canManage: (product: Product) => boolean; isPending: boolean } {
  const { profile, isAdmin, pending } = useViewer();
  return {
    canManage: (product) => isAdmin || (profile !== undefined && product.seller.handle === profile.handle),
    isPending: pending,
  };
}
