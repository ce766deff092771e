import { relations, sql } from 'drizzle-orm';
import { CANCELLERS, ORDER_STATUSES, PAYMENT_METHODS } from '@bazaar/shared/orders';
import { LEDGER_ENTRY_KINDS, PAYOUT_METHODS } from '@bazaar/shared/earnings';
import { CLAIM_STATUSES, PAYMENT_ACTORS, PAYMENT_EVENT_KINDS, WALLET_METHODS } from '@bazaar/shared/payments';
import {
  bigint,
  boolean,
  check,
  customType,
  type AnyPgColumn,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type; read only by the search's own SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  imageUrl: text('image_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: breaks ties between products created in the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull().default(''),
    discount: integer('discount').notNull().default(0),
    brand: text('brand'),
    /** The average of the reviews' ratings (0 without reviews): rating_total / reviews_count, kept by each review. */
    ratings: real('ratings').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    /** The sum of the reviews' ratings, so that a review updates the average by adding, never by reading first. */
    ratingTotal: integer('rating_total').notNull().default(0),
    flashSale: boolean('flash_sale').notNull().default(false),
    /** When the flash sale ends; the product is in it only while `flash_sale` and this is ahead. */
    flashSaleEndsAt: timestamp('flash_sale_ends_at', { withTimezone: true }),
    mainImageUrl: text('main_image_url').notNull(),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'`),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'`),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'`),
    estimatedDelivery: text('estimated_delivery'),
    /** Units left to order; null when the seller does not count them. Orders take from it, cancellations put back. */
    stock: integer('stock'),
    /** The seller: the user who added the product. */
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The price after the discount, which price filters and sorts read (the rounding of `discountedCents`). */
    saleCents: integer('sale_cents').generatedAlwaysAs(
      sql`round(price_cents::numeric * (100 - discount) / 100)::integer`,
    ),
    /** The words a search finds the product by (migration 0011's `search_document`). */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`search_document(name, brand, categories)`,
    ),
  },
  (t) => [
    // Ascending (created_at, id) serves both orders: scanned forward for `server`, backward for `newest`.
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_flash_sale_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.flashSale}`),
    // The soonest end of a running flash sale, when the catalog cache's answers go stale.
    index('products_flash_sale_ends_idx')
      .on(t.flashSaleEndsAt)
      .where(sql`${t.flashSale}`),
    index('products_categories_idx').using('gin', t.categories),
    index('products_seller_created_idx').on(t.sellerId, t.createdAt),
    index('products_search_idx').using('gin', t.searchDocument),
    // The price and rating sorts, read forward or backward; seq breaks ties so that pages never overlap.
    index('products_sale_price_idx').on(t.saleCents, t.seq),
    index('products_rating_idx').on(t.ratings, t.reviewsCount, t.seq),
    // A brand filter: a rare brand is read from here, a common one newest first from products_created_idx.
    index('products_brand_idx').on(t.brand),
    check('products_price_range', sql`${t.priceCents} between 0 and 100000000`),
    check('products_discount_range', sql`${t.discount} between 0 and 100`),
    check('products_flash_sale_ends', sql`not ${t.flashSale} or ${t.flashSaleEndsAt} is not null`),
    check('products_ratings_range', sql`${t.ratings} between 0 and 5`),
    check('products_reviews_count_range', sql`${t.reviewsCount} >= 0`),
    check('products_rating_total_range', sql`${t.ratingTotal} >= 0`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

/**
 * Every category tag a product has had, kept by triggers on `products` (migration 0003) so that every write
 * path and bulk insert adds its tags. A category route value is matched against this small table first
 * (products.repository.ts); tags no product uses any more stay, and match no product.
 */
export const categoryTags = pgTable('category_tags', {
  tag: text('tag').primaryKey(),
});

/**
 * Every word of products' search documents and how many products have it, kept by triggers (migration 0018); a search
 * looks a typed word up here to find the known words it is one typo from, or is part of. A word goes with the last
 * product that has it, so that writes of random words cannot grow the dictionary every search reads.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey(), products: integer('products').notNull() },
  // Without fastupdate: a pending list of new words, which every lookup reads whole until a vacuum (never, on
  // PGlite), made typo lookups 20 times slower after one seller's flood of writes.
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false })],
);

/** Shaped as Better Auth's user table, plus the shop's profile fields. */
export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    /** The public display name. */
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    /**
     * The public identity: lowercase, URL-safe, unique, never changed. Made from the name by the database when an
     * insert leaves it null (trigger `user_handle`, function `free_user_handle`: migration 0002).
     */
    handle: text('handle').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The sign-in provider's photo. */
    image: text('image'),
    /** The profile picture the user chose; shown before the provider's photo. */
    img: text('img'),
    phone: text('phone'),
    address: text('address'),
    /** Whether the shop mails this user about orders, sales and reviews (account mails are always sent). */
    shopMails: boolean('shop_mails').notNull().default(true),
    /**
     * The client address the account was registered from (as TRUST_PROXY decides it; null for accounts older than
     * the column). Only compared, for admins, with a seller's: never shown.
     */
    signupAddress: text('signup_address'),
    /** What the seller charges to ship one order's part (their lines of it); the spec's $10 unless they change it. */
    shippingFeeCents: integer('shipping_fee_cents').notNull().default(1000),
    /** A part whose goods come to at least this ships free; null when the seller offers no free shipping. */
    freeShippingOverCents: integer('free_shipping_over_cents'),
    /** How the seller is paid their earnings, and to which account: shown only to the seller and the admins. */
    payoutMethod: text('payout_method', { enum: PAYOUT_METHODS }),
    payoutAccount: text('payout_account'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_shipping_fee_nonnegative', sql`${t.shippingFeeCents} >= 0`),
    check('user_free_shipping_over_positive', sql`${t.freeShippingOverCents} > 0`),
  ],
);

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

/** A way to sign in: a password (`providerId` 'credential') or a linked identity provider. */
export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

// Better Auth reads a session with its user in one query through these (advanced.database.joins in auth.ts).
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Fixed-window counters shared by every server process (sign-in and registration limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Server-wide settings kept in the database, so that every process shares them (e.g. the auth secret). */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** The setting migration 0025 wrote: when payments began to be recorded (older orders are not held to them). */
export const PAYMENTS_RECORDED_SINCE = 'payments_recorded_since';

/** Where order numbers come from: a sequence never hands a number out twice, even to a rolled-back order. */
export const orderNumbers = pgSequence('order_numbers', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What people read and quote (`BZ-10427`, `orderNumberText`): given at placement, never changed. */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('order_numbers')`),
    /** Insertion order: breaks ties between orders placed in the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity(),
    userEmail: text('user_email').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    // 64-bit: 50 lines of up to 99 × $1,000,000 exceed a 32-bit integer of cents.
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('processing'),
    orderTime: timestamp('order_time', { withTimezone: true }).notNull().defaultNow(),
    /** The client's Idempotency-Key: a retried submission finds the order it already made. */
    idempotencyKey: text('idempotency_key'),
    /** A digest of the submission that used the key, to refuse the same key for a different order. */
    requestDigest: text('request_digest'),
  },
  (t) => [
    uniqueIndex('orders_idempotency_idx').on(t.userEmail, t.idempotencyKey),
    index('orders_user_email_idx').on(t.userEmail, t.orderTime, t.seq),
    index('orders_order_time_idx').on(t.orderTime, t.seq),
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
);

/** One product of an order, with its name, price, discount and image copied at order time. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // Kept when the product is later deleted: the order still shows what was bought.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's seller at order time: their customers and sales survive the product's deletion. */
    sellerEmail: text('seller_email').notNull(),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discount: integer('discount').notNull(),
    imageUrl: text('image_url').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: bigint('line_total_cents', { mode: 'number' }).notNull(),
    /** Whether the line's units came out of the product's stock, so that a cancellation puts back only those. */
    stockTaken: boolean('stock_taken').notNull().default(false),
    /** Each seller moves their own lines; the order's status is derived from its lines' (orders.service.ts). */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('processing'),
    /** Who cancelled the line, and why when they said: the buyer is told both. Set with the cancelled status. */
    cancelledBy: text('cancelled_by', { enum: CANCELLERS }),
    cancelReason: text('cancel_reason'),
    /** How the line travels, as the seller said when shipping it (or corrected since); each may be null. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** When it was marked shipped: the seller may take the shipment back for a grace period after it. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /**
     * The shop's commission on the line's goods, as the rate stood when the order was placed (basis points: 1250 is
     * 12.5 %) and what it came to: frozen, whatever the rate becomes. 0 on lines placed before commission was kept.
     */
    commissionBasisPoints: integer('commission_basis_points').notNull().default(0),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index('order_lines_product_id_idx').on(t.productId),
    index('order_lines_seller_status_idx').on(t.sellerEmail, t.status),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    // Lines cancelled before this was recorded have no canceller.
    check('order_lines_cancelled_by', sql`${t.cancelledBy} is null or ${t.status} = 'cancelled'`),
    check(
      'order_lines_commission',
      sql`${t.commissionBasisPoints} between 0 and 10000 and ${t.commissionCents} between 0 and ${t.lineTotalCents}`,
    ),
  ],
);

