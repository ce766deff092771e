import type { Request } from 'autocannon';
import type { Product } from '@bazaar/shared/products';
import { callShop } from './http.ts';
import type { LoadResult } from './load.ts';
import { loadOrders, signUp, type OrderCheck, type Shopper } from './orders.ts';

/**
 * Of the orders the untracked load placed, the share the tracked product's stock allows: it sells out mid-load.
 * Every order of the tracked product waits for the one before it (they lock the same row), at 0.5–0.8 × the
 * untracked rate as measured; a larger share left stock unsold on PostgreSQL.
 */
const STOCK_SHARE = 0.3;

export interface StockCheck {
  /** Orders per second for one product whose stock is not counted, and for one whose stock is, in this run. */
  untrackedOrdersPerSecond: number;
  trackedOrdersPerSecond: number;
  /** tracked ÷ untracked */
  ratio: number;
  untracked: OrderCheck;
  /** The tracked product's stock when its load began. */
  stock: number;
  unitsOrdered: number;
  stockLeft: number | null;
  oversold: number;
  /** 409 answers: orders refused once the product had sold out. */
  refusedOutOfStock: number;
  /** Every order right, none oversold, the product sold out, and stock plus ordered units equal to the start. */
  stockVerified: boolean;
}

async function addProduct(shopUrl: string, seller: Shopper, fields: { name: string; stock: number | null }) {
  const { body } = await callShop<Product>(`${shopUrl}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
    body: JSON.stringify({ ...fields, price: 25 }),
  });
  return body;
}

/**
 * The sell-out scenario: every connection orders one unit of one product, first of a product whose stock is not
 * counted, then of one whose stock runs out during the load. Proves that exactly the stock was sold, and
 * compares the two rates of orders placed.
 */
export async function loadStockOrders(shopUrl: string, load: (requests: Request[]) => Promise<LoadResult>) {
  const seller = await signUp(shopUrl, `bench-${Date.now().toString(36)}-seller@bazaar.test`);
  const oneOf = (product: Product) => () => [{ productId: product._id, quantity: 1 }];

  const untrackedProduct = await addProduct(shopUrl, seller, { name: 'Bench Kettle', stock: null });
  const untracked = await loadOrders(shopUrl, [untrackedProduct], load, oneOf(untrackedProduct));

  const stock = Math.max(1, Math.round(untracked.check.answeredDuringLoad * STOCK_SHARE));
  const trackedProduct = await addProduct(shopUrl, seller, { name: 'Bench Kettle, counted', stock });
  const tracked = await loadOrders(shopUrl, [trackedProduct], load, oneOf(trackedProduct));

  const { body: after } = await callShop<Product>(`${shopUrl}/api/products/${trackedProduct._id}`);
  const unitsOrdered = tracked.ordersFound.reduce(
    (sum, order) => sum + order.products.reduce((units, line) => units + line.quantity, 0),
    0,
  );
  const oversold = Math.max(0, unitsOrdered - stock);
  const check: StockCheck = {
    untrackedOrdersPerSecond: untracked.placedPerSecond,
    trackedOrdersPerSecond: tracked.placedPerSecond,
    ratio: tracked.placedPerSecond / untracked.placedPerSecond,
    untracked: untracked.check,
    stock,
    unitsOrdered,
    stockLeft: after.stock ?? null,
    oversold,
    refusedOutOfStock: tracked.result.statusCodes['409'] ?? 0,
    stockVerified:
      untracked.check.ordersVerified &&
      tracked.check.ordersVerified &&
      oversold === 0 &&
      after.stock === 0 &&
      unitsOrdered === stock,
  };
  return { result: tracked.result, check: tracked.check, stock: check };
}
