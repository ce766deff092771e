import { getTableColumns, sql } from 'drizzle-orm';
import { analyzeFilledCatalog, vacuumFilledCatalog } from '../db/maintenance.ts';
import { snapshotLine } from '../db/order-line.ts';
import { queryRows, type Database } from '../db/client.ts';
import {
  categories,
  orderLines,
  orderParts,
  orders,
  paymentClaims,
  paymentEvents,
  sellerLedger,
  products,
  reviews,
  users,
} from '../db/schema.ts';
import { shippingAtPlacement, totalWithShippingCents } from '../modules/orders/orders.module.ts';
import { sumCents, type ShippingTerms } from '@bazaar/shared/pricing';
import { categoryImageUrl, productImageUrl, slugify } from '../images/image-urls.ts';
import {
  CATALOG,
  COLORS,
  DELIVERY_ESTIMATES,
  DESCRIPTION_CLOSERS,
  DESCRIPTION_FEATURE_SENTENCES,
  DESCRIPTION_OPENERS,
  MODEL_CODE_LETTERS,
  PRODUCT_LINES,
  type CatalogCategory,
} from './catalog-words.ts';
import { newDemoPasswords, storePassword, type DemoSignIn } from './demo-sign-ins.ts';
import { demoProductColor } from './picture-color.ts';
import { Random } from './random.ts';
import { buildPayments, type DemoPaidOrder } from './seed-payments.ts';
import { REVIEW_TEXTS, SELLER_REPLIES } from './review-words.ts';
import { buildLedger } from './seed-ledger.ts';
import { PAYOUT_HOLD_DAYS_DEFAULT } from '../config/env.ts';

export const DEMO_SELLER_EMAIL = 'seller@bazaar.test';
/** A second seller, so the dashboard shows products the demo seller may not edit. */
export const DEMO_MAKER_EMAIL = 'maker@bazaar.test';
/** A customer with orders and reviews of the demo seller's products. */
export const DEMO_BUYER_EMAIL = 'ava.thompson@bazaar.test';

/**
 * The accounts the seed gives a password (a new one at each seeding, printed once): one of each side of the shop.
 * The other demo people have none, so that no password nobody reads is hashed (about 100 ms each).
 */
const DEMO_SIGN_INS = { 'Demo seller': DEMO_SELLER_EMAIL, 'Demo buyer': DEMO_BUYER_EMAIL };

interface DemoPerson {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
}

const DEMO_SELLERS: readonly DemoPerson[] = [
  {
    name: 'Demo Seller',
    email: DEMO_SELLER_EMAIL,
    phone: '+1 415 555 0100',
    address: '221 Market Street, San Francisco, CA 94105, USA',
  },
  {
    name: 'Maya Maker',
    email: DEMO_MAKER_EMAIL,
    phone: '+44 20 7946 0321',
    address: '8 Canal Yard, Manchester M1 6FT, UK',
  },
];

const DEMO_CUSTOMERS: readonly DemoPerson[] = [
  {
    name: 'Ava Thompson',
    email: DEMO_BUYER_EMAIL,
    phone: '+44 20 7946 0812',
    address: '14 Rosebery Avenue, London EC1R 4SX, UK',
  },
  {
    name: 'Rahim Uddin',
    email: 'rahim.uddin@bazaar.test',
    phone: '+880 1712 555 014',
    address: 'House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh',
  },
  {
    name: 'Liam Chen',
    email: 'liam.chen@bazaar.test',
    phone: '+1 416 555 0187',
    address: '88 Queen Street West, Toronto, ON M5H 2N2, Canada',
  },
  {
    name: 'Sofia García',
    email: 'sofia.garcia@bazaar.test',
    phone: '+34 91 555 0143',
    address: 'Calle de Alcalá 120, 28009 Madrid, Spain',
  },
  { name: 'Noah Williams', email: 'noah.williams@bazaar.test', phone: null, address: null },
  {
    name: 'Fatima Khan',
    email: 'fatima.khan@bazaar.test',
    phone: '+880 1811 555 276',
    address: 'Flat 4B, 27 CDA Avenue, Chattogram 4000, Bangladesh',
  },
  { name: 'Ethan Brown', email: 'ethan.brown@bazaar.test', phone: '+1 212 555 0164', address: null },
  {
    name: 'Olivia Martin',
    email: 'olivia.martin@bazaar.test',
    phone: '+61 2 5550 1234',
    address: '5 Harbour Street, Sydney NSW 2000, Australia',
  },
];

