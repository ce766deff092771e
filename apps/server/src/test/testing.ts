// `@bazaar/server/testing`: what the browser tests and the bench use of the server, so that they never reach
// into apps/server/src (a lint rule holds them to it).
export { Random } from '../demo/random.ts';
export { freePort } from './free-port.ts';
export { GENEROUS_LIMITS } from './generous-limits.ts';
export { createDatabase, dropDatabase } from './postgres-databases.ts';
export { childPids } from './process-tree.ts';
export { startOidcProvider, type OidcPerson } from './oidc-provider.ts';
export { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
export { registerVerifiedAdmin } from './shop-admin.ts';
export { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './test-smtp-server.ts';
export { DEMO_SELLER_EMAIL } from '../demo/seed.ts';
export { multipart, phonePhoto, pngBomb } from './uploads.ts';
