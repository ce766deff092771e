import type { OrderStatus, PaymentMethod } from '@bazaar/shared/orders';
import type { Payment, SalePayment } from '@bazaar/shared/payments';
import type { AfterMove } from './orders.repository.ts';

/**
 * How the buyer of an order paid online pays it, as the placed-order mail tells them: the wallet's number to send its
 * money to, or null for a card (paid on Stripe's page, from the order's page).
 */
export interface PayTo {
  method: PaymentMethod;
  number: string | null;
}

/** What an order keeps of the shop's payment terms when it is placed. */
export interface PlacementTerms {
  /** Where to send a wallet order's money, or that a card order is paid on its page. */
  payTo?: PayTo;
  /** The shop's commission now, which the order's lines keep (basis points). */
  commissionBasisPoints: number;
}

/** What a payment is derived from when its order has just been placed. */
export interface PlacedLedger {
  method: PaymentMethod;
  placedAt: Date;
  lines: { sellerEmail: string; status: OrderStatus; lineTotalCents: number }[];
  shippingBySeller: ReadonlyMap<string, number>;
}

/** What orders need of payments (the payments module provides it): orders never read or write money themselves. */
export interface OrderPayments {
  /** Refuses (400, naming paymentMethod) a method the shop does not offer now; else its terms for a new order. */
  atPlacement(method: PaymentMethod): Promise<PlacementTerms>;
  /**
   * The payment of an order just placed, from what the placement wrote: no events yet, its lines and each seller's
   * shipping as placed. Reads nothing.
   */
  ofPlaced(placed: PlacedLedger): Payment;
  /** Each order's payment, read for all of them at once. */
  ofOrders(orderIds: string[]): Promise<Map<string, Payment>>;
  /** Each order's payment as a seller sees their part of it (a whole order's for an admin: `sellerEmail` undefined). */
  ofSales(orderIds: string[], sellerEmail: string | undefined): Promise<Map<string, SalePayment>>;
  /** Runs in every move's transaction: cash collected at delivery, nothing shipped unpaid, refunds owed. */
  afterMove: AfterMove;
}
