import type { Product } from '@bazaar/shared/products';
import { useSession } from '../../auth/api/get-session.ts';
import { useUserProfile } from '../../auth/api/get-user-profile.ts';

/**
 * Whether the signed-in user may edit and delete a product: its seller or an admin (the server decides
 * again on every write). `isPending` while the user's role is not known yet.
 */
export function useCanManageProduct(): { canManage: (product: Product) => boolean; isPending: boolean } {
  const { user } = useSession();
  const profile = useUserProfile(user?.email ?? null);
  const isAdmin = profile.data?.role === 'admin';
  return {
    canManage: (product) => isAdmin || (user !== null && product.addedBy === user.email),
    isPending: !user || profile.isPending,
  };
}
