import { PAYMENT_METHODS, type PaymentMethod } from '@bazaar/shared/orders-constants';
import { isWalletMethod, receivingNumber, type PaymentOptions } from '@bazaar/shared/payments';

/** The one method the shop always takes, so checkout's first choice. */
export const FIRST_CHOICE: PaymentMethod = 'cash on delivery';

/**
 * The methods checkout offers, in the shop's order: those `GET /api/config` lists (a card when Stripe is configured),
 * a wallet only with a number to send to (the order's page shows it); cash on delivery alone while the list is not
 * known.
 */
export function offeredMethods(options: PaymentOptions | undefined): PaymentMethod[] {
  if (!options) return [FIRST_CHOICE];
  return PAYMENT_METHODS.filter((method) =>
    isWalletMethod(method)
      ? options.methods.includes(method) && receivingNumber(options, method) !== null
      : method === FIRST_CHOICE || options.methods.includes(method),
  );
}
