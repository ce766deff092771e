import type { OrderLine, OrderPart } from '@bazaar/shared/orders';

/** The lines of `part`, as they come in the order: those of the part's seller (or of a closed account's). */
export function linesOf(lines: OrderLine[], part: OrderPart): OrderLine[] {
  const handle = part.seller?.handle ?? null;
  return lines.filter((line) => (line.seller?.handle ?? null) === handle);
}