export const DEMO_CUSTOMER_EMAILS: readonly string[] = DEMO_CUSTOMERS.map((customer) => customer.email);

/** Where some orders are sent instead of the customer's own address: gifts, offices, holiday homes. */
const OTHER_SHIPPING_ADDRESSES = [
  '3 Mill Lane, Bristol BS1 4DJ, UK',
  'Level 2, 40 Gulshan Avenue, Dhaka 1212, Bangladesh',
  '500 Fifth Avenue, Floor 12, New York, NY 10110, USA',
  'Friedrichstraße 68, 10117 Berlin, Germany',
  '77 Ocean Drive, Cox’s Bazar 4700, Bangladesh',
];

export interface SeedOptions {
  products: number;
  /** The moment the data is seeded "at"; every timestamp is relative to it. */
  now?: Date;
  onProgress?: (done: number, total: number) => void;
  /** PAYOUT_HOLD_DAYS: the demo's recent credits wait as the shop's would. */
  payoutHoldDays?: number;
}

export interface SeedSummary {
  categories: number;
  products: number;
  users: number;
  orders: number;
  reviews: number;
  /** The demo accounts' e-mails and new passwords, to be shown once: they are stored only hashed. */
  signIns: DemoSignIn[];
}

// Every column spelled out: the bulk insert below does not fall back to column defaults.
type NewProduct = Required<Omit<typeof products.$inferInsert, 'seq'>>;
type NewOrder = typeof orders.$inferInsert;
type NewOrderLine = typeof orderLines.$inferInsert;
type NewOrderPart = typeof orderParts.$inferInsert;

/** The demo sellers' shipping: the shop's default, $10 a part. */
const DEMO_SHIPPING_TERMS: ShippingTerms = { shippingFeeCents: 1000, freeShippingOverCents: null };
type NewReview = typeof reviews.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_MS = 365 * DAY_MS;
const ORDER_COUNT = 80;
const BATCH_SIZE = 1000;
// Separate streams, so e.g. asking for more products does not reshuffle the users or orders.
const SEEDS = { users: 1, categories: 2, products: 3, orders: 4, reviews: 5, purchases: 6, payments: 7 };
/** The share of delivered order lines whose buyer reviewed them. */
const REVIEWED_SHARE = 0.8;
/**
 * Besides the orders above, demo customers bought, received and mostly reviewed this share of the catalog, at most
 * REVIEWED_PRODUCTS_MAX products (a large catalog seeds as fast), so that the storefront's stars mean something.
 */
const PURCHASED_SHARE = 0.5;
const REVIEWED_PRODUCTS_MAX = 300;
/** A purchase made to be reviewed arrives within this long, so the newest products have none yet. */
const DELIVERY_MS = 7 * DAY_MS;

