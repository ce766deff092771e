import { z } from 'zod';
import { echoedField, emailSchema, NAMES_NO_RECORD, optionalText, recordIdParam, tooLong } from './fields.ts';
import { dollarsToCents } from './pricing.ts';
import { ImageSchema } from './products.ts';
import { limitSchema, offsetSchema } from './pagination.ts';
import { HandleSchema, PublicUserSchema } from './users.ts';
import { PaymentSchema, SalePaymentSchema } from './payments.ts';
import {
  CANCEL_REASON_MAX,
  CANCELLERS,
  IDEMPOTENCY_KEY_HEADER,
  ORDER_LINES_MAX,
  ORDER_NUMBER_PREFIX,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  QUANTITY_MAX,
} from './orders-constants.ts';
import { CARRIER_MAX, TRACKING_NUMBER_MAX, TRACKING_URL_MAX } from './carriers.ts';

export * from './orders-constants.ts';
export * from './order-status.ts';
export * from './carriers.ts';

const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity is a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(QUANTITY_MAX, `Quantity can be at most ${QUANTITY_MAX}`);
const productId = z.uuid('A product id is a UUID').optional();

/**
 * A line: `{productId, quantity}`, or a whole product object with `_id` and `quantity` as the spec's client
 * sends it; only the id and the quantity are read.
 */
const OrderLineInputSchema = z
  .looseObject(
    { productId, _id: productId, quantity },
    { error: 'Each product is an object with its quantity' },
  )
  .transform((line, context) => {
    const productId = line.productId ?? line._id;
    if (productId === undefined) {
      context.addIssue({ code: 'custom', message: 'Each product needs a productId (or _id)' });
      return z.NEVER;
    }
    // Lowercased: the same UUID in another letter case is the same product (duplicate check, lookup).
    return { productId: productId.toLowerCase(), quantity: line.quantity };
  });

export const OrderCreateSchema = z
  .strictObject({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, tooLong('Name', 100)),
    email: emailSchema,
    phone: z
      .string({ error: 'Phone is required' })
      .trim()
      .min(1, 'Phone is required')
      .max(30, tooLong('Phone', 30))
      .regex(/^[+\d][\d\s()-]*$/, 'Phone may hold digits, spaces, +, - and parentheses'),
    address: z
      .string({ error: 'Address is required' })
      .trim()
      .min(1, 'Address is required')
      .max(500, tooLong('Address', 500)),
    paymentMethod: z.enum(PAYMENT_METHODS, 'Choose a payment method').default('cash on delivery'),
    products: z
      .array(OrderLineInputSchema, { error: 'The order has no products' })
      .min(1, 'The order has no products')
      .max(ORDER_LINES_MAX, `An order can hold at most ${ORDER_LINES_MAX} products`)
      .refine(
        (lines) => new Set(lines.map((line) => line.productId)).size === lines.length,
        'Each product may appear once; set its quantity instead',
      ),
    // Decided by the server whatever the client says; accepted so that the spec's client works. A numeric
    // totalPrice is the total the client showed: an order that now costs otherwise is refused, not charged.
    userEmail: echoedField,
    totalPrice: echoedField,
    orderTime: echoedField,
    status: echoedField,
    _id: echoedField,
  })
  .transform(({ userEmail, totalPrice, orderTime, status, _id, ...order }) => {
    // The total the client showed: compared with what the order costs (409 PRICE_CHANGED), never charged.
    const shownTotalCents =
      typeof totalPrice === 'number' && Number.isFinite(totalPrice) ? dollarsToCents(totalPrice) : undefined;
    const output: typeof order & { shownTotalCents?: number } = { ...order, shownTotalCents };
    return output;
  });
export type OrderCreate = z.output<typeof OrderCreateSchema>;
/** What a client sends to place an order. */
export type OrderCreateInput = z.input<typeof OrderCreateSchema>;

