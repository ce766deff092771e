import { beforeAll, describe, expect, it } from 'vitest';
import { SaleSchema, type Order, type Sale } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { CustomerSchema, UserProfileSchema } from '@bazaar/shared/users';
import { asBearer, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { changeStatus, orderBody, placeOrder, saleMoveBody } from '../../test/order-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * What a seller learns of their buyers: who they are on the customers list, and where to send an order on the sale,
 * as the buyer typed it at checkout, only while the seller has a line of it to ship or deliver. Never the phone or
 * address of the buyer's profile, which may be their home and follows them when they move.
 */
const testApp = useTestApp();
let cast: Awaited<ReturnType<typeof signUpCast>>;
let buyer: TestAccount;
let toShip: Order;
let cancelled: Order;

const PROFILE_BEFORE = { phone: '+1 555 0101', address: '1 Old Home Road' };
const PROFILE_AFTER = { phone: '+1 555 0202', address: '2 New Home Avenue' };
const DELIVERY = { name: 'Bea at the office', phone: '+1 555 0303', address: '3 Office Park' };
const PROFILE_VALUES = [...Object.values(PROFILE_BEFORE), ...Object.values(PROFILE_AFTER)];

const get = (url: string, account?: TestAccount) =>
  testApp.app.inject({ method: 'GET', url, headers: account ? asBearer(account) : {} });
const patchProfile = (account: TestAccount, payload: object) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/users/${account.email}`,
    headers: asBearer(account),
    payload,
  });
const moveSale = (account: TestAccount, id: string, status: string) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/sales/${id}/status`,
    headers: asBearer(account),
    payload: saleMoveBody(status),
  });
const salesOf = async (account: TestAccount) => {
  const response = await get('/api/sales', account);
  expect(response.statusCode).toBe(200);
  return { body: response.body, sales: SaleSchema.array().parse(response.json()) };
};
const saleIn = (sales: Sale[], order: Order) => sales.find((sale) => sale._id === order._id);
const contactOf = (sale: Sale | undefined) => ({
  name: sale?.name,
  phone: sale?.phone,
  address: sale?.address,
});
const NO_CONTACT = { name: null, phone: null, address: null };

beforeAll(async () => {
  cast = await signUpCast(testApp, 'customers');
  buyer = await signUp(testApp.app, 'customers-buyer@bazaar.test', 'Bea Buyer');
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: asBearer(cast.owner),
    payload: { name: 'Customer Lamp', price: 10 },
  });
  const product = created.json<Product>();
  expect((await patchProfile(buyer, PROFILE_BEFORE)).statusCode).toBe(200);
  const order = async () => {
    const response = await placeOrder(testApp.app, buyer, { ...orderBody([product._id]), ...DELIVERY });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };
  toShip = await order();
  cancelled = await order();
  expect((await changeStatus(testApp.app, buyer, cancelled._id, 'cancelled')).statusCode).toBe(200);
  // The buyer moves after ordering: the seller must learn neither home.
  expect((await patchProfile(buyer, PROFILE_AFTER)).statusCode).toBe(200);
});

describe("GET /api/users: a seller's customers", () => {
  it('are who they are, without any phone or address of their profile', async () => {
    const response = await get('/api/users', cast.owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { _id: buyer.id, name: 'Bea Buyer', handle: buyer.handle, img: null, image: null },
    ]);
    expect(CustomerSchema.strict().array().safeParse(response.json()).success).toBe(true);
    for (const value of PROFILE_VALUES) expect(response.body).not.toContain(value);
  });

  it('are nobody for a stranger, who sold nothing; 401 for an anonymous caller', async () => {
    const strangers = await get('/api/users', cast.stranger);
    expect(strangers.statusCode).toBe(200);
    expect(strangers.json()).toEqual([]);
    expect((await get('/api/users')).statusCode).toBe(401);
  });

  it("are every profile for an admin, who runs the shop, with the buyer's current phone and address", async () => {
    const response = await get('/api/users', cast.admin);
    expect(response.statusCode).toBe(200);
    const profiles = UserProfileSchema.array().parse(response.json());
    expect(profiles.find((profile) => profile.handle === buyer.handle)).toMatchObject(PROFILE_AFTER);
  });
});

describe("GET /api/sales: a sale's delivery contact", () => {
  it("is the order's own for a line to ship, and none for a cancelled one, never the profile's", async () => {
    const { body, sales } = await salesOf(cast.owner);
    expect(sales.map((sale) => sale._id).sort()).toEqual([toShip._id, cancelled._id].sort());
    expect(contactOf(saleIn(sales, toShip))).toEqual(DELIVERY);
    expect(contactOf(saleIn(sales, cancelled))).toEqual(NO_CONTACT);
    expect(saleIn(sales, cancelled)?.buyer).toEqual({ handle: buyer.handle, name: 'Bea Buyer' });
    for (const value of PROFILE_VALUES) expect(body).not.toContain(value);
  });

  it('is there for an admin on every sale, cancelled or not', async () => {
    const { sales } = await salesOf(cast.admin);
    expect(contactOf(saleIn(sales, toShip))).toEqual(DELIVERY);
    expect(contactOf(saleIn(sales, cancelled))).toEqual(DELIVERY);
  });

  it('is nowhere for a stranger, who sold nothing; 401 for an anonymous caller', async () => {
    const { sales } = await salesOf(cast.stranger);
    expect(sales).toEqual([]);
    expect((await get('/api/sales')).statusCode).toBe(401);
  });

  it("stays while the seller's lines are shipped, and goes once they are delivered", async () => {
    const shipped = await moveSale(cast.owner, toShip._id, 'shipped');
    expect(shipped.statusCode).toBe(200);
    expect(contactOf(SaleSchema.parse(shipped.json()))).toEqual(DELIVERY);
    const delivered = await moveSale(cast.owner, toShip._id, 'delivered');
    expect(delivered.statusCode).toBe(200);
    expect(contactOf(SaleSchema.parse(delivered.json()))).toEqual(NO_CONTACT);
    const { sales } = await salesOf(cast.owner);
    expect(contactOf(saleIn(sales, toShip))).toEqual(NO_CONTACT);
    // The buyer still sees their own order whole.
    const own = await get(`/api/orders/${buyer.email}`, buyer);
    expect(own.json<Order[]>().find((order) => order._id === toShip._id)).toMatchObject(DELIVERY);
  });

  it("is refused to a stranger moving the sale (403), and an anonymous caller's move (401)", async () => {
    const stranger = await moveSale(cast.stranger, cancelled._id, 'shipped');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain(DELIVERY.address);
    const anonymous = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/sales/${cancelled._id}/status`,
      payload: { status: 'shipped' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
