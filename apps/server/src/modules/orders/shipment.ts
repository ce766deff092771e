/** The key of the buyer's held mail of a seller's shipment of an order, by which taking it back withdraws it. */
export const shippedMailKey = (orderId: string, sellerEmail: string) => `shipped:${orderId}:${sellerEmail}`;
