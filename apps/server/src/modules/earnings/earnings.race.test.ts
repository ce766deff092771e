import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { earningsOf, paidAndDelivered, recordPayout } from '../../test/earnings-fixtures.ts';
import { WALLET_ENV, walletOrder } from '../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

// PostgreSQL only: PGlite runs one statement at a time, so nothing there races.
const testApp = useTestApp({ ...WALLET_ENV, COMMISSION_PERCENT: '10', PAYOUT_HOLD_DAYS: '0' });
let bea: TestAccount;
let mia: TestAccount;
let admin: TestAccount;
let mug: string;

beforeAll(async () => {
  bea = await signUp(testApp.app, 'bea-payout-race@bazaar.test', 'Bea Buyer');
  mia = await signUp(testApp.app, 'mia-payout-race@bazaar.test', 'Mia Mugs');
  admin = await signUpAdmin(testApp);
  const [mugRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id, stock: 1000 }),
  ]);
  mug = mugRow!.id;
});

const ROUNDS = 10;

describe.runIf(testEngine === 'postgres')('payouts at once', () => {
  it('pays out what is available once when two admins record it whole at once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = await walletOrder(testApp.app, bea, [mug], [1]);
      await paidAndDelivered(testApp.app, { buyer: bea, admin, seller: mia }, order);
      const { available } = await earningsOf(testApp.app, mia);
      // A $10 mug and $10 shipping, less $1 commission.
      expect(available).toBe(19);
      const answers = await Promise.all(
        ['A', 'B'].map((twin) =>
          recordPayout(testApp.app, admin, mia.handle, {
            amount: available,
            method: 'bkash',
            reference: `TX-R${round}${twin}`,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(await earningsOf(testApp.app, mia)).toMatchObject({ balance: 0, available: 0 });
    }
  });
});
