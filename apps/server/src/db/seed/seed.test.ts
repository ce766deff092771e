import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTotalCents } from '@bazaar/shared/pricing';
import type { DatabaseHandle } from '../client.ts';
import { categories, orderLines, orders, products, users } from '../schema.ts';
import { createTestDatabase } from '../../test/test-database.ts';
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

  it('has demo users with handles made from their names, and orders in each of the past 12 months, priced from their lines', async () => {
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

    const lines = await database.db.select().from(orderLines);
    for (const order of allOrders) {
      const own = lines.filter((line) => line.orderId === order.id);
      expect(own.length).toBeGreaterThan(0);
      for (const line of own) {
        expect(line.lineTotalCents).toBe(lineTotalCents(line.unitPriceCents, line.discount, line.quantity));
      }
      expect(order.totalCents).toBe(own.reduce((sum, line) => sum + line.lineTotalCents, 0));
    }
  });
});