export const OrderLineSchema = z.object({
  /** The product's id; null once the product has been deleted. */
  _id: z.string().nullable(),
  name: z.string(),
  /** Unit price before the discount, as it was when ordered (dollars). */
  price: z.number(),
  discount: z.number(),
  mainImage: ImageSchema,
  quantity: z.number(),
  lineTotal: z.number(),
  /** Each seller moves their own lines; the order's status follows from its lines' (`orderStatusOf`). */
  status: z.enum(ORDER_STATUSES),
  /** Whose product it is, for the buyer's per-seller progress; null once the seller's account is gone. */
  seller: PublicUserSchema.nullable(),
  /** Who cancelled the line and why, if they said; null for a line not cancelled (or cancelled before it was kept). */
  cancellation: z.object({ by: z.enum(CANCELLERS), reason: z.string().nullable() }).nullable(),
  /** How the line travels once shipped, as far as the seller said; null when they did not (or it is not shipped). */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's page that tracks it: as the seller gave it, or built from a known carrier's number. */
  trackingUrl: z.string().nullable(),
  /** When the line was marked shipped; null when it is not (or was shipped before this was kept). */
  shippedAt: z.iso.datetime().nullable(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** Each seller's part of an order: their lines' goods, the shipping they charged, what is payable now. */
export const OrderPartSchema = z.object({
  /** Whose lines these are; null once the seller's account is gone. */
  seller: PublicUserSchema.nullable(),
  /** The part's goods as ordered (dollars). */
  subtotal: z.number(),
  /** What the seller charged to ship the part (dollars): their fee, or 0 over their free-shipping amount. */
  shipping: z.number(),
  /** What is payable now for the part: its lines not cancelled, and its shipping unless it is cancelled whole. */
  due: z.number(),
  status: z.enum(ORDER_STATUSES),
});
export type OrderPart = z.infer<typeof OrderPartSchema>;

export const OrderSchema = z.object({
  _id: z.uuid(),
  /** What people read and quote, `BZ-10427`: given at placement, never reused, never changed. */
  number: z.string(),
  name: z.string(),
  email: z.string(),
  userEmail: z.string(),
  phone: z.string(),
  address: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  products: z.array(OrderLineSchema),
  /** What the goods came to when ordering (dollars). */
  subtotal: z.number(),
  /** What the parts' shipping came to (dollars). */
  shipping: z.number(),
  /** What the buyer was asked to pay when ordering: subtotal + shipping (dollars). */
  totalPrice: z.number(),
  /** What is payable now: the parts' `due` (cancelled lines, and the shipping of parts cancelled whole, left out). */
  due: z.number(),
  parts: z.array(OrderPartSchema),
  orderTime: z.iso.datetime(),
  /** Follows from its lines' statuses (`orderStatusOf`). */
  status: z.enum(ORDER_STATUSES),
  /** What was paid, refunded and is due, derived from the order's payment events. */
  payment: PaymentSchema,
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * An order as `GET /api/sales` shows it to a seller: the buyer by handle and name (null once the account is gone),
 * never by e-mail (neither the account's nor the one typed at checkout). A seller's sale holds only their lines, and
 * its `totalPrice` and `status` are those of their lines. The delivery contact typed at checkout (`name`, `phone`,
 * `address`) is the seller's only while they have a line of it to ship or deliver (`sellerHasWorkLeft`); once their
 * lines are delivered or cancelled it is null. An admin sees it always.
 */
export const SaleSchema = OrderSchema.omit({ email: true, userEmail: true }).extend({
  buyer: PublicUserSchema.nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** Whether the seller's part is paid: never what the buyer sent, from where, nor the other parts' money. */
  payment: SalePaymentSchema,
  /**
   * Until when the caller may still take back their last shipment of this order (the buyer's mail of it waits until
   * then): `DELETE /api/sales/:orderId/shipment`. Null when there is none to take back.
   */
  takeBackUntil: z.iso.datetime().nullable(),
  /**
   * The shop's commission on the sale's lines not cancelled, as frozen when the order was placed: its rate in percent
   * and what it comes to (dollars), out of the goods (never the shipping).
   */
  commission: z.object({ percent: z.number(), amount: z.number() }),
});
export type Sale = z.infer<typeof SaleSchema>;

export const OrderCreatedSchema = OrderSchema.extend({ insertedId: z.uuid() });
export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

/** How a shipment travels, all optional: the carrier, its tracking number, and the page that tracks it. */
const trackingFields = {
  carrier: optionalText('Carrier', CARRIER_MAX),
  trackingNumber: z
    .string({ error: 'The tracking number must be text' })
    .trim()
    .max(TRACKING_NUMBER_MAX, tooLong('Tracking number', TRACKING_NUMBER_MAX))
    .regex(/^[A-Za-z0-9 -]*$/, 'A tracking number has only letters, digits, spaces and dashes')
    .nullish()
    .transform((text) => text || null),
  trackingUrl: z
    .string({ error: 'The tracking link must be text' })
    .trim()
    .max(TRACKING_URL_MAX, tooLong('Tracking link', TRACKING_URL_MAX))
    .refine((text) => text === '' || URL.canParse(text), 'The tracking link is not a web address')
    .refine(
      (text) => text === '' || !URL.canParse(text) || new URL(text).protocol === 'https:',
      'The tracking link must start with https://',
    )
    .nullish()
    .transform((text) => text || null),
};

/** The tracking a seller gives when shipping, or corrects later (`PATCH /api/sales/:orderId/shipment`). */
export const TrackingSchema = z.strictObject(trackingFields);
export type Tracking = z.output<typeof TrackingSchema>;
export type TrackingInput = z.input<typeof TrackingSchema>;

/**
 * A move of an order's lines; a cancellation may say why (a seller's must: the buyer is told), and a shipment how it
 * travels (`trackingFields`).
 */
export const OrderStatusUpdateSchema = z
  .strictObject({
    status: z.enum(ORDER_STATUSES, `Status is one of: ${ORDER_STATUSES.join(', ')}`),
    reason: z
      .string({ error: 'The reason is text' })
      .trim()
      .min(1, 'Say why, or leave the reason out')
      .max(CANCEL_REASON_MAX, tooLong('Reason', CANCEL_REASON_MAX))
      .optional(),
    ...trackingFields,
  })
  .refine((update) => update.reason === undefined || update.status === 'cancelled', {
    path: ['reason'],
    message: 'A reason goes with a cancellation only',
  })
  .superRefine((update, context) => {
    if (update.status === 'shipped') return;
    for (const field of ['carrier', 'trackingNumber', 'trackingUrl'] as const) {
      if (update[field] !== null) {
        context.addIssue({ code: 'custom', path: [field], message: 'Tracking goes with a shipment only' });
      }
    }
  });
export type OrderStatusUpdate = z.infer<typeof OrderStatusUpdateSchema>;
/** What a client sends to move lines: the tracking fields may be left out. */
export type OrderStatusUpdateInput = z.input<typeof OrderStatusUpdateSchema>;

export const OrderListQuerySchema = z.strictObject({ limit: limitSchema(), offset: offsetSchema });
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/**
 * `GET /api/sales`: the orders holding the caller's products. `customer` narrows them to one buyer's handle,
 * `status` to those holding a line of the caller's in that status.
 */
export const SalesQuerySchema = OrderListQuerySchema.extend({
  customer: HandleSchema.optional(),
  status: z.enum(ORDER_STATUSES, `Status is one of: ${ORDER_STATUSES.join(', ')}`).optional(),
});
export type SalesQuery = z.infer<typeof SalesQuerySchema>;

export const OrderIdParamsSchema = z.object({ id: recordIdParam('Order') });

/** `PATCH /api/sales/:orderId/status`. */
export const SaleIdParamsSchema = z.object({ orderId: recordIdParam('Order') });

/** An order number's digits: at most 15, so that they fit a JavaScript number. */
const ORDER_NUMBER_PATTERN = new RegExp(`^${ORDER_NUMBER_PREFIX}([1-9][0-9]{0,14})$`, 'i');

/** `GET /api/orders/by-number/:number`: `BZ-10427` in any letter case; anything else names no order (404). */
export const OrderNumberParamsSchema = z.object({
  number: z
    .string()
    .refine((text) => ORDER_NUMBER_PATTERN.test(text), { error: 'Order not found', params: NAMES_NO_RECORD })
    .transform((text) => Number(ORDER_NUMBER_PATTERN.exec(text)?.[1])),
});

export const OrderEmailParamsSchema = z.object({ email: emailSchema });

export const IdempotencyKeySchema = optionalText('Idempotency-Key', 200);

export const OrderCreateHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema });
