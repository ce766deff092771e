import { orderStatusOf, type OrderStatus } from '@bazaar/shared/orders';
import { partShippingCents, sumCents, type ShippingTerms } from '@bazaar/shared/pricing';

/** What a part's amounts are read from: each line's seller, status and total. */
interface PricedLine {
  sellerEmail: string;
  status: OrderStatus;
  lineTotalCents: number;
}

/** One seller's part of an order: their lines, what they came to, the shipping charged and what is payable now. */
export interface OrderPart<Line extends PricedLine> {
  sellerEmail: string;
  lines: Line[];
  /** The goods of every line, cancelled or not, as ordered. */
  goodsCents: number;
  /** The shipping charged at placement (order_parts); 0 for a part without a row. */
  shippingCents: number;
  /** What is payable now: the lines not cancelled, and the shipping unless the part is cancelled whole. */
  dueCents: number;
  status: OrderStatus;
}

/** An order's lines grouped by seller, in the order of each seller's first line, with their amounts. */
export function partsOf<Line extends PricedLine>(
  lines: Line[],
  shippingBySeller: ReadonlyMap<string, number>,
): OrderPart<Line>[] {
  const bySeller = new Map<string, Line[]>();
  for (const line of lines) bySeller.set(line.sellerEmail, [...(bySeller.get(line.sellerEmail) ?? []), line]);
  return [...bySeller].map(([sellerEmail, own]) => {
    const live = own.filter((line) => line.status !== 'cancelled');
    const shippingCents = shippingBySeller.get(sellerEmail) ?? 0;
    const liveGoods = sumCents(live.map((line) => line.lineTotalCents));
    return {
      sellerEmail,
      lines: own,
      goodsCents: sumCents(own.map((line) => line.lineTotalCents)),
      shippingCents,
      dueCents: live.length === 0 ? 0 : liveGoods + shippingCents,
      status: orderStatusOf(own.map((line) => line.status)),
    };
  });
}

/** What each seller's part of an order being placed is charged to ship, from the terms its lines were priced with. */
export function shippingAtPlacement(
  lines: { sellerEmail: string; lineTotalCents: number; terms: ShippingTerms }[],
): Map<string, number> {
  const parts = partsOf(
    lines.map((line) => ({ ...line, status: 'processing' as const })),
    new Map(),
  );
  return new Map(
    parts.map(({ sellerEmail, goodsCents, lines: [first] }) => [
      sellerEmail,
      first ? partShippingCents(goodsCents, first.terms) : 0,
    ]),
  );
}

/** What an order of `lines` comes to with each seller's part's `shipping`: what the buyer is asked to pay. */
export function totalWithShippingCents(
  lines: readonly { lineTotalCents: number }[],
  shipping: ReadonlyMap<string, number>,
): number {
  return sumCents([...lines.map((line) => line.lineTotalCents), ...shipping.values()]);
}
