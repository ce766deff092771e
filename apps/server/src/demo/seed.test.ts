import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTotalCents } from '@bazaar/shared/pricing';
import { PAYOUT_HOLD_DAYS_DEFAULT } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
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
import { createTestDatabase } from '../test/test-database.ts';
import { productImageUrl, slugify } from '../images/image-urls.ts';
import { kindOfSlug } from './pictures/demo-kinds.ts';
import { demoProductColor } from './picture-color.ts';
import { DEMO_MAKER_EMAIL, DEMO_SELLER_EMAIL, seedDemoData } from './seed.ts';

let database: DatabaseHandle;
const now = new Date('2026-06-15T12:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const productRows = () => database.db.select().from(products).orderBy(products.createdAt);

describe('the demo catalog', () => {
  it('is the same catalog every time it is seeded', async () => {
    await seedDemoData(database.db, { products: 150, now });
    const first = await productRows();
    const summary = await seedDemoData(database.db, { products: 150, now });
    expect(await productRows()).toEqual(first);
    expect(summary).toMatchObject({ products: 150 });
  });

  it('has at least 12 categories, each with a generated image and products under its card', async () => {
    const rows = await database.db.select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const all = await productRows();
    for (const category of rows) {
      expect(category.imageUrl).toMatch(/^\/images\/categories\/[a-z0-9-]+\.svg$/);
      const route = category.name.toLowerCase();
      expect(
        all.some((product) => product.categories.some((tag) => route.includes(tag))),
        category.name,
      ).toBe(true);
    }
  });

  it('fills every product field, with some flash sales and some products lacking brand or delivery', async () => {
    const all = await productRows();
    expect(all).toHaveLength(150);
    for (const product of all) {
      expect(product.name.length).toBeGreaterThan(0);
      expect(product.description.length).toBeGreaterThan(20);
      expect(product.priceCents).toBeGreaterThan(0);
      expect(product.ratings).toBeGreaterThanOrEqual(0);
      expect(product.ratings).toBeLessThanOrEqual(5);
      expect(product.mainImageUrl).toMatch(/^\/images\/products\/[a-z0-9-]+\/1\.svg$/);
      expect(product.imageUrls.length).toBeGreaterThan(0);
      expect(product.features.length).toBeGreaterThan(0);
      expect(product.colors.length).toBeGreaterThan(0);
      expect(product.categories.every((tag) => tag === tag.toLowerCase())).toBe(true);
    }
    expect(all.filter((product) => product.flashSale).length).toBeGreaterThanOrEqual(6);
    expect(all.some((product) => product.brand === null)).toBe(true);
    expect(all.some((product) => product.estimatedDelivery === null)).toBe(true);
    expect(all.some((product) => product.discount > 0)).toBe(true);
    const people = await database.db.select().from(users);
    const sellerOf = (email: string) => people.find((user) => user.email === email)?.id;
    const bySeller = (email: string) => all.filter((product) => product.sellerId === sellerOf(email)).length;
    expect(bySeller(DEMO_SELLER_EMAIL)).toBeGreaterThan(75);
    expect(bySeller(DEMO_SELLER_EMAIL) + bySeller(DEMO_MAKER_EMAIL)).toBe(150);
  });

  it('pictures each product as the object it names, in the colour it lists first', async () => {
    const all = await productRows();
    for (const product of all) {
      const slug = slugify(product.name);
      expect(product.mainImageUrl).toBe(productImageUrl(slug, 1));
      expect(kindOfSlug(slug), product.name).toBeDefined();
      expect(product.colors[0], product.name).toBe(demoProductColor(slug));
      expect(new Set(product.colors).size).toBe(product.colors.length);
    }
    expect(new Set(all.map((product) => product.colors[0])).size).toBeGreaterThan(15);
  });

  it('has demo users with handles made from their names, and orders in each of the past 12 months, priced from their lines and as far along as their lines', async () => {
    const people = await database.db.select().from(users);
    expect(people.find((user) => user.email === DEMO_SELLER_EMAIL)).toMatchObject({
      name: 'Demo Seller',
      handle: 'demo-seller',
    });
    expect(people.find((user) => user.name === 'Sofia García')?.handle).toBe('sofia-garcia');

    const allOrders = await database.db.select().from(orders);
    const months = new Set(allOrders.map((order) => order.orderTime.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    expect(allOrders.every((order) => order.orderTime <= now)).toBe(true);

    const [lines, parts] = await Promise.all([
      database.db.select().from(orderLines),
      database.db.select().from(orderParts),
    ]);
    for (const order of allOrders) {
      const own = lines.filter((line) => line.orderId === order.id);
      expect(own.length).toBeGreaterThan(0);
      for (const line of own) {
        expect(line.lineTotalCents).toBe(lineTotalCents(line.unitPriceCents, line.discount, line.quantity));
      }
      // Each seller's part shipped at the demo sellers' $10.00.
      const ownParts = parts.filter((part) => part.orderId === order.id);
      expect(ownParts.map((part) => part.sellerEmail).sort()).toEqual(
        [...new Set(own.map((line) => line.sellerEmail))].sort(),
      );
      expect(ownParts.every((part) => part.shippingCents === 1000)).toBe(true);
      const goods = own.reduce((sum, line) => sum + line.lineTotalCents, 0);
      expect(order.totalCents).toBe(goods + 1000 * ownParts.length);
      // A delivered demo order's lines are delivered: their sellers cannot ship them again.
      expect(own.map((line) => line.status)).toEqual(own.map(() => order.status));
    }
  });

  it('records the demo orders paid as the shop would have: cash at delivery, wallets claimed and accepted', async () => {
    const [allOrders, events, claims] = await Promise.all([
      database.db.select().from(orders),
      database.db.select().from(paymentEvents).orderBy(paymentEvents.seq),
      database.db.select().from(paymentClaims),
    ]);
    const total = (orderId: string, kind: string) =>
      events
        .filter((event) => event.orderId === orderId && event.kind === kind)
        .reduce((sum, event) => sum + event.amountCents, 0);
    const cash = allOrders.filter((order) => order.paymentMethod === 'cash on delivery');
    const wallet = allOrders.filter((order) => order.paymentMethod !== 'cash on delivery');
    expect(cash.length).toBeGreaterThan(0);
    expect(wallet.length).toBeGreaterThan(0);
    for (const order of cash) {
      expect(total(order.id, 'cash_collected')).toBe(order.status === 'delivered' ? order.totalCents : 0);
    }
    for (const order of wallet.filter((one) => one.status === 'cancelled')) {
      expect(events.filter((event) => event.orderId === order.id).map((event) => event.kind)).toEqual([
        'expired',
      ]);
    }
    const open = wallet.filter((order) => order.status !== 'cancelled');
    // One claim waits for an admin: the newest order still being processed.
    const pending = claims.filter((claim) => claim.status === 'pending');
    expect(pending).toHaveLength(1);
    const newestProcessing = open
      .filter((order) => order.status === 'processing')
      .sort((a, b) => b.orderTime.getTime() - a.orderTime.getTime())[0];
    expect(pending[0]?.orderId).toBe(newestProcessing?.id);
    for (const order of open) {
      const claim = claims.find((one) => one.orderId === order.id);
      expect(claim?.amountCents).toBe(order.totalCents);
      expect(total(order.id, 'accepted')).toBe(claim?.status === 'accepted' ? order.totalCents : 0);
    }
    expect(new Set(claims.map((claim) => claim.transactionId)).size).toBe(claims.length);
  });

  it("credits the sellers of the delivered demo orders paid online, as each delivery's move would have", async () => {
    const [allOrders, entries] = await Promise.all([
      database.db.select().from(orders),
      database.db.select().from(sellerLedger),
    ]);
    const credited = (orderId: string) =>
      entries.filter((entry) => entry.orderId === orderId).reduce((sum, entry) => sum + entry.amountCents, 0);
    const deliveredOnline = allOrders.filter(
      (order) => order.status === 'delivered' && order.paymentMethod !== 'cash on delivery',
    );
    expect(deliveredOnline.length).toBeGreaterThan(0);
    // The demo's lines were placed before commission was kept: goods and shipping, nothing taken.
    for (const order of allOrders) {
      expect(credited(order.id)).toBe(deliveredOnline.includes(order) ? order.totalCents : 0);
    }
    // Each credit waits the default hold (PAYOUT_HOLD_DAYS) after its delivery, as the shop's own would.
    for (const entry of entries) {
      expect(entry.availableAt.getTime() - entry.createdAt.getTime()).toBe(
        entry.amountCents > 0 ? PAYOUT_HOLD_DAYS_DEFAULT * 86_400_000 : 0,
      );
    }
  });
});

describe('the demo reviews', () => {
  it('are of delivered lines, by their buyers, with ratings skewed to the top, and some seller replies', async () => {
    const [allReviews, lines, allOrders] = await Promise.all([
      database.db.select().from(reviews),
      database.db.select().from(orderLines),
      database.db.select().from(orders),
    ]);
    expect(allReviews.length).toBeGreaterThan(30);
    for (const review of allReviews) {
      const line = lines.find(
        (row) => row.orderId === review.orderId && row.position === review.linePosition,
      );
      const order = allOrders.find((row) => row.id === review.orderId);
      expect(line).toMatchObject({ status: 'delivered', productId: review.productId });
      expect(order).toMatchObject({ status: 'delivered', userEmail: review.authorEmail });
      expect(review.createdAt.getTime()).toBeGreaterThan(order!.orderTime.getTime());
      expect(review.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const mean = allReviews.reduce((sum, review) => sum + review.rating, 0) / allReviews.length;
    expect(mean).toBeGreaterThan(3.5);
    expect(new Set(allReviews.map((review) => review.rating)).size).toBeGreaterThanOrEqual(3);
    expect(allReviews.some((review) => review.reply !== null)).toBe(true);
    expect(allReviews.some((review) => review.text.length > 0)).toBe(true);
  });

  it('give each product the number and mean of its reviews, and 0 to a product without any', async () => {
    const [allReviews, all] = await Promise.all([database.db.select().from(reviews), productRows()]);
    for (const product of all) {
      const own = allReviews
        .filter((review) => review.productId === product.id)
        .map((review) => review.rating);
      const total = own.reduce((sum, rating) => sum + rating, 0);
      expect(product.reviewsCount, product.name).toBe(own.length);
      expect(product.ratingTotal, product.name).toBe(total);
      expect(product.ratings, product.name).toBeCloseTo(own.length === 0 ? 0 : total / own.length, 5);
    }
    const reviewed = all.filter((product) => product.reviewsCount > 0).length;
    // Half the catalog, and some products without any: the newest and the rest.
    expect(reviewed).toBeGreaterThan(60);
    expect(reviewed).toBeLessThan(140);
  });

  it('are bounded by the orders, however large the catalog', async () => {
    const summary = await seedDemoData(database.db, { products: 5000, now });
    const reviewed = await database.db.selectDistinct({ id: reviews.productId }).from(reviews);
    // 300 sampled products, and those of the orders of the past year.
    expect(reviewed.length).toBeGreaterThan(250);
    expect(reviewed.length).toBeLessThan(500);
    const all = await database.db.select({ reviewsCount: products.reviewsCount }).from(products);
    const counted = all.reduce((sum, product) => sum + product.reviewsCount, 0);
    expect(counted).toBe(summary.reviews);
  });
});
