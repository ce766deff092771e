// What other features may use of the cart; everything else in this folder is its own.
export {
  buyItemsActions,
  canHave,
  cartActions,
  CHECKOUT_PATH,
  useBuyItems,
  type BuyItem,
} from './cart-store.ts';
export { useCartProducts, type CartProduct } from './api/get-cart-products.ts';
export { useShipping, type Shipping } from './api/use-shipping.ts';
export { ShippingRows, SummaryRow } from './summary-rows.tsx';
