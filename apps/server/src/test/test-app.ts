import type { FastifyInstance } from 'fastify';
import { parseEnv, type Env } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { buildApp, type AppOptions } from '../http/app.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_ADMIN_EMAIL = 'admin@bazaar.test';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  env: Env;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of the engine under test (or on `options.database`), configured as a shop
 * owner would.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: Pick<AppOptions, 'webDist' | 'clock' | 'onRoute'> & { database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const env = parseEnv({
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    // Tests sign up many accounts from one address; the rate-limit tests lower this again.
    AUTH_RATE_LIMIT_MAX: '100000',
    ...envOverrides,
  });
  const app = await buildApp({ database, env, ...options });
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
