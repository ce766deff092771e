import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import { paths } from '../paths.ts';

/** Runs the statements of one migration file, as drizzle's migrator does. */
export async function runMigration(database: DatabaseHandle, tag: string): Promise<void> {
  const text = readFileSync(join(paths.migrations, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    await database.db.execute(sql.raw(statement));
}

/** Runs every migration before `tag` on an empty database: a shop as it was before that migration. */
export async function migrateUpTo(database: DatabaseHandle, tag: string): Promise<void> {
  const journal = JSON.parse(readFileSync(join(paths.migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const tags = journal.entries.map((entry) => entry.tag);
  if (!tags.includes(tag)) throw new Error(`no migration ${tag}`);
  for (const earlier of tags.slice(0, tags.indexOf(tag))) await runMigration(database, earlier);
}
