import { z } from 'zod';
import { CommissionPercentSchema } from './commission.ts';
import { hasAtMostTwoDecimals, recordIdParam, tooLong } from './fields.ts';
import { limitSchema, offsetSchema } from './pagination.ts';
import { PAYMENT_METHODS } from './orders-constants.ts';

/** The methods paid by sending money to the shop's wallet, then claiming it with the transaction ID. */
export const WALLET_METHODS = [
  'bkash',
  'rocket',
] as const satisfies readonly (typeof PAYMENT_METHODS)[number][];
export type WalletMethod = (typeof WALLET_METHODS)[number];
export const isWalletMethod = (method: string): method is WalletMethod =>
  (WALLET_METHODS as readonly string[]).includes(method);

/** The methods paid before anything ships (a wallet's transfer, a card through Stripe), as opposed to cash. */
export const isPaidOnline = (method: string): boolean => isWalletMethod(method) || method === 'card';

/** What an order's payment is, derived from its events (never stored, never typed in). */
export const PAYMENT_STATUSES = [
  'unpaid',
  'awaiting_verification',
  'paid',
  'refund_due',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What happened to an order's money: one append-only event each. */
export const PAYMENT_EVENT_KINDS = [
  'claimed',
  'accepted',
  'rejected',
  'cash_collected',
  'refund_due',
  'refund_made',
  'expired',
  /** A card payment Stripe confirmed; its reference is the PaymentIntent's id, which pays one order once. */
  'card_paid',
  /** A card payment whose amount or currency was not what was due: kept for an admin, not counted as paid. */
  'card_mismatch',
  /** Stripe refused a refund the shop asked for: it stays due, for an admin to make by hand. */
  'refund_failed',
] as const;
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];

/** Who caused a payment event: `shop` for what the shop does by itself (a window that ran out, a refund it owes). */
export const PAYMENT_ACTORS = ['buyer', 'seller', 'admin', 'shop'] as const;
export type PaymentActor = (typeof PAYMENT_ACTORS)[number];

/** A buyer may claim an order's payment this many times over when each claim was rejected. */
export const PAYMENT_CLAIMS_MAX = 3;
export const CLAIM_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const PaymentEventSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(PAYMENT_EVENT_KINDS),
  /** Dollars. */
  amount: z.number(),
  by: z.enum(PAYMENT_ACTORS),
  /**
   * The transaction ID of a claim, the reference of a refund, why a claim was rejected, a card payment's PaymentIntent
   * or why Stripe refused a refund.
   */
  reference: z.string().nullable(),
  at: z.iso.datetime(),
});
export type PaymentEvent = z.infer<typeof PaymentEventSchema>;

/**
 * An order's payment: `paid` what arrived (accepted claims, cash collected), `refunded` what went back, `due` what
 * is still to pay (dollars), `status` derived from its events and the order's due.
 */
export const PaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  paid: z.number(),
  refunded: z.number(),
  due: z.number(),
  events: z.array(PaymentEventSchema),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** A seller's view of the payment of their part: whether it is paid, not what the buyer sent or from where. */
export const SalePaymentSchema = PaymentSchema.pick({ method: true, status: true, due: true }).extend({
  /** The part may be marked shipped only once paid: a bKash, Rocket or card order placed since payments were recorded. */
  shipsOncePaid: z.boolean(),
});
export type SalePayment = z.infer<typeof SalePaymentSchema>;

/** No order comes to more: 50 lines of 99 units of at most $1,000,000. */
const AMOUNT_MAX = 10_000_000_000;

/** A wallet's number as people write it: digits, maybe a leading + and spaces or dashes between. */
const walletNumber = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(30, tooLong(label, 30))
    .regex(/^\+?\d[\d\s-]*$/, `${label} may hold digits, spaces, - and a leading +`);

export const TRANSACTION_ID_MAX = 40;

/** `POST /api/orders/:id/payments`: the buyer says they sent the money. */
export const PaymentClaimCreateSchema = z.strictObject({
  method: z.enum(WALLET_METHODS, `Method is one of: ${WALLET_METHODS.join(', ')}`),
  sender: walletNumber('The sending number'),
  /** Compared without spaces and in capitals: `8n7a 6d5b` is `8N7A6D5B`. */
  transactionId: z
    .string({ error: 'The transaction ID must be text' })
    .transform((text) => text.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, 'The transaction ID is required')
        .max(TRANSACTION_ID_MAX, tooLong('The transaction ID', TRANSACTION_ID_MAX))
        .regex(/^[A-Z0-9]+$/, 'The transaction ID holds letters and digits only'),
    ),
  /** Dollars: what was sent, which must be what is due. */
  amount: z
    .number({ error: 'The amount must be a number' })
    .positive('The amount must be more than 0')
    .max(AMOUNT_MAX, 'The amount is too large')
    .refine(hasAtMostTwoDecimals, 'The amount has at most two decimals (whole cents)'),
});
export type PaymentClaimCreate = z.infer<typeof PaymentClaimCreateSchema>;

export const PaymentClaimCreatedSchema = z.object({ _id: z.uuid() });

/** A claim as the admins who verify it see it. */
export const PaymentClaimSchema = z.object({
  _id: z.uuid(),
  orderId: z.uuid(),
  /** The order's number, `BZ-…`. */
  orderNumber: z.string(),
  method: z.enum(WALLET_METHODS),
  sender: z.string(),
  transactionId: z.string(),
  /** Dollars. */
  amount: z.number(),
  status: z.enum(CLAIM_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type PaymentClaim = z.infer<typeof PaymentClaimSchema>;

export const PaymentClaimListQuerySchema = z.strictObject({
  status: z.enum(['awaiting_verification', 'accepted', 'rejected'], {
    error: 'Status is one of: awaiting_verification, accepted, rejected',
  }),
  limit: limitSchema(),
  offset: offsetSchema,
});
export type PaymentClaimListQuery = z.infer<typeof PaymentClaimListQuerySchema>;

export const PaymentClaimIdParamsSchema = z.object({ id: recordIdParam('Payment') });

export const REJECT_REASON_MAX = 500;

export const PaymentRejectSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why: the buyer is told' })
    .trim()
    .min(1, 'Say why: the buyer is told')
    .max(REJECT_REASON_MAX, tooLong('Reason', REJECT_REASON_MAX)),
});
export type PaymentReject = z.infer<typeof PaymentRejectSchema>;

/** A refund the shop owes a buyer (`_id`: its refund_due event), and whether it was made. */
export const RefundSchema = z.object({
  _id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** Dollars. */
  amount: z.number(),
  createdAt: z.iso.datetime(),
  /** The reference given when it was made; null while due. */
  reference: z.string().nullable(),
  madeAt: z.iso.datetime().nullable(),
  /** Why Stripe did not make it by card (it is then an admin's to make); null otherwise. */
  refusal: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** A card payment Stripe confirmed: paid, or flagged when its amount or currency was not what was asked. */
export const CardPaymentSchema = z.object({
  _id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  /** Dollars (for a flagged one, what Stripe charged, in its currency's smallest unit / 100). */
  amount: z.number(),
  flagged: z.boolean(),
  /** The PaymentIntent; for a flagged one, also what was charged and what was asked. */
  reference: z.string().nullable(),
  at: z.iso.datetime(),
});
export type CardPayment = z.infer<typeof CardPaymentSchema>;

export const CardPaymentListQuerySchema = z.strictObject({
  status: z.enum(['paid', 'flagged'], { error: 'Status is one of: paid, flagged' }),
  limit: limitSchema(),
  offset: offsetSchema,
});
export type CardPaymentListQuery = z.infer<typeof CardPaymentListQuerySchema>;

export const RefundListQuerySchema = z.strictObject({
  status: z.enum(['due', 'made'], { error: 'Status is one of: due, made' }),
  limit: limitSchema(),
  offset: offsetSchema,
});
export type RefundListQuery = z.infer<typeof RefundListQuerySchema>;

export const RefundIdParamsSchema = z.object({ id: recordIdParam('Refund') });

export const REFUND_REFERENCE_MAX = 100;

export const RefundDoneSchema = z.strictObject({
  reference: z
    .string({ error: 'Give the refund’s reference (its transaction ID)' })
    .trim()
    .min(1, 'Give the refund’s reference (its transaction ID)')
    .max(REFUND_REFERENCE_MAX, tooLong('Reference', REFUND_REFERENCE_MAX)),
});
export type RefundDone = z.infer<typeof RefundDoneSchema>;

/** The shop's receiving numbers (null for a method not offered) and the commission it takes on each line's goods. */
export const PaymentSettingsSchema = z.object({
  bkashNumber: z.string().nullable(),
  rocketNumber: z.string().nullable(),
  commissionPercent: z.number(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

const settingNumber = (label: string) =>
  z.union([walletNumber(label), z.null()], { error: `${label} is a phone number, or null for none` });

/**
 * `PATCH /api/settings/payments`: a value, or null to fall back to the configured one (BKASH_NUMBER, ROCKET_NUMBER,
 * COMMISSION_PERCENT); one left out stays as it is. A new commission applies to orders placed from then on.
 */
export const PaymentSettingsUpdateSchema = z.strictObject({
  bkashNumber: settingNumber('The bKash number').optional(),
  rocketNumber: settingNumber('The Rocket number').optional(),
  commissionPercent: z
    .union([CommissionPercentSchema, z.null()], {
      error: 'The commission is a percentage, such as 10 or 12.5, or null for the configured one',
    })
    .optional(),
});
export type PaymentSettingsUpdate = z.infer<typeof PaymentSettingsUpdateSchema>;

/** `POST /api/orders/:id/payments/card`: where the buyer pays, on Stripe's page. */
export const CardCheckoutSchema = z.object({ url: z.url() });
export type CardCheckout = z.infer<typeof CardCheckoutSchema>;

/** `POST /api/orders/:id/payments/card/return`: the Checkout Session the buyer came back from. */
export const CardReturnSchema = z.strictObject({
  sessionId: z
    .string({ error: 'The session ID must be text' })
    .regex(/^cs_\w{1,250}$/, 'The session ID is a Stripe Checkout Session ID (cs_…)'),
});
export type CardReturn = z.infer<typeof CardReturnSchema>;

/** The payment methods checkout offers, and the number to send each wallet's money to. */
export const PaymentOptionsSchema = z.object({
  methods: z.array(z.enum(PAYMENT_METHODS)),
  bkashNumber: z.string().nullable(),
  rocketNumber: z.string().nullable(),
});
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;

/** The shop's number a wallet's payments go to; null when the shop takes none by it. */
export const receivingNumber = (options: PaymentOptions, method: WalletMethod): string | null =>
  method === 'bkash' ? options.bkashNumber : options.rocketNumber;
