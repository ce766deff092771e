import { z } from 'zod';
import { hasAtMostTwoDecimals, optionalText, tooLong } from './fields.ts';
import { limitSchema, offsetSchema } from './pagination.ts';

/** How the shop pays a seller their earnings. */
export const PAYOUT_METHODS = ['bkash', 'rocket', 'bank transfer'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_METHOD_NAMES: Record<PayoutMethod, string> = {
  bkash: 'bKash',
  rocket: 'Rocket',
  'bank transfer': 'Bank transfer',
};

/**
 * What a seller's ledger entry is for: the goods and the shipping of a delivered part paid online (credits), the
 * shop's commission on a delivered part (a debit), a payout (a debit). A reversal has the kind it reverses.
 */
export const LEDGER_ENTRY_KINDS = ['goods', 'shipping', 'commission', 'payout'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const PAYOUT_ACCOUNT_MAX = 100;

/** The profile's payout fields: a method and the account (a wallet's number, a bank account) to send to. */
export const payoutDetailsFields = {
  payoutMethod: z
    .enum(PAYOUT_METHODS, { error: `Payout method is one of: ${PAYOUT_METHODS.join(', ')}` })
    .nullable(),
  payoutAccount: optionalText('Payout account', PAYOUT_ACCOUNT_MAX),
};

/** An entry as its seller and the admins see it (dollars: credits positive, debits negative). */
export const LedgerEntrySchema = z.object({
  _id: z.uuid(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** The order's number, `BZ-…`; null for a payout. */
  orderNumber: z.string().nullable(),
  reason: z.string(),
  amount: z.number(),
  at: z.iso.datetime(),
  /** When it counts towards what may be paid out. */
  availableAt: z.iso.datetime(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const PayoutSchema = z.object({
  _id: z.uuid(),
  /** Dollars. */
  amount: z.number(),
  method: z.enum(PAYOUT_METHODS),
  reference: z.string(),
  at: z.iso.datetime(),
});
export type Payout = z.infer<typeof PayoutSchema>;

/**
 * `GET /api/earnings`: a seller's balance (what the shop owes them; negative when they owe the shop), what of it may be
 * paid out now, one page of entries and of payouts, the newest first.
 */
export const EarningsSchema = z.object({
  balance: z.number(),
  available: z.number(),
  entries: z.array(LedgerEntrySchema),
  entriesTotal: z.number().int(),
  payouts: z.array(PayoutSchema),
  payoutsTotal: z.number().int(),
});
export type Earnings = z.infer<typeof EarningsSchema>;

/** A seller named by their handle; for an admin only (others see their own). */
const sellerQuery = z
  .string({ error: 'Seller is a handle' })
  .trim()
  .toLowerCase()
  .min(1, 'Seller is a handle')
  .max(100, tooLong('Seller', 100))
  .optional();

export const EarningsQuerySchema = z.strictObject({
  seller: sellerQuery,
  limit: limitSchema(),
  offset: offsetSchema,
});
export type EarningsQuery = z.infer<typeof EarningsQuerySchema>;

/** A calendar month, `2026-11`. */
export const MonthSchema = z
  .string({ error: 'Month is a month such as 2026-11' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month is a month such as 2026-11');

export const StatementQuerySchema = z.strictObject({ seller: sellerQuery, month: MonthSchema });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

export const PAYOUT_REFERENCE_MAX = 100;

/** `POST /api/sellers/:handle/payouts`: an admin records money sent to a seller. */
export const PayoutCreateSchema = z.strictObject({
  amount: z
    .number({ error: 'The amount must be a number' })
    .positive('The amount must be more than 0')
    .max(10_000_000_000, 'The amount is too large')
    .refine(hasAtMostTwoDecimals, 'The amount has at most two decimals (whole cents)'),
  method: z.enum(PAYOUT_METHODS, { error: `Method is one of: ${PAYOUT_METHODS.join(', ')}` }),
  reference: z
    .string({ error: 'Give the transfer’s reference' })
    .trim()
    .min(1, 'Give the transfer’s reference')
    .max(PAYOUT_REFERENCE_MAX, tooLong('Reference', PAYOUT_REFERENCE_MAX)),
});
export type PayoutCreate = z.infer<typeof PayoutCreateSchema>;

/** A seller as the admins' Sellers' balances page lists them. */
export const SellerBalanceSchema = z.object({
  /** The seller's account id. */
  _id: z.string(),
  handle: z.string(),
  name: z.string(),
  balance: z.number(),
  available: z.number(),
  payoutMethod: z.enum(PAYOUT_METHODS).nullable(),
  payoutAccount: z.string().nullable(),
});
export type SellerBalance = z.infer<typeof SellerBalanceSchema>;

export const BalanceListQuerySchema = z.strictObject({ limit: limitSchema(), offset: offsetSchema });
export type BalanceListQuery = z.infer<typeof BalanceListQuerySchema>;
