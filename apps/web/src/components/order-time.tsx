const orderDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When an order was placed, as every page of orders and sales shows it. */
export function OrderTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{orderDate.format(new Date(iso))}</time>;
}
