import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../paths.ts';
import { signUp } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createPostgresDatabase, testEngine } from '../../test/test-database.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../client.ts';
import { phonePhoto, upload } from '../../test/uploads.ts';
import { orderLines, orders, products, uploadFiles, uploads, users } from '../schema.ts';

const ORDERS_PER_BUYER = 6;
const repoRoot = join(paths.serverRoot, '../..');

/** Runs a program to its end: its exit code and everything it printed. */
function run(program: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(program, args, { cwd, env: { PATH: process.env.PATH, ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: stdout + stderr });
    });
  });
}

/** `npm run db:backup` or `npm run db:restore` with `args`, run from `cwd`; no DATABASE_URL unless `env` sets one. */
const cli = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  run(
    join(repoRoot, 'node_modules/.bin/tsx'),
    [join(paths.serverRoot, 'src/db/backup/backup.cli.ts'), ...args],
    cwd,
    env,
  );

/** Every order with its lines, and the products and users they name: what a restore must give back. */
async function shopContents(db: Database) {
  return {
    orders: await db.select().from(orders).orderBy(orders.id),
    orderLines: await db.select().from(orderLines).orderBy(orderLines.orderId, orderLines.position),
    products: await db.select().from(products).orderBy(products.id),
    users: await db.select().from(users).orderBy(users.id),
    uploads: await db.select().from(uploads).orderBy(uploads.id),
    uploadFiles: await db.select().from(uploadFiles).orderBy(uploadFiles.uploadId, uploadFiles.width),
  };
}

/** What a shopper's browser gets for a stored picture's URL from a shop on `database`. */
async function servedPicture(database: DatabaseHandle, url: string) {
  const shop = await createTestApp({}, { database });
  try {
    const response = await shop.app.inject({ method: 'GET', url: new URL(url).pathname });
    return { status: response.statusCode, bytes: response.rawPayload };
  } finally {
    await shop.close();
  }
}

/**
 * A seller uploads a photo for a product and two buyers place orders through the API on `database`; answers what
 * the shop then holds and the photo's URL.
 */
async function fillShop(database: DatabaseHandle) {
  const shop = await createTestApp({}, { database });
  const seller = await signUp(shop.app, 'photo-seller@bazaar.test');
  const uploaded = await upload(shop.app, seller, await phonePhoto({ width: 800, height: 600 }));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const photoUrl = uploaded.json<{ url: string }>().url;
  const rows = await insertProducts(database.db, [
    productRow({ sellerId: seller.id, mainImageUrl: photoUrl }),
    productRow(),
    productRow(),
  ]);
  const ids = rows.map((row) => row.id);
  for (const email of ['first-buyer@bazaar.test', 'second-buyer@bazaar.test']) {
    const buyer = await signUp(shop.app, email);
    for (let n = 1; n <= ORDERS_PER_BUYER; n += 1) {
      const response = await placeOrder(shop.app, buyer, orderBody(ids.slice(0, 1 + (n % 3)), [n, 2]));
      expect(response.statusCode, response.body).toBe(201);
    }
  }
  const contents = await shopContents(database.db);
  const served = await shop.app.inject({ method: 'GET', url: new URL(photoUrl).pathname });
  await shop.close();
  expect(contents.orders).toHaveLength(2 * ORDERS_PER_BUYER);
  expect(contents.uploadFiles.length).toBeGreaterThan(0);
  expect(served.statusCode).toBe(200);
  return { contents, photoUrl, photo: served.rawPayload };
}

async function contentsOf(database: DatabaseHandle) {
  try {
    return await shopContents(database.db);
  } finally {
    await database.close();
  }
}

