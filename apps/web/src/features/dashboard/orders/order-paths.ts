/** The address of an order's own page, for its buyer (or an admin). */
export const orderPath = (number: string) => `/dashboard/orders/${number}`;

/** The same page for a seller's part of an order, under Sales. */
export const salePath = (number: string) => `/dashboard/sales/${number}`;
