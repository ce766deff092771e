import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** Table name → md5 of all its rows in a fixed order: equal fingerprints mean no row was added, changed or removed. */
export type Fingerprint = Record<string, string>;

/** What every write attempt may change, refused or not: the counters of its budget (write-limits.ts). */
export const WRITE_COUNTERS = ['rate_limits'];

/**
 * A function that fingerprints every table of the shop's schema (whatever tables the migrations made) in one
 * query, but those `except` names.
 */
export async function tableFingerprinter(
  db: Database,
  { except = [] }: { except?: string[] } = {},
): Promise<() => Promise<Fingerprint>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const perTable = tables
    .filter(({ name }) => !except.includes(name))
    .map(
      ({ name }) =>
        sql`select ${name} as name, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash
          from ${sql.identifier(name)} t`,
    );
  const query = sql.join(perTable, sql` union all `);
  return async () => {
    const rows = await queryRows<{ name: string; hash: string }>(db, query);
    return Object.fromEntries(rows.map(({ name, hash }) => [name, hash]));
  };
}