describe.skipIf(testEngine !== 'pglite')('db:backup and db:restore of the embedded database', () => {
  const work = mkdtempSync(join(tmpdir(), 'bazaar-backup-'));
  const source = join(work, 'shop');
  let before: Awaited<ReturnType<typeof fillShop>>;
  let backupFile: string;

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: join(source, 'pglite') });
    await database.migrate();
    before = await fillShop(database);
  });

  it('backs up to a timestamped file under ./backups', async () => {
    const { code, output } = await cli(work, ['backup', '--data-dir', source]);
    expect(code, output).toBe(0);
    const files = readdirSync(join(work, 'backups'));
    expect(files).toEqual([expect.stringMatching(/^bazaar-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/)]);
    backupFile = join(work, 'backups', files[0]!);
    expect(output).toContain(backupFile.replace(`${work}/`, ''));
  });

  it('restores it into a new data directory holding every order with its lines, products, users and pictures', async () => {
    const target = join(work, 'restored');
    const { code, output } = await cli(work, ['restore', backupFile, '--data-dir', target]);
    expect(code, output).toBe(0);
    expect(await contentsOf(await openDatabase({ dataDir: join(target, 'pglite') }))).toEqual(
      before.contents,
    );
    const served = await servedPicture(
      await openDatabase({ dataDir: join(target, 'pglite') }),
      before.photoUrl,
    );
    expect(served).toEqual({ status: 200, bytes: before.photo });
  });

  it('refuses to restore over a data directory that holds something, unless --force', async () => {
    const target = join(work, 'occupied');
    mkdirSync(join(target, 'pglite'), { recursive: true });
    writeFileSync(join(target, 'pglite', 'notes.txt'), 'not to be lost by accident');

    const refused = await cli(work, ['restore', backupFile, '--data-dir', target]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not empty');
    expect(refused.output).toContain('--force');
    expect(readdirSync(join(target, 'pglite'))).toEqual(['notes.txt']);

    const forced = await cli(work, ['restore', backupFile, '--data-dir', target, '--force']);
    expect(forced.code, forced.output).toBe(0);
    expect(await contentsOf(await openDatabase({ dataDir: join(target, 'pglite') }))).toEqual(
      before.contents,
    );
  });

  it('refuses to back up or restore while a server holds the data directory', async () => {
    // This test process plays the running server: it holds the database open, as `npm start` does.
    const server = await openDatabase({ dataDir: join(source, 'pglite') });
    try {
      const backup = await cli(work, [
        'backup',
        '--data-dir',
        source,
        '--out',
        join(work, 'while-open.tar.gz'),
      ]);
      expect(backup.code).toBe(1);
      expect(backup.output).toContain(`in use by process ${process.pid}`);
      expect(existsSync(join(work, 'while-open.tar.gz'))).toBe(false);

      const restore = await cli(work, ['restore', backupFile, '--data-dir', source, '--force']);
      expect(restore.code).toBe(1);
      expect(restore.output).toContain(`in use by process ${process.pid}`);
    } finally {
      await server.close();
    }
    // Refused, not half done: the server's data is as it was.
    expect(await contentsOf(await openDatabase({ dataDir: join(source, 'pglite') }))).toEqual(
      before.contents,
    );
  });

  it('never overwrites an existing backup file', async () => {
    const existing = join(work, 'existing.tar.gz');
    writeFileSync(existing, 'an older backup');
    const { code, output } = await cli(work, ['backup', '--data-dir', source, '--out', existing]);
    expect(code).toBe(1);
    expect(output).toContain(`${existing} exists already`);
  });

  it('sends a shop on PostgreSQL to pg_dump', async () => {
    const { code, output } = await cli(work, ['backup'], {
      DATABASE_URL: 'postgres://shop@db.internal/shop',
    });
    expect(code).toBe(1);
    expect(output).toContain('back up PostgreSQL with pg_dump and pg_restore');
  });
});

describe('the PostgreSQL recipe of docs/backups.md', () => {
  const databases: { url: string; drop: () => Promise<void> }[] = [];
  afterAll(() => Promise.all(databases.map((database) => database.drop())));

  it.skipIf(testEngine !== 'postgres')(
    'pg_dump -Fc and pg_restore into an empty database give back every order and picture',
    async () => {
      const [from, to] = [await createPostgresDatabase(), await createPostgresDatabase()];
      databases.push(from, to);
      const database = await openDatabase({ databaseUrl: from.url });
      await database.migrate();
      const before = await fillShop(database);

      const work = mkdtempSync(join(tmpdir(), 'bazaar-pg-backup-'));
      const dump = await run('pg_dump', ['-Fc', '-f', 'bazaar.dump', from.url], work);
      expect(dump.code, dump.output).toBe(0);
      const restore = await run('pg_restore', ['--no-owner', '-d', to.url, 'bazaar.dump'], work);
      expect(restore.code, restore.output).toBe(0);

      expect(await contentsOf(await openDatabase({ databaseUrl: to.url }))).toEqual(before.contents);
      const served = await servedPicture(await openDatabase({ databaseUrl: to.url }), before.photoUrl);
      expect(served).toEqual({ status: 200, bytes: before.photo });
    },
  );
});
