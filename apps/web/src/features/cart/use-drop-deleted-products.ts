import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { cartActions } from './cart-store.ts';

/** Takes products the server no longer has out of the cart, and tells the shopper once. */
export function useDropDeletedProducts(deletedIds: readonly string[]) {
  const key = deletedIds.join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',');
    cartActions.removeMany(ids);
    const message =
      ids.length === 1
        ? 'A product in your cart is no longer available and was removed.'
        : `${ids.length} products in your cart are no longer available and were removed.`;
    // The id keeps a repeated run of this effect (Strict Mode, another tab) from stacking the same toast.
    toast.error(message, { id: `cart-deleted-${key}` });
  }, [key]);
}
