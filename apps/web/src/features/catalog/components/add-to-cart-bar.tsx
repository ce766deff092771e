import type { Product } from '@bazaar/shared/products';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button.tsx';
import { Price } from '../../../components/price.tsx';
import { useViewer } from '../../auth/public.ts';
import { cartActions } from '../../cart/public.ts';

/** Adds one of `product` to the cart within its stock, and says so: the product page's Add to Cart, wherever it is. */
export function useAddToCart(product: Product) {
  return () => {
    if (cartActions.add(product._id, product.stock)) toast.success('Product added to cart');
    else toast.error(`Your cart already holds all ${product.stock} left of this product`);
  };
}

/** Whether the element given to `ref` has scrolled above the top of the window. */
function useScrolledPast() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!element) return;
    // The window stretched far down: the element leaves it only above the top, and a jump from below the window to
    // above it (a fling, a link to the reviews) crosses its edge, which an observer of the window alone would miss.
    const observer = new IntersectionObserver(([entry]) => entry && setPast(!entry.isIntersecting), {
      rootMargin: '0px 0px 1000000px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref: setElement, past };
}

/**
 * The product page's buy area (`children`: Add to Cart, Buy Now), and on a phone, once it has scrolled away, a bar fixed at the window's
 * bottom with the price and Add to Cart, which does what the area's own button does. A space as tall as the bar ends
 * the page, so that the bar never covers its last lines. The product's own seller, who cannot buy it, gets no bar.
 */
export function AddToCartBar({ product, children }: { product: Product; children: ReactNode }) {
  const { ref, past } = useScrolledPast();
  const addToCart = useAddToCart(product);
  const { profile } = useViewer();
  const own = profile?.handle === product.seller.handle;
  return (
    <>
      <div ref={ref}>{children}</div>
      {!own &&
        createPortal(
          <div className="md:hidden print:hidden">
            <div aria-hidden="true" className="h-[calc(4.75rem+env(safe-area-inset-bottom))] bg-gray-900" />
            {past && (
              <section
                aria-label="Add to cart bar"
                className="fixed inset-x-0 bottom-0 z-20 flex items-center gap-3 border-t border-gray-200 bg-white px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-gray-700">{product.name}</p>
                  <Price price={product.price} discount={product.discount} className="text-lg" />
                </div>
                <Button size="lg" disabled={product.stock === 0} onClick={addToCart}>
                  Add to Cart
                </Button>
              </section>
            )}
          </div>,
          document.body,
        )}
    </>
  );
}