/**
 * Each seller's part of an order (the seller's lines of it) with the shipping it was charged at placement, from the
 * seller's terms then (`partShippingCents`). The order's total is its lines' plus its parts' shipping.
 */
export const orderParts = pgTable(
  'order_parts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The seller as the lines key them (order_lines.seller_email). */
    sellerEmail: text('seller_email').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.sellerEmail] }),
    check('order_parts_shipping_nonnegative', sql`${t.shippingCents} >= 0`),
  ],
);

/**
 * A buyer's word that they sent an order's money to the shop's wallet, until an admin decides on it. A transaction ID
 * pays one order only: no two claims not rejected share one (the unique index holds it when two arrive at once).
 */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    method: text('method', { enum: WALLET_METHODS }).notNull(),
    /** The number the money came from. */
    sender: text('sender').notNull(),
    /** As the wallet gave it, without spaces and in capitals. */
    transactionId: text('transaction_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('pending'),
    /** Why it was rejected, as the buyer is told. */
    reason: text('reason'),
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_claims_transaction_idx')
      .on(t.transactionId)
      .where(sql`${t.status} <> 'rejected'`),
    uniqueIndex('payment_claims_pending_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
    index('payment_claims_order_idx').on(t.orderId),
    // Claims waiting are listed oldest first, decided ones latest decided first.
    index('payment_claims_status_idx').on(t.status, t.createdAt),
    index('payment_claims_decided_idx').on(t.status, t.decidedAt),
    check('payment_claims_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * What happened to an order's money, one row per event, never changed nor deleted (a trigger refuses both, migration
 * 0025): an order's payment (paid, refunded, due, status) is derived from its events and its lines.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events happened in: those of one transaction share their created_at. */
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The seller's part it is about (cash collected at a part's delivery); null for the whole order. */
    sellerEmail: text('seller_email'),
    kind: text('kind', { enum: PAYMENT_EVENT_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    by: text('by_role', { enum: PAYMENT_ACTORS }).notNull(),
    /** The account that acted; never shown to anyone else. */
    actorEmail: text('actor_email'),
    /** The claim's transaction ID, the refund's reference, or a rejection's reason. */
    reference: text('reference'),
    claimId: uuid('claim_id').references(() => paymentClaims.id),
    /** The refund_due event a refund_made settles, or a refund_failed says Stripe refused: each once. */
    refundOf: uuid('refund_of').references((): AnyPgColumn => paymentEvents.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_order_idx').on(t.orderId, t.seq),
    index('payment_events_refund_due_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'refund_due'`),
    check('payment_events_amount_nonnegative', sql`${t.amountCents} >= 0`),
    uniqueIndex('payment_events_refund_of_idx').on(t.refundOf, t.kind),
    // One PaymentIntent pays one order, once: the webhook and the buyer's return may both bring it.
    uniqueIndex('payment_events_card_paid_idx')
      .on(t.reference)
      .where(sql`${t.kind} = 'card_paid'`),
  ],
);

/**
 * Each Stripe Checkout Session the shop opened for an order, the attempts numbered from 1: the attempt makes the
 * idempotency key of its creation, and the amount asked is what Stripe's confirmation is checked against.
 */
export const cardCheckouts = pgTable(
  'card_checkouts',
  {
    sessionId: text('session_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    attempt: integer('attempt').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('card_checkouts_attempt_idx').on(t.orderId, t.attempt)],
);

export const STRIPE_EVENT_OUTCOMES = ['applied', 'skipped', 'flagged'] as const;

/**
 * Every Stripe event the webhook took in, once each (its id is the key): stored in the transaction that applies it,
 * so that a redelivery of one already stored changes nothing, and one lost before its commit is applied when it comes
 * again.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The shop's order it is about; null when it names none the shop knows. */
    orderId: uuid('order_id').references(() => orders.id),
    outcome: text('outcome', { enum: STRIPE_EVENT_OUTCOMES }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stripe_events_order_idx').on(t.orderId)],
);

/**
 * A payout of a seller's earnings, recorded by an admin once the money was sent; its ledger entry debits the seller.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The seller as order lines key them (order_lines.seller_email). */
    sellerEmail: text('seller_email').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    /** The transfer's reference, as the admin gave it. */
    reference: text('reference').notNull(),
    /** The admin who recorded it; never shown to the seller. */
    recordedBy: text('recorded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_seller_idx').on(t.sellerEmail, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Each seller's money with the shop, one row per entry, never changed nor deleted (a trigger refuses both, migration
 * 0032): a seller's balance is the sum of their entries. Credits are positive, debits negative; a reversal is an
 * entry of the same kind and the opposite sign.
 */
export const sellerLedger = pgTable(
  'seller_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order entries were written in. */
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity(),
    /** The seller as order lines key them (order_lines.seller_email). */
    sellerEmail: text('seller_email').notNull(),
    /** The order whose part the entry is about; null for a payout. */
    orderId: uuid('order_id').references(() => orders.id),
    payoutId: uuid('payout_id').references(() => payouts.id),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Why, as the seller reads it. */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it may be paid out: a credit after the hold (PAYOUT_HOLD_DAYS, the returns window), a debit at once. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('seller_ledger_seller_idx').on(t.sellerEmail, t.seq),
    index('seller_ledger_order_idx').on(t.orderId, t.sellerEmail),
    check('seller_ledger_amount_nonzero', sql`${t.amountCents} <> 0`),
    check(
      'seller_ledger_source',
      sql`(${t.kind} = 'payout') = (${t.payoutId} is not null) and (${t.kind} = 'payout') = (${t.orderId} is null)`,
    ),
  ],
);

/**
 * A buyer's review of one delivered order line: one per line (the primary key of the line is unique here). The
 * product's ratings, reviews_count and rating_total follow every insert in the same transaction.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    linePosition: integer('line_position').notNull(),
    /** The buyer's account e-mail, lowercase as orders.user_email; shown by the account's name, never the e-mail. */
    authorEmail: text('author_email').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its writer last changed the rating or the text (null while never), which the review shows as "edited". */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The seller's one reply. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** When the seller last changed the reply; cleared with it. */
    replyEditedAt: timestamp('reply_edited_at', { withTimezone: true }),
    /**
     * Set when an admin hides the review: it is kept, with the reason, but leaves the product's page and figures
     * (taken off them in the same transaction) until it is shown again.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** The admin who hid it (null once that account is gone). */
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reviews_line_idx').on(t.orderId, t.linePosition),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    foreignKey({
      columns: [t.orderId, t.linePosition],
      foreignColumns: [orderLines.orderId, orderLines.position],
      name: 'reviews_order_line_fk',
    }).onDelete('cascade'),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_hidden_with_reason', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/**
 * Mail waiting to be sent, written in the transaction of the action that causes it, so that a commit without its
 * mail (or a mail without its commit) cannot happen. Senders in every server process claim due rows, send them
 * and mark them sent; a failed send is tried again later (next_attempt_at), a claim left by a killed sender runs
 * out (claimed_until).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What caused it, e.g. order-placed, sale, status-changed, review, verify-email, reset-password. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it may next be tried: at once at first, later after each failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A sender's claim on it: no other sender takes it before then. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * What a mail held back for a while (its first attempt later) is for, so that the action that queued it can
     * withdraw or rewrite it while it waits: `shipped:<order id>:<seller e-mail>`.
     */
    holdKey: text('hold_key'),
  },
  (t) => [
    index('mail_outbox_hold_key_idx')
      .on(t.holdKey)
      .where(sql`${t.holdKey} is not null`),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Raw bytes (PostgreSQL bytea). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A picture a user uploaded (docs/decisions/016-picture-storage.md). `uses` counts the products, profiles and order
 * lines that name it, kept by triggers (migration 0008) on every write path; a picture unused for the grace period is
 * deleted by the clean-up job.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The size in bytes of the file as it was sent. */
    size: integer('size').notNull(),
    /** The size of the largest stored width, upright. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uses: integer('uses').notNull().default(0),
    /** Since when nothing uses it (its upload, at first); null while something does. */
    unusedSince: timestamp('unused_since', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Holds only the unused pictures, so that the clean-up reads a handful of rows whatever the catalog's size.
    index('uploads_unused_idx')
      .on(t.unusedSince)
      .where(sql`${t.uses} = 0`),
    index('uploads_owner_idx').on(t.ownerId),
  ],
);

/**
 * One stored width of an upload, as WebP. `width` is the width asked for (one of UPLOAD_WIDTHS); a picture narrower
 * than that is stored at its own width, once, under the smallest width that holds it.
 */
export const uploadFiles = pgTable(
  'upload_files',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    /** A strong ETag: a hash of the bytes. */
    etag: text('etag').notNull(),
    /** The WebP file; null when the shop stores pictures in an S3 bucket (key `uploads/{id}/{width}.webp`). */
    bytes: bytes('bytes'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.width] })],
);

/**
 * Deleted pictures whose bucket objects are still to be deleted (S3 storage only). The clean-up deletes a picture's rows
 * and writes its id here in one transaction, then deletes the objects and the id: an object delete that fails is
 * tried again at the next round, and no object is ever forgotten in the bucket.
 */
export const uploadRemovals = pgTable('upload_removals', {
  uploadId: uuid('upload_id').primaryKey(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});
