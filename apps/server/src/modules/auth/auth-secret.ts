import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

const SETTING = 'auth_secret';

/**
 * The secret that signs session cookies: AUTH_SECRET when configured, else one generated on first start and
 * kept in the database, so that restarts keep sessions and every server process on one database agrees.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ name: SETTING, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.name, SETTING));
  if (!row) throw new Error('the auth secret could not be stored');
  return row.value;
}
