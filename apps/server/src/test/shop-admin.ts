import { join } from 'node:path';
import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { buildApp } from '../http/app.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';

/**
 * Registers the shop's admin on the storage this process's environment names, and verifies its e-mail as an
 * operator does (ADMIN_EMAILS only trusts a verified address). `origin` is the shop's address, as a browser
 * would send it.
 */
export async function registerVerifiedAdmin(
  admin: { name: string; email: string; password: string },
  origin: string,
): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: join(env.DATA_DIR, 'pglite'),
  });
  try {
    await database.migrate();
    const shop = await buildApp({ database, env });
    const signUp = await shop.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: admin,
    });
    await shop.close();
    if (signUp.statusCode !== 200) throw new Error(`the admin's sign-up failed: ${signUp.body}`);
    await createUsersRepository(database.db).markEmailVerified(admin.email);
  } finally {
    await database.close();
  }
}
