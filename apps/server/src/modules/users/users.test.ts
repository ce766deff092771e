import { beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '@bazaar/shared/users';
import { orderLines, orders } from '../../db/schema.ts';
import { asBearer, asCookie, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();
let cast: Awaited<ReturnType<typeof signUpCast>>;
let customer: TestAccount;

/** An order by `buyer` of one line sold by `seller`, written straight to the database. */
async function recordOrder(buyer: string, seller: string) {
  const [order] = await testApp.database.db
    .insert(orders)
    .values({
      userEmail: buyer,
      name: 'Buyer',
      email: buyer,
      phone: '123',
      address: 'Road 1',
      paymentMethod: 'bkash',
      totalCents: 500,
    })
    .returning();
  if (!order) throw new Error('no order');
  await testApp.database.db.insert(orderLines).values({
    orderId: order.id,
    position: 0,
    sellerEmail: seller,
    name: 'Mug',
    unitPriceCents: 500,
    discount: 0,
    imageUrl: '/images/products/mug/1.svg',
    quantity: 1,
    lineTotalCents: 500,
  });
}

beforeAll(async () => {
  cast = await signUpCast(testApp, 'users');
  customer = await signUp(testApp.app, 'carla@bazaar.test', 'Carla Customer');
  await recordOrder(customer.email, cast.owner.email);
  await recordOrder(cast.stranger.email, cast.admin.email);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });
const patch = (email: string, headers: Record<string, string>, payload: object) =>
  testApp.app.inject({ method: 'PATCH', url: `/api/users/${email}`, headers, payload });

describe('GET /api/users/:email', () => {
  it('answers your own profile, by token or by cookie, whatever the case of the address', async () => {
    for (const headers of [asBearer(cast.owner), asCookie(cast.owner)]) {
      const response = await get(`/api/users/${cast.owner.email.toUpperCase()}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        _id: expect.any(String) as string,
        name: 'Olive Owner',
        email: cast.owner.email,
        handle: 'olive-owner',
        phone: null,
        address: null,
        img: null,
        image: null,
        role: 'user',
        shopMails: true,
        shippingFee: 10,
        freeShippingOver: null,
        payoutMethod: null,
        payoutAccount: null,
      });
    }
  });

  it('answers any profile to an admin, and says who is admin', async () => {
    expect((await get(`/api/users/${cast.owner.email}`, asBearer(cast.admin))).statusCode).toBe(200);
    const own = await get(`/api/users/${cast.admin.email}`, asBearer(cast.admin));
    expect(own.json<UserProfile>().role).toBe('admin');
    expect((await get('/api/users/nobody@bazaar.test', asBearer(cast.admin))).statusCode).toBe(404);
  });

  it("refuses another user's profile with 403 and anonymous callers with 401", async () => {
    expect((await get(`/api/users/${cast.owner.email}`, asBearer(cast.stranger))).statusCode).toBe(403);
    expect((await get(`/api/users/${cast.owner.email}`)).statusCode).toBe(401);
  });
});

describe('GET /api/users', () => {
  const emails = (body: UserProfile[]) => body.map((user) => user.email).sort();

  it('lists everyone for an admin, with the total', async () => {
    const response = await get('/api/users', asBearer(cast.admin));
    expect(response.statusCode).toBe(200);
    expect(emails(response.json())).toEqual(
      [cast.admin.email, cast.owner.email, cast.stranger.email, customer.email].sort(),
    );
    expect(response.headers['x-total-count']).toBe('4');
  });

  it('lists only the customers who ordered your products for a seller, by handle and without e-mails', async () => {
    const response = await get('/api/users', asBearer(cast.owner));
    expect(response.json()).toEqual([
      {
        _id: expect.any(String) as string,
        name: 'Carla Customer',
        handle: customer.handle,
        img: null,
        image: null,
      },
    ]);
    expect(response.headers['x-total-count']).toBe('1');
    expect((await get('/api/users', asBearer(customer))).json()).toEqual([]);
  });

  it('pages and refuses bad paging and anonymous callers', async () => {
    expect((await get('/api/users?limit=2&offset=1', asBearer(cast.admin))).json()).toHaveLength(2);
    expect((await get('/api/users?limit=0', asBearer(cast.admin))).statusCode).toBe(400);
    expect((await get('/api/users')).statusCode).toBe(401);
  });
});

describe('POST /api/users', () => {
  it("answers the session's token, which works as a bearer token", async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asCookie(cast.owner),
      payload: { name: cast.owner.name, email: cast.owner.email },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const profile = await get(`/api/users/${cast.owner.email}`, { authorization: `Bearer ${token}` });
    expect(profile.statusCode).toBe(200);
  });

  it("takes a null name, as the spec's client sends for an account without one", async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asBearer(cast.owner),
      payload: { name: null, email: cast.owner.email },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect(
      (await get(`/api/users/${cast.owner.email}`, { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(200);
  });

  it('refuses to register someone else, and anonymous callers', async () => {
    const other = await testApp.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asBearer(cast.stranger),
      payload: { name: 'x', email: cast.owner.email },
    });
    expect(other.statusCode).toBe(403);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: 'a@b.c' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH /api/users/:email', () => {
  it('changes your own name, phone, address and picture, accepting a spec-shaped overlay', async () => {
    const current = (await get(`/api/users/${customer.email}`, asBearer(customer))).json<UserProfile>();
    const response = await patch(customer.email, asBearer(customer), {
      ...current,
      name: 'Carla C.',
      phone: '+880 1711-000000',
      address: '12 Lake Road, Dhaka',
      img: 'https://pictures.example/carla.png',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Carla C.',
      phone: '+880 1711-000000',
      address: '12 Lake Road, Dhaka',
      img: 'https://pictures.example/carla.png',
      email: customer.email,
    });
    const cleared = await patch(customer.email, asBearer(customer), { phone: '', img: '' });
    expect(cleared.json()).toMatchObject({ phone: null, img: null, address: '12 Lake Road, Dhaka' });
  });

  it('turns the shop mails off and on again', async () => {
    const off = await patch(customer.email, asBearer(customer), { shopMails: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<UserProfile>().shopMails).toBe(false);
    expect(
      (await get(`/api/users/${customer.email}`, asBearer(customer))).json<UserProfile>().shopMails,
    ).toBe(false);
    const on = await patch(customer.email, asBearer(customer), { shopMails: true });
    expect(on.json<UserProfile>().shopMails).toBe(true);
  });

  it("lets an admin change someone's profile", async () => {
    const response = await patch(cast.owner.email, asBearer(cast.admin), { address: 'Set by admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserProfile>().address).toBe('Set by admin');
  });

  it("refuses another user's change with 403 and anonymous callers with 401, changing nothing", async () => {
    const before = (await get(`/api/users/${customer.email}`, asBearer(customer))).json<UserProfile>();
    expect((await patch(customer.email, asBearer(cast.stranger), { name: 'Hacked' })).statusCode).toBe(403);
    expect((await patch(customer.email, {}, { name: 'Hacked' })).statusCode).toBe(401);
    expect((await get(`/api/users/${customer.email}`, asBearer(customer))).json()).toEqual(before);
  });

  it('refuses a change of e-mail with a clear message', async () => {
    const response = await patch(customer.email, asBearer(customer), { email: 'new@bazaar.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/e-mail address is the account identity/);
  });

  it.each([
    ['a blank name', { name: ' ' }, 'name'],
    ['a javascript: picture', { img: 'javascript:alert(1)' }, 'img'],
    ['a data: picture', { img: 'data:image/png;base64,AAAA' }, 'img'],
    ['letters in the phone', { phone: 'call me' }, 'phone'],
    ['an address of 501 characters', { address: 'x'.repeat(501) }, 'address'],
    ['an unknown field', { nickname: 'cc' }, 'nickname'],
    ['shop mails as text', { shopMails: 'no' }, 'shopMails'],
  ])('rejects %s with 400 naming the field', async (_, payload, field) => {
    const response = await patch(customer.email, asBearer(customer), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
  });
});
