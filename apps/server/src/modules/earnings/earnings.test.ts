import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import { SellerBalanceSchema } from '@bazaar/shared/earnings';
import type { Order } from '@bazaar/shared/orders';
import type { Overview } from '@bazaar/shared/stats';
import { payouts, sellerLedger } from '../../db/schema.ts';
import { asBearer, signUp, signUpAdmin, signUpCast, type TestAccount } from '../../test/accounts.ts';
import {
  delivered,
  earningsOf,
  paidAndDelivered,
  paidOut,
  recordPayout,
} from '../../test/earnings-fixtures.ts';
import { latestMail } from '../../test/outbox.ts';
import { moveSale, WALLET_ENV, walletOrder } from '../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';

const SHOP = { BKASH_NUMBER: WALLET_ENV.BKASH_NUMBER, COMMISSION_PERCENT: '10' };

/** A shop where Bea buys Mia's $10 mugs and Leo's $45 lamps; each seller ships a part for $10. */
function useShop(env: Record<string, string>) {
  const testApp = useTestApp({ ...SHOP, ...env });
  const cast = {} as { bea: TestAccount; mia: TestAccount; leo: TestAccount; admin: TestAccount };
  const products = {} as { mug: string; lamp: string };
  beforeAll(async () => {
    cast.bea = await signUp(testApp.app, 'bea-earns@bazaar.test', 'Bea Buyer');
    cast.mia = await signUp(testApp.app, 'mia-earns@bazaar.test', 'Mia Mugs');
    cast.leo = await signUp(testApp.app, 'leo-earns@bazaar.test', 'Leo Lamps');
    cast.admin = await signUpAdmin(testApp);
    const [mug, lamp] = await insertProducts(testApp.database.db, [
      productRow({ name: 'Mug', priceCents: 1000, sellerId: cast.mia.id, stock: 1000 }),
      productRow({ name: 'Lamp', priceCents: 4500, sellerId: cast.leo.id, stock: 1000 }),
    ]);
    products.mug = mug!.id;
    products.lamp = lamp!.id;
  });
  /** Bea's order of 2 mugs and a lamp. */
  const newOrder = (method: Order['paymentMethod'] = 'bkash') =>
    walletOrder(testApp.app, cast.bea, [products.mug, products.lamp], [2, 1], method);
  return { testApp, cast, newOrder };
}

const entriesOf = (earnings: Awaited<ReturnType<typeof earningsOf>>) =>
  earnings.entries.map(({ kind, orderNumber, reason, amount }) => ({ kind, orderNumber, reason, amount }));

