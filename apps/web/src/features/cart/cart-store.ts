import { QUANTITY_MAX } from '@bazaar/shared/orders-constants';
import { createStoredState } from '../../lib/stored-state.ts';

/** Where the buy items are ordered: the spec's address, under the dashboard's though it is the buyer's page. */
export const CHECKOUT_PATH = '/dashboard/addorders';

/** Product id → quantity, as the spec's cart keeps it. */
export type CartItems = Readonly<Record<string, number>>;
/** What checkout will order: the cart's lines, or the one product of a Buy Now. */
export interface BuyItem {
  productId: string;
  quantity: number;
  /** Taken from the cart: the placed order takes this quantity out of it. A Buy Now leaves the cart alone. */
  fromCart?: true;
}

const isQuantity = (value: unknown) => Number.isInteger(value) && (value as number) >= 1;

const cart = createStoredState<CartItems>(
  'bazaar-cart',
  {},
  (value): value is CartItems =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(isQuantity),
);

const buyItems = createStoredState<BuyItem[]>(
  'bazaar-buy-items',
  [],
  (value): value is BuyItem[] =>
    Array.isArray(value) &&
    value.every(
      (item: Partial<BuyItem> | null) =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.productId === 'string' &&
        isQuantity(item.quantity) &&
        (item.fromCart === undefined || item.fromCart === true),
    ),
);

/** Sets one line's quantity (0 drops it); a changed line keeps its place in the list. */
function withQuantity(items: CartItems, productId: string, quantity: number): CartItems {
  if (quantity > 0) return { ...items, [productId]: Math.min(quantity, QUANTITY_MAX) };
  const { [productId]: _, ...rest } = items;
  return rest;
}

/** Whether `quantity` of a product with `stock` (null: not counted) can be had. */
export const canHave = (stock: number | null, quantity: number) => stock === null || quantity <= stock;

export const cartActions = {
  /**
   * Adding a product not in the cart sets 1; adding it again adds 1, unless the cart already holds all the shop
   * has of it (`stock`; null: not counted). Answers whether it added one.
   */
  add: (productId: string, stock: number | null = null) => {
    const quantity = (cart.read()[productId] ?? 0) + 1;
    if (!canHave(stock, quantity)) return false;
    cart.update((items) => withQuantity(items, productId, (items[productId] ?? 0) + 1));
    return true;
  },
  increment: (productId: string) =>
    cart.update((items) => (items[productId] ? withQuantity(items, productId, items[productId] + 1) : items)),
  /** Minus stops at 1; Remove takes the line out. */
  decrement: (productId: string) =>
    cart.update((items) =>
      items[productId] ? withQuantity(items, productId, Math.max(1, items[productId] - 1)) : items,
    ),
  remove: (productId: string) => cart.update((items) => withQuantity(items, productId, 0)),
  /** Drops products that no longer exist from the cart. */
  removeMany: (productIds: readonly string[]) =>
    cart.update((items) => productIds.reduce((rest, id) => withQuantity(rest, id, 0), items)),
  clear: () => cart.write({}),
  /** Takes what an order placed out of the cart: the quantities of its items that came from the cart. */
  takeOut: (ordered: readonly BuyItem[]) =>
    cart.update((items) =>
      ordered.reduce(
        (rest, { productId, quantity, fromCart }) =>
          fromCart ? withQuantity(rest, productId, (rest[productId] ?? 0) - quantity) : rest,
        items,
      ),
    ),
};

export const useCartItems = cart.use;

export const buyItemsActions = {
  set: (items: BuyItem[]) => buyItems.write(items),
  clear: () => buyItems.write([]),
};

export const useBuyItems = buyItems.use;
