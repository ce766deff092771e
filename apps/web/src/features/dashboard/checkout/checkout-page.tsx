import { PageTitle } from '../../../components/page-title.tsx';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatDollars, payableCents } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { Button, textLinkClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loader } from '../../../components/loader.tsx';
import { ProductLineFailed, ProductLineLoading } from '../../../components/product-line.tsx';
import { productQuery } from '../../../lib/product-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { usePaymentOptions, useViewer } from '../../auth/public.ts';
import {
  buyItemsActions,
  canHave,
  cartActions,
  ShippingRows,
  SummaryRow,
  useBuyItems,
  useCartProducts,
  useShipping,
} from '../../cart/public.ts';
import { orderPath } from '../orders/order-paths.ts';
import { CheckoutForm, type ContactDetails } from './checkout-form.tsx';
import { OrderTile } from './order-tile.tsx';
import { FIRST_CHOICE, offeredMethods } from './payment-methods.ts';

const ORDERS_PATH = '/dashboard/orders';

function unavailableNote(count: number): string {
  return count === 1
    ? 'A product in your order is no longer available: the order will be placed without it.'
    : `${count} products in your order are no longer available: the order will be placed without them.`;
}

/** What the shopper is told of a line that wants more than is left. */
function shortNote({ product }: { product: Product }): string {
  return product.stock === 0
    ? `${product.name} is out of stock.`
    : `Only ${product.stock} left of ${product.name}.`;
}

function ownNote(own: { product: Product }[]): string {
  const names = own.map(({ product }) => product.name).join(', ');
  return own.length === 1
    ? `You cannot buy your own product: ${names}. Take it out to place the order.`
    : `You cannot buy your own products: ${names}. Take them out to place the order.`;
}

/**
 * Checkout (Add Order), the buyer's page: no seller's menu beside it. The buy items as read-only tiles, then the
 * buyer's details and Place Order. On arrival the focus is on the heading, so that the next Tab reaches the first
 * thing to act on: a line to put right, else the form's first field.
 */