/**
 * Replaces the catalog and orders with a believable, reproducible demo shop: the same options
 * (including `now`) always give the same rows. Demo users are upserted; other users are kept.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const total = options.products;
  if (!Number.isInteger(total) || total < 0) throw new Error(`products must be a whole number, got ${total}`);
  const now = (options.now ?? new Date()).getTime();
  const orderPlans = [
    ...planOrders(new Random(SEEDS.orders), total, now),
    ...planPurchases(new Random(SEEDS.purchases), total, now),
  ];
  const orderedIndexes = new Set(orderPlans.flatMap((plan) => plan.lines.map((line) => line.productIndex)));
  const reviewPlans = planReviews(new Random(SEEDS.reviews), orderPlans, now);
  const figures = reviewFigures(reviewPlans);
  const passwords = await newDemoPasswords(DEMO_SIGN_INS);

  const summary = await db.transaction(async (tx) => {
    await tx.execute(
      sql`truncate table reviews, order_lines, orders, products, categories, category_tags restart identity cascade`,
    );
    const userIds = await upsertUsers(tx, now);
    const userIdOf = (email: string): string => {
      const id = userIds.get(email);
      if (id === undefined) throw new Error(`the demo user ${email} was not seeded`);
      return id;
    };
    for (const { signIn, hash } of passwords) await storePassword(tx, userIdOf(signIn.email), hash);
    const sellerOf = (email: string): Seller => ({ id: userIdOf(email), email });
    const sellers = { seller: sellerOf(DEMO_SELLER_EMAIL), maker: sellerOf(DEMO_MAKER_EMAIL) };
    const categoryRows = buildCategories(now);
    await tx.insert(categories).values(categoryRows);

    const productIndexes = await dropSecondaryIndexes(tx);
    const ordered = new Map<number, NewProduct>();
    let done = 0;
    for (const batch of chunks(generateProducts(total, now, sellers, figures), BATCH_SIZE)) {
      batch.forEach((product, i) => {
        if (orderedIndexes.has(done + i)) ordered.set(done + i, product);
      });
      await insertProducts(tx, batch);
      done += batch.length;
      options.onProgress?.(done, total);
    }

    for (const definition of productIndexes) await tx.execute(sql.raw(definition));
    await analyzeFilledCatalog(tx);

    const { orderRows, lineRows, partRows, paidOrders } = buildOrders(orderPlans, ordered, sellers);
    if (orderRows.length > 0) {
      await tx.insert(orders).values(orderRows);
      await tx.insert(orderLines).values(lineRows);
      await tx.insert(orderParts).values(partRows);
      const payments = buildPayments(new Random(SEEDS.payments), paidOrders, now);
      if (payments.claimRows.length > 0) await tx.insert(paymentClaims).values(payments.claimRows);
      if (payments.eventRows.length > 0) await tx.insert(paymentEvents).values(payments.eventRows);
      const ledger = buildLedger(
        orderRows,
        lineRows,
        partRows,
        now,
        options.payoutHoldDays ?? PAYOUT_HOLD_DAYS_DEFAULT,
      );
      if (ledger.length > 0) await tx.insert(sellerLedger).values(ledger);
    }
    const reviewRows = buildReviews(reviewPlans, ordered);
    if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows);
    return {
      categories: categoryRows.length,
      products: total,
      users: userIds.size,
      orders: orderRows.length,
      reviews: reviewRows.length,
      signIns: passwords.map(({ signIn }) => signIn),
    };
  });
  await vacuumFilledCatalog(db);
  return summary;
}

/** A demo seller: the user id products refer to, and the e-mail order lines keep. */
interface Seller {
  id: string;
  email: string;
}

interface DemoSellers {
  seller: Seller;
  /** The second seller, of one product in five. */
  maker: Seller;
}

/** Upserts the demo people one at a time, so that each gets a handle no one has yet; answers their ids by e-mail. */
async function upsertUsers(db: Database, now: number): Promise<Map<string, string>> {
  const random = new Random(SEEDS.users);
  const people = [...DEMO_SELLERS, ...DEMO_CUSTOMERS];
  const ids = new Map<string, string>();
  for (const [i, person] of people.entries()) {
    const joined = new Date(now - HISTORY_MS - (people.length - i) * DAY_MS);
    const id = random.uuid();
    const [row] = await db
      .insert(users)
      .values({
        id,
        ...person,
        handle: sql`free_user_handle(${person.name})`,
        emailVerified: true,
        createdAt: joined,
        updatedAt: joined,
      })
      .onConflictDoUpdate({
        // Keeps the id and handle of an account that already exists, e.g. one registered through the shop.
        target: users.email,
        set: {
          name: sql`excluded.name`,
          phone: sql`excluded.phone`,
          address: sql`excluded.address`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ id: users.id });
    ids.set(person.email, row?.id ?? id);
  }
  return ids;
}

function buildCategories(now: number): (typeof categories.$inferInsert)[] {
  const random = new Random(SEEDS.categories);
  return CATALOG.map((category) => ({
    id: random.uuid(),
    name: category.name,
    imageUrl: categoryImageUrl(slugify(category.name)),
    createdAt: new Date(now - HISTORY_MS),
  }));
}

/** Creation time of product `index` of `total`: evenly over the past year, the last one at `now`. */
function productCreatedAt(index: number, total: number, now: number): number {
  return now - HISTORY_MS + Math.floor(((index + 1) * HISTORY_MS) / total);
}

function* generateProducts(
  total: number,
  now: number,
  sellers: DemoSellers,
  figures: ReadonlyMap<number, ReviewFigures>,
): Generator<NewProduct, void> {
  const random = new Random(SEEDS.products);
  const usedNames = new Set<string>();
  let flashSaleSlot = 0;
  for (let index = 0; index < total; index++) {
    // One flash-sale product in every ten, at a random place in each run of ten.
    if (index % 10 === 0) flashSaleSlot = random.int(0, 9);
    const createdAt = new Date(productCreatedAt(index, total, now));
    const product = buildProduct(random, index % 10 === flashSaleSlot, usedNames, createdAt, sellers);
    const flashSaleEndsAt = product.flashSale ? flashSaleEnd(index, now) : null;
    yield { ...product, flashSaleEndsAt, ...productFigures(figures.get(index)) };
  }
}

const FLASH_SALE_SHORTEST_MINUTES = 3 * 60;
const FLASH_SALE_SPREAD_MINUTES = 6 * 24 * 60;

/**
 * When a demo flash sale ends: from a few hours to six days after the seed, spread by the product's place (not drawn
 * from the seed's random numbers, so that every other value stays as it was).
 */
const flashSaleEnd = (index: number, now: number) =>
  new Date(now + (FLASH_SALE_SHORTEST_MINUTES + ((index * 7919) % FLASH_SALE_SPREAD_MINUTES)) * 60_000);

function buildProduct(
  random: Random,
  flashSale: boolean,
  usedNames: Set<string>,
  createdAt: Date,
  sellers: DemoSellers,
): Omit<NewProduct, 'ratings' | 'reviewsCount' | 'ratingTotal' | 'flashSaleEndsAt'> {
  const category = random.pick(CATALOG);
  const id = random.uuid();
  const name = uniqueProductName(random, category, usedNames);
  const slug = slugify(name);
  const features = random.sample(category.features, random.int(3, 5));
  // The picture shows the product in its first colour, which the image route reads from the slug.
  const colors = leadWith(demoProductColor(slug), random.sample(COLORS, random.int(1, 4)));
  const related = random.chance(0.35) ? [random.pick(category.relatedTags)] : [];
  return {
    id,
    name,
    priceCents: priceCents(random, category.priceRange),
    description: describe(random, name, category, features, colors),
    discount: flashSale ? random.pick([20, 25, 30, 35, 40, 50, 60]) : discount(random),
    brand: random.chance(1 / 8) ? null : random.pick(category.brands),
    flashSale,
    mainImageUrl: productImageUrl(slug, 1),
    imageUrls: Array.from({ length: random.int(2, 4) }, (_, i) => productImageUrl(slug, i + 2)),
    features,
    colors,
    categories: [...category.tags, ...related].slice(0, 3),
    estimatedDelivery: random.chance(1 / 8) ? null : random.pick(DELIVERY_ESTIMATES),
    sellerId: (random.chance(1 / 5) ? sellers.maker : sellers.seller).id,
    // Not counted: the demo shop never runs out (and the seed's random sequence stays as it was).
    stock: null,
    createdAt,
    updatedAt: createdAt,
  };
}

/** `list` with `lead` first, as long as it was (the seed's random sequence stays as it was). */
function leadWith(lead: string, list: readonly string[]): string[] {
  return [lead, ...list.filter((item) => item !== lead)].slice(0, list.length);
}

function uniqueProductName(random: Random, category: CatalogCategory, usedNames: Set<string>): string {
  const base = [
    random.chance(0.75) ? random.pick(PRODUCT_LINES) : '',
    random.pick(category.adjectives),
    random.pick(category.nouns),
    random.chance(0.5) ? random.pick(category.suffixes) : '',
  ]
    .filter(Boolean)
    .join(' ');
  let name = base;
  // Large catalogs run out of word combinations; a model code keeps names (and image URLs) distinct.
  while (usedNames.has(name)) {
    name = `${base} ${random.pick(MODEL_CODE_LETTERS)}${random.int(10, 9999)}`;
  }
  usedNames.add(name);
  return name;
}

/** A shop-like price: spread evenly on a log scale over the range, ending in .99, .95, .49 or .00. */
function priceCents(random: Random, [min, max]: readonly [number, number]): number {
  const dollars = Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min)));
  const whole = dollars >= 100 ? Math.round(dollars / 10) * 10 - 1 : Math.floor(dollars);
  const cents = whole * 100 + random.pick([99, 99, 95, 49, 0]);
  return Math.min(Math.max(cents, Math.round(min * 100)), Math.round(max * 100));
}

