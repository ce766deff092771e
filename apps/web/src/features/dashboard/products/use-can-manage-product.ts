import type { Product } from '@bazaar/shared/products';
import { useSession } from '../../auth/api/get-session.ts';
import { useUserProfile } from '../../auth/api/get-user-profile.ts';

/**
 * Whether the signed-in user may edit and delete a product: its seller (by handle) or an admin (the server
 * decides again on every write). `isPending` while the user's handle and role are not known yet.
 */
export function useCanManageProduct(): { canManage: (product: Product) => boolean; isPending: boolean } {
  const { user } = useSession();
  const { data: viewer, isPending } = useUserProfile(user?.email ?? null);
  return {
    canManage: (product) =>
      viewer !== undefined && (viewer.role === 'admin' || product.seller.handle === viewer.handle),
    isPending: !user || isPending,
  };
}
