// Without zod, so that the web app can read them without loading the schemas (orders.ts re-exports them).
export const PAYMENT_METHODS = ['cash on delivery', 'bkash', 'rocket', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** A payment method as pages and receipts name it. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  'cash on delivery': 'Cash on delivery',
  bkash: 'bKash',
  rocket: 'Rocket',
  card: 'Card',
};
export const ORDER_STATUSES = ['processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Who may cancel an order line. */
export const CANCELLERS = ['buyer', 'seller', 'admin'] as const;
export type Canceller = (typeof CANCELLERS)[number];
export const CANCEL_REASON_MAX = 500;
/** A seller's cancellation must say why: the buyer is told. */
export const SELLER_CANCEL_REASON_REQUIRED = 'Say why you cancel: the buyer is told.';
export const QUANTITY_MAX = 99;
export const ORDER_LINES_MAX = 50;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** An order's number as people read it: `BZ-` and its digits. */
export const ORDER_NUMBER_PREFIX = 'BZ-';
export const orderNumberText = (number: number) => `${ORDER_NUMBER_PREFIX}${number}`;