function discount(random: Random): number {
  return random.chance(0.55) ? 0 : random.pick([5, 10, 10, 15, 15, 20, 20, 25, 30, 40, 50]);
}

function describe(
  random: Random,
  name: string,
  category: CatalogCategory,
  features: readonly string[],
  colors: readonly string[],
): string {
  const [a, b] = random.sample(features, 2).map(lowerFirst);
  const sentences = [
    fill(random.pick(DESCRIPTION_OPENERS), { name, pitch: random.pick(category.pitches) }),
    fill(random.pick(DESCRIPTION_FEATURE_SENTENCES), { a: a ?? '', b: b ?? '' }),
  ];
  if (random.chance(0.6)) {
    sentences.push(fill(random.pick(DESCRIPTION_CLOSERS), { colors: joinWords(colors).toLowerCase() }));
  }
  return sentences.join(' ');
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => values[key] ?? placeholder);
}

/** "Fast charging" → "fast charging", but "USB-C ports" and "OLED display" keep their capitals. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

interface OrderPlan {
  id: string;
  customer: DemoPerson;
  phone: string;
  address: string;
  paymentMethod: NewOrder['paymentMethod'];
  status: NonNullable<NewOrder['status']>;
  orderTime: Date;
  lines: { productIndex: number; quantity: number }[];
}

/** Orders spread evenly over the past year, each buying products that existed at the time. */
function planOrders(random: Random, productCount: number, now: number): OrderPlan[] {
  if (productCount === 0) return [];
  return Array.from({ length: ORDER_COUNT }, (_, k) => {
    const orderTime =
      now - HISTORY_MS + Math.floor(((k + 0.1 + 0.8 * random.next()) * HISTORY_MS) / ORDER_COUNT);
    const customer = random.pick(DEMO_CUSTOMERS);
    const shipElsewhere = customer.address === null || random.chance(0.12);
    const newestAvailable = Math.max(
      0,
      Math.floor(((orderTime - now + HISTORY_MS) * productCount) / HISTORY_MS) - 1,
    );
    const productIndexes = new Set<number>();
    const wanted = random.pick([1, 1, 2, 2, 2, 3, 4]);
    for (let attempt = 0; attempt < wanted * 3 && productIndexes.size < wanted; attempt++) {
      productIndexes.add(random.int(0, newestAvailable));
    }
    return {
      id: random.uuid(),
      customer,
      phone: customer.phone ?? `+1 202 555 01${random.int(10, 99)}`,
      address: shipElsewhere ? random.pick(OTHER_SHIPPING_ADDRESSES) : (customer.address ?? ''),
      paymentMethod: random.chance(0.7) ? 'cash on delivery' : random.chance(0.6) ? 'bkash' : 'rocket',
      status: orderStatus(random, (now - orderTime) / DAY_MS),
      orderTime: new Date(orderTime),
      lines: [...productIndexes].map((productIndex) => ({
        productIndex,
        quantity: random.pick([1, 1, 1, 2, 2, 3]),
      })),
    };
  });
}

/**
 * Delivered one-product orders of a sample of the catalog spread over all of it, one to five customers each: each
 * bought the product some time after it was added, long enough ago to have received it.
 */
