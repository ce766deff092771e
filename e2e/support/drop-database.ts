// `node --import tsx drop-database.ts ADMIN_URL DATABASE_URL`: for the Playwright config's exit hook,
// where only synchronous work can run.
import { dropDatabase } from '@bazaar/server/testing';

const [adminUrl, databaseUrl] = process.argv.slice(2);
if (!adminUrl || !databaseUrl) throw new Error('usage: drop-database.ts ADMIN_URL DATABASE_URL');
await dropDatabase(adminUrl, databaseUrl);
