import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/*
 * The vacuums and analyzes the shop runs itself. PGlite never runs them on its own, and a PostgreSQL server's
 * autovacuum may come long after a start or a seed. The dictionary of words a search looks typed words up in is
 * rewritten by every product write, and the planner needs fresh statistics after a bulk fill.
 */

/**
 * At start, after the migrations. The dictionary's counts change with every product write (migration 0018): the
 * dead rows they leave go too.
 */
export async function vacuumSearch(db: Database): Promise<void> {
  await db.execute(sql`vacuum search_words`);
}

/**
 * In the transaction that filled the catalog, once its indexes are back. Without fresh statistics the planner
 * guesses a name search matches a handful of rows and sorts every match instead of walking the newest-first index;
 * the same for the dictionary of words the trigger filled.
 */
export async function analyzeFilledCatalog(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`analyze products`);
  await tx.execute(sql`analyze search_words`);
}

/**
 * After the fill has committed (a vacuum cannot run in a transaction): the dictionary's dead rows gone, those of
 * every batch that shared a word with an earlier one.
 */
export async function vacuumFilledCatalog(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze search_words`);
}
