// Without zod, so that the web app can use them without loading the schemas.
import { ORDER_STATUSES, type OrderStatus } from './orders-constants.ts';

/** Who moves order lines: the seller their own lines, the buyer the whole order, an admin anything. */
export type FulfilmentRole = 'seller' | 'buyer' | 'admin';

/** The moves each role may make on one order line, from a status to the next ones; every other move is refused. */
export const LINE_MOVES: Record<FulfilmentRole, Partial<Record<OrderStatus, readonly OrderStatus[]>>> = {
  seller: { processing: ['shipped', 'cancelled'], shipped: ['delivered'] },
  buyer: { processing: ['cancelled'] },
  admin: { processing: ['shipped', 'cancelled'], shipped: ['delivered', 'cancelled'] },
};

/** The statuses a line may leave for `to` when any of `roles` moves it. */
export function movableFrom(roles: readonly FulfilmentRole[], to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => roles.some((role) => LINE_MOVES[role][from]?.includes(to)));
}

/** The statuses towards which `roles` would move at least one of lines in `lineStatuses`, in their usual order. */
export function movesOf(
  roles: readonly FulfilmentRole[],
  lineStatuses: readonly OrderStatus[],
): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => movableFrom(roles, to).some((from) => lineStatuses.includes(from)));
}

/**
 * Whether a seller still has a move to make on their lines of an order (ship or deliver, or cancel before shipping):
 * only then do they see the order's delivery contact.
 */
export const sellerHasWorkLeft = (lineStatuses: readonly OrderStatus[]): boolean =>
  movesOf(['seller'], lineStatuses).length > 0;

/**
 * The status of an order (or of one seller's part of it) from its lines': cancelled when every line is;
 * otherwise, leaving the cancelled lines aside, processing while any line is, delivered when all are, else shipped.
 */
export function orderStatusOf(lineStatuses: readonly OrderStatus[]): OrderStatus {
  const live = lineStatuses.filter((status) => status !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  if (live.includes('processing')) return 'processing';
  return live.every((status) => status === 'delivered') ? 'delivered' : 'shipped';
}
