import { z } from 'zod';

export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** An order for more units than a product has left (409); `details` names the line. */
  'OUT_OF_STOCK',
  /** The total the client showed (`totalPrice`) is not what the order costs now (409); `totalPrice` is the new one. */
  'PRICE_CHANGED',
  /** The buyer would hold more units of a product in unshipped orders than the shop allows (409); `details` names the line. */
  'HOLD_LIMIT',
  /** An order for a product the buyer sells (409); `details` names each such line. */
  'OWN_PRODUCT',
  /** Shipping a part of a bKash or Rocket order that is not paid (409). */
  'NOT_PAID',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  /** A service the shop depends on (the picture bucket) cannot be reached (503); try again later. */
  'SERVICE_UNAVAILABLE',
  /** A confirmation link with a password that is not the account's (400): someone else may have registered it. */
  'WRONG_PASSWORD',
  /** A confirmation link that is forged, altered or over a day old (400). */
  'INVALID_LINK',
  /** A confirmation link of an address that is confirmed already (400): log in instead. */
  'ALREADY_CONFIRMED',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ApiErrorSchema = z.object({
  error: ErrorCodeSchema,
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** PRICE_CHANGED: what the order costs now, in dollars. */
  totalPrice: z.number().optional(),
  /** A payment claim for another amount than what is due (409): what is due, in dollars. */
  amount: z.number().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