function planPurchases(random: Random, productCount: number, now: number): OrderPlan[] {
  const delivered = Array.from({ length: productCount }, (_, index) => index).findLast(
    (index) => productCreatedAt(index, productCount, now) <= now - DELIVERY_MS,
  );
  if (delivered === undefined) return [];
  const sampled = Math.min(REVIEWED_PRODUCTS_MAX, Math.floor((delivered + 1) * PURCHASED_SHARE));
  return Array.from({ length: sampled }, (_, k) => {
    // One product from each of `sampled` equal stretches of the catalog.
    const productIndex = Math.floor(((k + random.next()) * (delivered + 1)) / sampled);
    const addedAt = productCreatedAt(productIndex, productCount, now);
    const buyers = random.sample(DEMO_CUSTOMERS, random.pick([1, 1, 2, 2, 3, 3, 4, 5]));
    return buyers.map((customer): OrderPlan => ({
      id: random.uuid(),
      customer,
      phone: customer.phone ?? `+1 202 555 01${random.int(10, 99)}`,
      address: customer.address ?? random.pick(OTHER_SHIPPING_ADDRESSES),
      paymentMethod: random.chance(0.7) ? 'cash on delivery' : 'bkash',
      status: 'delivered',
      orderTime: new Date(addedAt + Math.floor(random.next() * (now - DELIVERY_MS - addedAt))),
      lines: [{ productIndex, quantity: 1 }],
    }));
  }).flat();
}

function orderStatus(random: Random, ageDays: number): OrderPlan['status'] {
  if (ageDays < 14) return 'processing';
  if (ageDays < 35) return random.chance(0.9) ? 'shipped' : 'cancelled';
  const roll = random.next();
  return roll < 0.82 ? 'delivered' : roll < 0.92 ? 'cancelled' : 'shipped';
}

function buildOrders(
  plans: readonly OrderPlan[],
  productsByIndex: ReadonlyMap<number, NewProduct>,
  { seller, maker }: DemoSellers,
): {
  orderRows: NewOrder[];
  lineRows: NewOrderLine[];
  partRows: NewOrderPart[];
  paidOrders: DemoPaidOrder[];
} {
  const orderRows: NewOrder[] = [];
  const paidOrders: DemoPaidOrder[] = [];
  const lineRows: NewOrderLine[] = [];
  const partRows: NewOrderPart[] = [];
  for (const plan of plans) {
    const lines = plan.lines.map(({ productIndex, quantity }, position) => {
      const product = productsByIndex.get(productIndex);
      if (!product)
        throw new Error(`Order ${plan.id} refers to product #${productIndex}, which was not seeded`);
      const sellerEmail = product.sellerId === maker.id ? maker.email : seller.email;
      const copied = {
        id: product.id,
        name: product.name,
        unitPriceCents: product.priceCents,
        discount: product.discount,
        imageUrl: product.mainImageUrl,
        sellerEmail,
      };
      const line = snapshotLine(copied, quantity, position);
      // Every seller of a demo order has moved their lines as far as the order has gone.
      return { orderId: plan.id, ...line, status: plan.status, terms: DEMO_SHIPPING_TERMS };
    });
    const shipping = shippingAtPlacement(lines);
    const totalCents = totalWithShippingCents(lines, shipping);
    lineRows.push(...lines.map(({ terms, ...line }) => line));
    partRows.push(
      ...[...shipping].map(([sellerEmail, shippingCents]) => ({
        orderId: plan.id,
        sellerEmail,
        shippingCents,
      })),
    );
    orderRows.push({
      id: plan.id,
      userEmail: plan.customer.email,
      name: plan.customer.name,
      email: plan.customer.email,
      phone: plan.phone,
      address: plan.address,
      paymentMethod: plan.paymentMethod,
      totalCents,
      status: plan.status,
      orderTime: plan.orderTime,
    });
    paidOrders.push({
      id: plan.id,
      buyerEmail: plan.customer.email,
      method: plan.paymentMethod,
      status: plan.status,
      placedAt: plan.orderTime,
      totalCents,
      parts: [...shipping].map(([sellerEmail, shippingCents]) => ({
        sellerEmail,
        cents:
          shippingCents +
          sumCents(
            lines.filter((line) => line.sellerEmail === sellerEmail).map((line) => line.lineTotalCents),
          ),
      })),
    });
  }
  return { orderRows, lineRows, partRows, paidOrders };
}

interface ReviewPlan {
  id: string;
  orderId: string;
  position: number;
  productIndex: number;
  authorEmail: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  createdAt: Date;
  reply: { text: string; at: Date } | null;
}

/** Skewed towards the top, as real shop ratings are. */
const RATINGS = [5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 2, 1] as const;

