import pg from 'pg';

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database `name` on the server `adminUrl` points to, empty or a copy of `template`, and returns its
 * connection URL. A template must have no open connection while it is copied.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const copy = template ? ` TEMPLATE ${quoteIdentifier(template)}` : '';
  await onServer(adminUrl, `CREATE DATABASE ${quoteIdentifier(name)}${copy}`);
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  // FORCE: connections of a server killed a moment ago may not be gone yet.
  await onServer(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
}
