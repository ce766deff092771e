import { PageTitle } from '../../components/page-title.tsx';
import { useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { payableCents } from '@bazaar/shared/pricing';
import { Loader } from '../../components/loader.tsx';
import { useViewer } from '../auth/public.ts';
import { useCartProducts, type CartProduct } from './api/get-cart-products.ts';
import { useShipping } from './api/use-shipping.ts';
import { CartLine, CartLineFailed, CartLineLoading } from './cart-line.tsx';
import {
  buyItemsActions,
  canHave,
  cartActions,
  CHECKOUT_PATH,
  useCartItems,
  type BuyItem,
} from './cart-store.ts';
import { EmptyCart } from './empty-cart.tsx';
import { OrderSummary } from './order-summary.tsx';
import { useDropDeletedProducts } from './use-drop-deleted-products.ts';

type ShownLine = Exclude<CartProduct, { status: 'missing' }>;

export function Component() {
  const items = useCartItems();
  const navigate = useNavigate();
  const { user, profile } = useViewer();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lines = useCartProducts(Object.keys(items));
  useDropDeletedProducts(lines.filter((line) => line.status === 'missing').map((line) => line.productId));

  const shownLines = lines.filter((line): line is ShownLine => line.status !== 'missing');
  const quantityOf = (productId: string) => items[productId] ?? 1;
  const totalQuantity = shownLines.reduce((sum, line) => sum + quantityOf(line.productId), 0);
  const loaded = shownLines.flatMap((line) =>
    line.status === 'success' ? [{ product: line.product, quantity: quantityOf(line.productId) }] : [],
  );
  // The payable amount (the spec's shop showed the discount amount here), and each seller's shipping of it.
  const goodsCents = loaded.reduce((sum, line) => sum + payableCents(line.product, line.quantity), 0);
  const shipping = useShipping(loaded);

  // Lines asking for more than the shop has left: marked on the line, and Checkout waits until they change.
  const hasShortLines = shownLines.some(
    (line) => line.status === 'success' && !canHave(line.product.stock, quantityOf(line.productId)),
  );

  const fromCart = (productId: string): BuyItem => ({
    productId,
    quantity: quantityOf(productId),
    fromCart: true,
  });

  async function goToCheckout(buyItems: BuyItem[]) {
    buyItemsActions.set(buyItems);
    await navigate(CHECKOUT_PATH);
  }

  async function checkout() {
    if (shownLines.length === 0) {
      toast.error('No Product in Cart');
      return;
    }
    // The cart keeps its lines until the order is placed: leaving checkout loses nothing.
    await goToCheckout(shownLines.map(({ productId }) => fromCart(productId)));
    // Said on the checkout page. Signed out, checkout first asks to sign in (and says so): nothing succeeded yet.
    if (user) toast.success('Checkout Successfully');
  }

  // A removed line takes the focused button with it: keep the keyboard user on the page.
  function remove(productId: string) {
    cartActions.remove(productId);
    headingRef.current?.focus();
  }

  function clear() {
    cartActions.clear();
    headingRef.current?.focus();
  }

  const isLoading = shownLines.length > 0 && shownLines.every((line) => line.status === 'pending');

  return (
    <div className="space-y-6">
      <PageTitle name="Cart" />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
      >
        Carts {shownLines.length} Items
      </h1>
      {isLoading ? (
        <Loader label="Loading your cart…" />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {shownLines.length === 0 ? (
            <EmptyCart />
          ) : (
            <ul aria-label="Products in your cart" className="space-y-4">
              {shownLines.map((line) => {
                const quantity = quantityOf(line.productId);
                if (line.status === 'pending') return <CartLineLoading key={line.productId} />;
                if (line.status === 'error')
                  return (
                    <CartLineFailed
                      key={line.productId}
                      onRetry={line.retry}
                      onRemove={() => remove(line.productId)}
                    />
                  );
                return (
                  <CartLine
                    key={line.productId}
                    product={line.product}
                    quantity={quantity}
                    totalCents={payableCents(line.product, quantity)}
                    isOwn={line.product.seller.handle === profile?.handle}
                    onIncrement={() => cartActions.increment(line.productId)}
                    onDecrement={() => cartActions.decrement(line.productId)}
                    onBuyNow={() => void goToCheckout([fromCart(line.productId)])}
                    onRemove={() => remove(line.productId)}
                  />
                );
              })}
            </ul>
          )}
          <OrderSummary
            totalItems={shownLines.length}
            totalQuantity={totalQuantity}
            goodsCents={goodsCents}
            shipping={shipping}
            isPartial={shownLines.some((line) => line.status !== 'success')}
            hasShortLines={hasShortLines}
            onCheckout={() => void checkout()}
            onClear={clear}
          />
        </div>
      )}
    </div>
  );
}