/** Most delivered lines get a review from their buyer some days after the order; sellers answer some. */
function planReviews(random: Random, plans: readonly OrderPlan[], now: number): ReviewPlan[] {
  return plans
    .filter((plan) => plan.status === 'delivered')
    .flatMap((plan) =>
      plan.lines.flatMap(({ productIndex }, position): ReviewPlan[] => {
        if (!random.chance(REVIEWED_SHARE)) return [];
        const rating = random.pick(RATINGS);
        const createdAt = Math.min(now, plan.orderTime.getTime() + random.int(4, 25) * DAY_MS);
        const replies = rating >= 4 ? SELLER_REPLIES.good : SELLER_REPLIES.poor;
        return [
          {
            id: random.uuid(),
            orderId: plan.id,
            position,
            productIndex,
            authorEmail: plan.customer.email,
            rating,
            text: random.chance(0.85) ? random.pick(REVIEW_TEXTS[rating]) : '',
            createdAt: new Date(createdAt),
            reply: random.chance(rating >= 4 ? 0.2 : 0.7)
              ? {
                  text: random.pick(replies),
                  at: new Date(Math.min(now, createdAt + random.int(1, 3) * DAY_MS)),
                }
              : null,
          },
        ];
      }),
    );
}

interface ReviewFigures {
  count: number;
  total: number;
}

/** The number and sum of each reviewed product's ratings, by product index. */
function reviewFigures(plans: readonly ReviewPlan[]): Map<number, ReviewFigures> {
  const figures = new Map<number, ReviewFigures>();
  for (const { productIndex, rating } of plans) {
    const known = figures.get(productIndex) ?? { count: 0, total: 0 };
    figures.set(productIndex, { count: known.count + 1, total: known.total + rating });
  }
  return figures;
}

/** A product's review columns, as each review keeps them: the mean, the number and the sum (0 without reviews). */
function productFigures(
  figures: ReviewFigures | undefined,
): Pick<NewProduct, 'ratings' | 'reviewsCount' | 'ratingTotal'> {
  if (!figures) return { ratings: 0, reviewsCount: 0, ratingTotal: 0 };
  return { ratings: figures.total / figures.count, reviewsCount: figures.count, ratingTotal: figures.total };
}

function buildReviews(
  plans: readonly ReviewPlan[],
  productsByIndex: ReadonlyMap<number, NewProduct>,
): NewReview[] {
  return plans.map((plan) => {
    const product = productsByIndex.get(plan.productIndex);
    if (!product) throw new Error(`A review refers to product #${plan.productIndex}, which was not seeded`);
    return {
      id: plan.id,
      productId: product.id,
      orderId: plan.orderId,
      linePosition: plan.position,
      authorEmail: plan.authorEmail,
      rating: plan.rating,
      text: plan.text,
      createdAt: plan.createdAt,
      reply: plan.reply?.text ?? null,
      repliedAt: plan.reply?.at ?? null,
    };
  });
}

function* chunks<T>(items: Iterable<T>, size: number): Generator<T[], void> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

// Every column but the identity, which the database numbers in insertion order.
// The identity and the generated columns are the database's to fill.
const PRODUCT_COLUMNS = Object.entries(getTableColumns(products)).filter(
  ([key, column]) => key !== 'seq' && !column.generated,
);
const PRODUCT_COLUMN_LIST = sql.raw(PRODUCT_COLUMNS.map(([, column]) => `"${column.name}"`).join(', '));

/** Sends a batch as one JSON parameter the database unpacks: building it is far cheaper than a parameter per value. */
async function insertProducts(db: Database, rows: readonly NewProduct[]): Promise<void> {
  const records = rows.map((row) =>
    Object.fromEntries(PRODUCT_COLUMNS.map(([key, column]) => [column.name, row[key as keyof NewProduct]])),
  );
  await db.execute(
    sql`insert into ${products} (${PRODUCT_COLUMN_LIST})
        select ${PRODUCT_COLUMN_LIST} from json_populate_recordset(null::${products}, ${JSON.stringify(records)})`,
  );
}

// Maintaining the indexes row by row costs more than building them once at the end.
async function dropSecondaryIndexes(db: Database): Promise<string[]> {
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes
        where schemaname = current_schema() and tablename = 'products'
          and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await db.execute(sql`drop index ${sql.identifier(indexname)}`);
  return indexes.map((index) => index.indexdef);
}