export function Component() {
  const buyItems = useBuyItems();
  const { user, profile, pending } = useViewer();
  const paymentOptions = usePaymentOptions();
  const lines = useCartProducts(buyItems.map((item) => item.productId));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [placed, setPlaced] = useState(false);
  // Lines the shop refused as the signed-in account's own, which this page had taken for someone else's.
  const [refusedOwn, setRefusedOwn] = useState<string[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form mounts once the viewer and the payment methods are known: the heading takes the focus then, so that
  // the next Tab reaches the form's first field rather than whatever followed the loader.
  const formReady = !pending && !paymentOptions.isPending;
  useEffect(() => {
    if (formReady) headingRef.current?.focus();
  }, [formReady]);

  const quantityOf = (productId: string) =>
    buyItems.find((item) => item.productId === productId)?.quantity ?? 1;
  const available = lines.flatMap((line) =>
    line.status === 'success'
      ? [{ productId: line.productId, product: line.product, quantity: quantityOf(line.productId) }]
      : [],
  );
  // Each seller's part and its shipping, priced as the shop will price the order.
  const shipping = useShipping(available);

  // Between placing the order and its page: the cleared buy items must not flash the empty state.
  if (placed) return <Loader label="Opening your order…" />;

  const heading = (
    <>
      <PageTitle name="Checkout" />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
      >
        Add Order
      </h1>
    </>
  );
  const pageClass = 'mx-auto max-w-3xl space-y-6';
  if (buyItems.length === 0) {
    return (
      <div className={pageClass}>
        {heading}
        <EmptyState title="No Product in Cart">
          <Link to="/cart" className={textLinkClass}>
            Go to your cart
          </Link>
        </EmptyState>
      </div>
    );
  }

  const short = available.filter(({ product, quantity }) => !canHave(product.stock, quantity));
  // The server refuses them too (409 OWN_PRODUCT); told here before the buyer fills the form in.
  const isOwn = (product: Product) =>
    product.seller.handle === profile?.handle || refusedOwn.includes(product._id);
  const own = available.filter(({ product }) => isOwn(product));
  const missingCount = lines.filter((line) => line.status === 'missing').length;
  const isReady = lines.every((line) => line.status === 'success' || line.status === 'missing');
  const goodsCents = available.reduce(
    (sum, { product, quantity }) => sum + payableCents(product, quantity),
    0,
  );
  const shippingCents = shipping.status === 'success' ? shipping.shippingCents : undefined;

  // The order's page: how to pay it, when it is paid by bKash or Rocket.
  async function finishCheckout(number: string | undefined) {
    setPlaced(true);
    cartActions.takeOut(buyItems);
    buyItemsActions.clear();
    await navigate(number ? orderPath(number) : ORDERS_PATH);
  }

  // Each short line down to what is left; a line with nothing left goes.
  function orderWhatIsLeft() {
    buyItemsActions.set(
      buyItems.flatMap((item) => {
        const product = available.find((line) => line.productId === item.productId)?.product;
        const left = product?.stock ?? null;
        if (left === null || item.quantity <= left) return [item];
        return left === 0 ? [] : [{ ...item, quantity: left }];
      }),
    );
  }

  function orderWithoutOwn() {
    buyItemsActions.set(buyItems.filter((item) => !own.some((line) => line.productId === item.productId)));
  }

  // The shop saw another account than this page did (signed in elsewhere since): learn who is signed in now.
  function markOwn(productIds: string[]) {
    setRefusedOwn(productIds);
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }

  // A price or a seller's shipping changed since this page read them.
  function reloadProducts() {
    for (const { productId } of buyItems) {
      void queryClient.invalidateQueries({ queryKey: productQuery(productId).queryKey });
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.sellers.all });
  }

  const initial: ContactDetails = {
    name: profile?.name ?? user?.name ?? '',
    email: profile?.email ?? user?.email ?? '',
    phone: profile?.phone ?? '',
    address: profile?.address ?? '',
    paymentMethod: FIRST_CHOICE,
  };

  return (
    <div className={pageClass}>
      {heading}
      <ul aria-label="Products in your order" className="space-y-3">
        {lines.map((line) => {
          if (line.status === 'missing') return null;
          if (line.status === 'pending') return <ProductLineLoading key={line.productId} />;
          if (line.status === 'error') return <ProductLineFailed key={line.productId} onRetry={line.retry} />;
          const quantity = quantityOf(line.productId);
          return (
            <OrderTile
              key={line.productId}
              product={line.product}
              quantity={quantity}
              totalCents={payableCents(line.product, quantity)}
              isOwn={isOwn(line.product)}
            />
          );
        })}
      </ul>
      {missingCount > 0 && (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {unavailableNote(missingCount)}
          {available.length === 0 && isReady && (
            <>
              {' '}
              Nothing is left to order:{' '}
              <Link to="/cart" className={textLinkClass}>
                go to your cart
              </Link>
              .
            </>
          )}
        </p>
      )}
      {short.length > 0 && (
        <div role="alert" className="space-y-3 rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-800">
          <p>{short.map(shortNote).join(' ')} Change your order to place it.</p>
          <Button variant="outline" size="sm" onClick={orderWhatIsLeft}>
            Order what is left
          </Button>
        </div>
      )}
      {own.length > 0 && (
        <div role="alert" className="space-y-3 rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-800">
          <p>{ownNote(own)}</p>
          <Button variant="outline" size="sm" onClick={orderWithoutOwn}>
            {own.length === 1 ? 'Order without it' : 'Order without them'}
          </Button>
        </div>
      )}
      {available.length > 0 && (
        <dl
          aria-label="What your order comes to"
          className="divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white px-5 py-2 shadow-sm"
        >
          <SummaryRow label="Products" value={formatDollars(goodsCents)} />
          <ShippingRows shipping={shipping} />
        </dl>
      )}
      {/* The form mounts once the profile and the payment methods are known, so that it starts prefilled. */}
      {!formReady ? (
        <Loader label="Loading your details…" />
      ) : (
        <CheckoutForm
          initial={initial}
          lines={available}
          totalCents={shippingCents === undefined ? undefined : goodsCents + shippingCents}
          canPlace={
            isReady &&
            shippingCents !== undefined &&
            available.length > 0 &&
            short.length === 0 &&
            own.length === 0
          }
          methods={offeredMethods(paymentOptions.data)}
          onPlaced={finishCheckout}
          onProductsRefused={reloadProducts}
          onOwnProductsRefused={markOwn}
        />
      )}
    </div>
  );
}
