// All money arithmetic of the shop. Amounts are integer cents; discounts are whole percents (0–100).

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$1,399.95`: two decimals, thousands grouped. */
/** The sum of amounts in cents. */
export function sumCents(amounts: Iterable<number>): number {
  let sum = 0;
  for (const amount of amounts) sum += amount;
  return sum;
}

export function formatDollars(cents: number): string {
  return dollarFormat.format(cents / 100);
}

/** An amount in dollars as the API sends it, shown as `formatDollars` shows cents. */
export function formatWireDollars(dollars: number): string {
  return formatDollars(dollarsToCents(dollars));
}

/** Unit price after the discount, rounded to the cent. */
export function discountedCents(priceCents: number, discountPercent: number): number {
  return Math.round((priceCents * (100 - discountPercent)) / 100);
}

/** What a line of `quantity` items costs, rounded once for the whole line. */
export function lineTotalCents(priceCents: number, discountPercent: number, quantity: number): number {
  return Math.round((priceCents * quantity * (100 - discountPercent)) / 100);
}

/** What `quantity` of a product (its price in dollars, as the API sends it) costs, priced as an order is. */
export function payableCents(product: { price: number; discount: number }, quantity: number): number {
  return lineTotalCents(dollarsToCents(product.price), product.discount, quantity);
}

/** What a seller charges to ship one order's part: their fee, or nothing once the part's goods reach their free-over. */
export interface ShippingTerms {
  shippingFeeCents: number;
  freeShippingOverCents: number | null;
}

/** The shipping of one seller's part of an order whose goods (after discounts) come to `goodsCents`. */
export function partShippingCents(goodsCents: number, terms: ShippingTerms): number {
  const free = terms.freeShippingOverCents !== null && goodsCents >= terms.freeShippingOverCents;
  return free ? 0 : terms.shippingFeeCents;
}
