// `node --import tsx e2e/support/start-shop.ts`: the browser tests' web server. Registers the shop's admin
// and verifies its e-mail, as an operator does, then starts the OpenID Connect provider that stands in for
// Google and the stand-in of Stripe's endpoints (its hosted page, its webhooks to the shop), then the built shop
// (apps/server/dist/main.js) with the environment of this process plus their addresses and credentials. Stops them
// all when the shop ends.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { registerVerifiedAdmin, startOidcProvider, startStripeStandIn } from '@bazaar/server/testing';
import { ADMIN_EMAIL, TEST_PASSWORD } from './accounts.ts';
import { OIDC_PEOPLE } from './oidc-people.ts';

const publicUrl = process.env.PUBLIC_URL;
if (!publicUrl) throw new Error('start-shop.ts needs PUBLIC_URL, the address the browser opens the shop at');

await registerVerifiedAdmin({ name: 'Ada Admin', email: ADMIN_EMAIL, password: TEST_PASSWORD }, publicUrl);

const provider = await startOidcProvider({
  redirectUri: `${publicUrl}/api/auth/callback/oidc`,
  people: OIDC_PEOPLE,
});

const stripe = await startStripeStandIn();
stripe.webhookUrl = `${publicUrl}/api/payments/stripe/webhook`;

const shop = spawn(
  process.execPath,
  [fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url))],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      ...stripe.env,
    },
  },
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => shop.kill(signal));
}

shop.on('exit', (code, signal) => {
  void Promise.all([provider.close(), stripe.close()]).finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