describe('a part paid online and delivered', () => {
  const { testApp, cast, newOrder } = useShop({});

  it('credits its goods and shipping and debits the commission; credits wait for the hold', async () => {
    const order = await newOrder();
    await paidAndDelivered(testApp.app, { buyer: cast.bea, admin: cast.admin, seller: cast.mia }, order);
    const earnings = await earningsOf(testApp.app, cast.mia);
    expect(entriesOf(earnings)).toEqual([
      { kind: 'commission', orderNumber: order.number, reason: "Shop's commission", amount: -2 },
      { kind: 'shipping', orderNumber: order.number, reason: 'Shipping delivered', amount: 10 },
      { kind: 'goods', orderNumber: order.number, reason: 'Goods delivered', amount: 20 },
    ]);
    // Within the 7 days' hold only the commission counts: the shop is owed it at once.
    expect(earnings).toMatchObject({ balance: 28, available: -2, payouts: [], entriesTotal: 3 });
    const [credit] = earnings.entries.filter((entry) => entry.kind === 'goods');
    const held = Date.parse(credit!.availableAt) - Date.parse(credit!.at);
    expect(held).toBe(7 * 86_400_000);
    // Leo has not delivered his lamp: nothing yet.
    expect(await earningsOf(testApp.app, cast.leo)).toMatchObject({ balance: 0, available: 0, entries: [] });
  });

  it('writes nothing more when other moves of the order follow', async () => {
    const order = await newOrder();
    await paidAndDelivered(testApp.app, { buyer: cast.bea, admin: cast.admin, seller: cast.mia }, order);
    const before = (await earningsOf(testApp.app, cast.mia)).entriesTotal;
    expect((await moveSale(testApp.app, cast.leo, order._id, 'cancelled')).statusCode).toBe(200);
    expect((await earningsOf(testApp.app, cast.mia)).entriesTotal).toBe(before);
    expect((await earningsOf(testApp.app, cast.leo)).entries).toEqual([]);
  });

  it('refuses a payout of credits still held (409 naming what is available), writing nothing', async () => {
    const response = await recordPayout(testApp.app, cast.admin, cast.mia.handle, {
      amount: 1,
      method: 'bkash',
      reference: 'TX-HELD',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toMatchObject({
      error: 'CONFLICT',
      message: 'Nothing may be paid out to Mia Mugs now.',
      amount: 0,
    });
    const { db } = testApp.database;
    expect(await db.select().from(payouts)).toEqual([]);
    expect((await db.select().from(sellerLedger).where(eq(sellerLedger.kind, 'payout'))).length).toBe(0);
  });
});

describe('a cash-on-delivery part delivered', () => {
  const { testApp, cast, newOrder } = useShop({});

  it('debits only the commission: the seller holds the cash, and owes the shop', async () => {
    const order = await newOrder('cash on delivery');
    await delivered(testApp.app, cast.leo, order);
    const earnings = await earningsOf(testApp.app, cast.leo);
    expect(entriesOf(earnings)).toEqual([
      { kind: 'commission', orderNumber: order.number, reason: "Shop's commission", amount: -4.5 },
    ]);
    expect(earnings).toMatchObject({ balance: -4.5, available: -4.5 });
  });

  it("shows the admin the commission earned and what sellers owe the shop; a seller's overview has none", async () => {
    await paidAndDelivered(
      testApp.app,
      { buyer: cast.bea, admin: cast.admin, seller: cast.mia },
      await newOrder(),
    );
    const overview = (account: TestAccount) =>
      testApp.app.inject({ method: 'GET', url: '/api/stats/overview', headers: asBearer(account) });
    // Leo's $4.50 on cash, Mia's $2 on bKash; Mia is owed $28, Leo owes $4.50.
    expect((await overview(cast.admin)).json<Overview>().money).toEqual({
      commission: 6.5,
      owedToSellers: 28,
      owedBySellers: 4.5,
    });
    expect((await overview(cast.mia)).json<Overview>().money).toBeNull();
  });
});

describe('payouts', () => {
  const { testApp, cast, newOrder } = useShop({ PAYOUT_HOLD_DAYS: '0' });

  beforeAll(async () => {
    await paidAndDelivered(
      testApp.app,
      { buyer: cast.bea, admin: cast.admin, seller: cast.mia },
      await newOrder(),
    );
  });

  it('counts credits at once without a hold', async () => {
    expect(await earningsOf(testApp.app, cast.mia)).toMatchObject({ balance: 28, available: 28 });
  });

  it('refuses more than is available (409 naming it), writing nothing', async () => {
    const response = await recordPayout(testApp.app, cast.admin, cast.mia.handle, {
      amount: 28.01,
      method: 'bkash',
      reference: 'TX-OVER',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toMatchObject({
      message: 'Only $28.00 may be paid out to Mia Mugs now.',
      details: [{ path: 'amount', message: 'Only $28.00 may be paid out to Mia Mugs now.' }],
      amount: 28,
    });
    expect(await earningsOf(testApp.app, cast.mia)).toMatchObject({ balance: 28, payouts: [] });
  });

  it('debits the seller, lists the payout and mails the seller', async () => {
    const payout = await paidOut(testApp.app, cast.admin, cast.mia.handle, {
      amount: 25,
      method: 'bkash',
      reference: 'TX-PAID-1',
    });
    expect(payout).toMatchObject({ amount: 25, method: 'bkash', reference: 'TX-PAID-1' });
    const earnings = await earningsOf(testApp.app, cast.mia);
    expect(earnings).toMatchObject({ balance: 3, available: 3, payouts: [payout], payoutsTotal: 1 });
    expect(entriesOf(earnings)[0]).toEqual({
      kind: 'payout',
      orderNumber: null,
      reason: 'Payout: TX-PAID-1',
      amount: -25,
    });
    const mail = await latestMail(testApp.database.db, cast.mia.email, 'payout');
    expect(mail).toMatchObject({ subject: 'We paid you $25.00' });
    expect(mail!.textBody).toContain('We sent $25.00 by bKash (reference TX-PAID-1).');
    expect(mail!.link?.href).toBe(`${TEST_PUBLIC_URL}/dashboard/earnings`);
  });

  it('keeps every entry and payout as written: the database refuses to change or delete one', async () => {
    const { db } = testApp.database;
    for (const table of [sellerLedger, payouts]) {
      const mias = eq(table.sellerEmail, cast.mia.email);
      await expect(db.update(table).set({ amountCents: 1 }).where(mias)).rejects.toThrow();
      await expect(db.delete(table).where(mias)).rejects.toThrow();
    }
    expect(await earningsOf(testApp.app, cast.mia)).toMatchObject({ balance: 3, payoutsTotal: 1 });
  });

  it('pages the entries and the payouts alike, the newest first', async () => {
    const all = await earningsOf(testApp.app, cast.mia);
    const second = await earningsOf(testApp.app, cast.mia, '?limit=1&offset=1');
    expect(second).toMatchObject({
      balance: all.balance,
      entries: [all.entries[1]],
      entriesTotal: all.entriesTotal,
      payouts: all.payouts.slice(1, 2),
      payoutsTotal: all.payoutsTotal,
    });
  });

  it("lists the sellers' balances and payout details for the admins", async () => {
    const update = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/users/${cast.mia.email}`,
      headers: asBearer(cast.mia),
      payload: { payoutMethod: 'bank transfer', payoutAccount: 'DBBL 123-456' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ payoutMethod: 'bank transfer', payoutAccount: 'DBBL 123-456' });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/balances',
      headers: asBearer(cast.admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    expect(SellerBalanceSchema.array().parse(response.json())).toEqual([
      {
        _id: cast.mia.id,
        handle: cast.mia.handle,
        name: 'Mia Mugs',
        balance: 3,
        available: 3,
        payoutMethod: 'bank transfer',
        payoutAccount: 'DBBL 123-456',
      },
    ]);
  });

  it("shows a month's entries as a CSV file, with text that is never a formula", async () => {
    await paidOut(testApp.app, cast.admin, cast.mia.handle, {
      amount: 1,
      method: 'rocket',
      reference: '=cmd|x',
    });
    const month = new Date().toISOString().slice(0, 7);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/earnings/statement.csv?month=${month}`,
      headers: asBearer(cast.mia),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="earnings-${month}.csv"`);
    const day = new Date().toISOString().slice(0, 10);
    const number = (await earningsOf(testApp.app, cast.mia)).entries.find(
      (entry) => entry.orderNumber,
    )?.orderNumber;
    expect(response.body.split('\r\n')).toEqual([
      'Date,Order,Entry,Goods,Shipping,Commission,Payout,Net',
      `${day},${number},Goods delivered,20.00,,,,20.00`,
      `${day},${number},Shipping delivered,,10.00,,,10.00`,
      `${day},${number},Shop's commission,,,-2.00,,-2.00`,
      `${day},,Payout: TX-PAID-1,,,,-25.00,-25.00`,
      `${day},,Payout: =cmd|x,,,,-1.00,-1.00`,
      'Total,,,20.00,10.00,-2.00,-26.00,2.00',
      '',
    ]);
    const empty = await testApp.app.inject({
      method: 'GET',
      url: '/api/earnings/statement.csv?month=2001-01',
      headers: asBearer(cast.mia),
    });
    expect(empty.body).toBe(
      'Date,Order,Entry,Goods,Shipping,Commission,Payout,Net\r\nTotal,,,0.00,0.00,0.00,0.00,0.00\r\n',
    );
  });
});

describe('who may see earnings and record payouts', () => {
  const testApp = useTestApp(SHOP);
  let cast: Awaited<ReturnType<typeof signUpCast>>;

  beforeAll(async () => {
    cast = await signUpCast(testApp, 'earnings');
  });

  const get = (account: TestAccount | null, url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: account ? asBearer(account) : {} });

  it('GET /api/earnings: 401 anonymous; anyone their own; only an admin names a seller', async () => {
    expect((await get(null, '/api/earnings')).statusCode).toBe(401);
    for (const account of [cast.owner, cast.stranger, cast.admin]) {
      expect(await earningsOf(testApp.app, account)).toMatchObject({ balance: 0, entries: [] });
    }
    expect((await get(cast.stranger, `/api/earnings?seller=${cast.owner.handle}`)).statusCode).toBe(403);
    expect((await get(cast.owner, `/api/earnings?seller=${cast.owner.handle}`)).statusCode).toBe(403);
    expect((await earningsOf(testApp.app, cast.admin, `?seller=${cast.owner.handle}`)).balance).toBe(0);
    expect((await get(cast.admin, '/api/earnings?seller=nobody-here')).statusCode).toBe(404);
  });

  it('GET /api/earnings/statement.csv: 401 anonymous; anyone their own; only an admin names a seller', async () => {
    const url = '/api/earnings/statement.csv?month=2026-11';
    expect((await get(null, url)).statusCode).toBe(401);
    for (const account of [cast.owner, cast.stranger, cast.admin]) {
      expect((await get(account, url)).statusCode).toBe(200);
    }
    expect((await get(cast.stranger, `${url}&seller=${cast.owner.handle}`)).statusCode).toBe(403);
    expect((await get(cast.admin, `${url}&seller=${cast.owner.handle}`)).statusCode).toBe(200);
    expect((await get(cast.admin, `${url}&seller=nobody-here`)).statusCode).toBe(404);
  });

  it('POST /api/sellers/:handle/payouts: admins only, 404 for no seller', async () => {
    const payout = { amount: 1, method: 'bkash', reference: 'TX-1' };
    expect((await recordPayout(testApp.app, null, cast.owner.handle, payout)).statusCode).toBe(401);
    for (const account of [cast.owner, cast.stranger]) {
      expect((await recordPayout(testApp.app, account, cast.owner.handle, payout)).statusCode).toBe(403);
    }
    // The admin may: nothing is available to pay out yet.
    expect((await recordPayout(testApp.app, cast.admin, cast.owner.handle, payout)).statusCode).toBe(409);
    expect((await recordPayout(testApp.app, cast.admin, 'nobody-here', payout)).statusCode).toBe(404);
  });

  it('GET /api/balances: admins only', async () => {
    expect((await get(null, '/api/balances')).statusCode).toBe(401);
    for (const account of [cast.owner, cast.stranger]) {
      expect((await get(account, '/api/balances')).statusCode).toBe(403);
    }
    expect((await get(cast.admin, '/api/balances')).statusCode).toBe(200);
  });

  it("shows a seller's payout details to them and the admins only", async () => {
    const details = { payoutMethod: 'bkash', payoutAccount: '01711-555666' };
    const update = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/users/${cast.owner.email}`,
      headers: asBearer(cast.owner),
      payload: details,
    });
    expect(update.json()).toMatchObject(details);
    expect((await get(cast.admin, `/api/users/${cast.owner.email}`)).json()).toMatchObject(details);
    expect((await get(cast.stranger, `/api/users/${cast.owner.email}`)).statusCode).toBe(403);
    expect((await get(null, `/api/sellers/${cast.owner.handle}`)).body).not.toContain('01711-555666');
  });
});
