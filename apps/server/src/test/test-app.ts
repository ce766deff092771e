import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parseEnv, type Env } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { buildApp, type AppOptions } from '../http/app.ts';
import { GENEROUS_LIMITS } from './generous-limits.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_ADMIN_EMAIL = 'admin@bazaar.test';
/** The shop's address (PUBLIC_URL) in tests: not the default, so that tests see what absolute URLs are built on. */
export const TEST_PUBLIC_URL = 'http://shop.bazaar.test:3000';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  env: Env;
  /** Every route the app registered, as `METHOD /url` (HEAD routes Fastify adds to GET ones left out). */
  routes: string[];
  /** The routes, as in \`routes\`, that say \`config: { signedIn: true }\` or \`config: { privateAnswer: true }\`. */
  privateRoutes: string[];
  close(): Promise<void>;
}

type TestAppOptions = Pick<AppOptions, 'webDist' | 'clock' | 'mailSender'> & { database?: DatabaseHandle };

/**
 * The real app on a fresh database of the engine under test (or on `options.database`), configured as a shop
 * owner would.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const env = parseEnv({
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    PUBLIC_URL: TEST_PUBLIC_URL,
    // A shipment's mail goes at once, as other mails: the tests of taking one back set their grace period.
    SHIPPING_GRACE_SECONDS: '0',
    ...GENEROUS_LIMITS,
    ...envOverrides,
  });
  const routes: string[] = [];
  const privateRoutes: string[] = [];
  const onRoute: AppOptions['onRoute'] = ({ method, url, config }) => {
    for (const one of [method].flat()) {
      if (one === 'HEAD') continue;
      routes.push(`${one} ${url}`);
      if (config?.signedIn || config?.privateAnswer) privateRoutes.push(`${one} ${url}`);
    }
  };
  // Mail waits in the outbox unless a test starts the sender (its default transport writes files).
  const app = await buildApp({ database, env, onRoute, mailSender: false, ...options });
  return {
    app,
    database,
    env,
    routes,
    privateRoutes,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The test app of the enclosing file or describe block: built once before its tests, closed after them.
 * `envOverrides` may be a function, for settings only known once an earlier beforeAll ran (a provider's address).
 */
export function useTestApp(
  envOverrides: Record<string, string> | (() => Record<string, string>) = {},
  options: TestAppOptions = {},
): Omit<TestApp, 'close'> {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(
      typeof envOverrides === 'function' ? envOverrides() : envOverrides,
      options,
    );
  });
  afterAll(() => testApp?.close());
  const built = () => {
    if (!testApp) throw new Error('the test app is read before its beforeAll built it');
    return testApp;
  };
  return {
    get app() {
      return built().app;
    },
    get database() {
      return built().database;
    },
    get env() {
      return built().env;
    },
    get routes() {
      return built().routes;
    },
    get privateRoutes() {
      return built().privateRoutes;
    },
  };
}
