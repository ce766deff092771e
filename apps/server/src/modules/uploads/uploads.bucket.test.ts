import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_WIDTHS } from '@bazaar/shared/uploads';
import { uploadFiles, uploadRemovals, uploads } from '../../db/schema.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { freePort } from '../../test/free-port.ts';
import { createTestApp, useTestApp, type TestApp } from '../../test/test-app.ts';
import { s3Env, startTestS3Server } from '../../test/test-s3-server.ts';
import { upload } from '../../test/uploads.ts';
import { createBucket } from './bucket.ts';
import { createBucketStore } from './picture-store.ts';
import { createUploadsRepository } from './uploads.repository.ts';

let s3: Awaited<ReturnType<typeof startTestS3Server>>;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3?.close());

const testApp = useTestApp(() => ({ ...s3Env(s3.endpoint), UPLOADS_PER_HOUR: '1000' }));
/** The same shop, on the same database, with a bucket that is down (nobody listens at its address). */
let down: TestApp;
let owner: TestAccount;
beforeAll(async () => {
  down = await createTestApp(s3Env(`http://127.0.0.1:${await freePort()}`), { database: testApp.database });
  owner = await signUp(testApp.app, 'bucket-owner@example.com');
});
afterAll(() => down?.app.close());

const bucket = () => createBucket(testApp.env.S3!);
const storeOf = (app: TestApp | typeof testApp) =>
  createBucketStore(createUploadsRepository(app.database.db), createBucket(app.env.S3!));

const idOf = (url: string) => new URL(url).pathname.split('/')[2]!;
const keysOf = (id: string) => UPLOAD_WIDTHS.map((width) => `uploads/${id}/${width}.webp`);
const objectsOf = (id: string) => Promise.all(keysOf(id).map((key) => bucket().get(key)));

const stored = async () => {
  const db = testApp.database.db;
  const [pictures] = await db.select({ n: count() }).from(uploads);
  const [files] = await db.select({ n: count() }).from(uploadFiles);
  return { pictures: pictures!.n, files: files!.n };
};

const photo = (width = 1600, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();

async function uploaded(app = testApp.app): Promise<string> {
  const response = await upload(app, owner, await photo());
  expect(response.statusCode).toBe(201);
  return response.json<{ url: string }>().url;
}

/** Makes the picture look unused for a day and more, as if time had passed. */
const ageOf = (id: string) =>
  testApp.database.db
    .update(uploads)
    .set({ unusedSince: new Date(Date.now() - 25 * 3600_000) })
    .where(eq(uploads.id, id));

describe('pictures in an S3 bucket', () => {
  it('stores the widths in the bucket, not in the database, and serves the same bytes', async () => {
    const id = idOf(await uploaded());
    const rows = await testApp.database.db
      .select({ width: uploadFiles.width, etag: uploadFiles.etag, bytes: uploadFiles.bytes })
      .from(uploadFiles)
      .where(eq(uploadFiles.uploadId, id))
      .orderBy(uploadFiles.width);
    expect(rows.map((row) => [row.width, row.bytes])).toEqual(UPLOAD_WIDTHS.map((width) => [width, null]));
    const objects = await objectsOf(id);
    for (const [index, width] of UPLOAD_WIDTHS.entries()) {
      const object = objects[index]!;
      expect((await sharp(object).metadata()).width).toBe(width);
      const served = await testApp.app.inject({ method: 'GET', url: `/media/${id}/${width}.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers.etag).toBe(rows[index]!.etag);
      expect(Buffer.compare(served.rawPayload, object)).toBe(0);
      const again = await testApp.app.inject({
        method: 'GET',
        url: `/media/${id}/${width}.webp`,
        headers: { 'if-none-match': rows[index]!.etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('answers 503 with a message when the bucket is down, and stores nothing', async () => {
    const before = await stored();
    const response = await upload(down.app, owner, await photo());
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual({
      error: 'SERVICE_UNAVAILABLE',
      message: 'The picture storage cannot be reached right now; try again in a few minutes.',
    });
    expect(await stored()).toEqual(before);
  });

  it('serves a picture with a bucket that is down as a 503, and still 304 to a client that has it', async () => {
    const id = idOf(await uploaded());
    const path = `/media/${id}/640.webp`;
    const etag = String((await testApp.app.inject({ method: 'GET', url: path })).headers.etag);
    const refused = await down.app.inject({ method: 'GET', url: path });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    const cached = await down.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
  });

  it('still serves the pictures stored in the database before the shop moved to a bucket', async () => {
    const before = await createTestApp({}, { database: testApp.database });
    try {
      const id = idOf(await uploaded(before.app));
      const path = `/media/${id}/320.webp`;
      const fromRows = await before.app.inject({ method: 'GET', url: path });
      const fromBucketShop = await testApp.app.inject({ method: 'GET', url: path });
      expect(fromBucketShop.statusCode).toBe(200);
      expect(fromBucketShop.headers.etag).toBe(fromRows.headers.etag);
      expect(Buffer.compare(fromBucketShop.rawPayload, fromRows.rawPayload)).toBe(0);
    } finally {
      await before.app.close();
    }
  });

  it('the clean-up deletes the objects of the pictures it removes, and keeps the others', async () => {
    const [unused, recent] = [idOf(await uploaded()), idOf(await uploaded())];
    await ageOf(unused);
    expect(await storeOf(testApp).deleteUnused(24)).toBe(1);
    expect(await objectsOf(unused)).toEqual(UPLOAD_WIDTHS.map(() => undefined));
    expect((await objectsOf(recent)).every((object) => object !== undefined)).toBe(true);
    const gone = await testApp.app.inject({ method: 'GET', url: `/media/${unused}/320.webp` });
    expect(gone.statusCode).toBe(404);
    expect(await testApp.database.db.select().from(uploads).where(eq(uploads.id, unused))).toEqual([]);
    expect(await testApp.database.db.select().from(uploadRemovals)).toEqual([]);
  });

  it('keeps track of the objects it could not delete, and deletes them at a later round', async () => {
    const id = idOf(await uploaded());
    await ageOf(id);
    await expect(storeOf(down).deleteUnused(24)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // The picture is gone for the shop, its objects are not yet, and the database remembers them.
    expect(await testApp.database.db.select().from(uploads).where(eq(uploads.id, id))).toEqual([]);
    expect((await objectsOf(id)).every((object) => object !== undefined)).toBe(true);
    const pending = await testApp.database.db.select({ id: uploadRemovals.uploadId }).from(uploadRemovals);
    expect(pending).toEqual([{ id }]);

    expect(await storeOf(testApp).deleteUnused(24)).toBe(0);
    expect(await objectsOf(id)).toEqual(UPLOAD_WIDTHS.map(() => undefined));
    expect(await testApp.database.db.select().from(uploadRemovals)).toEqual([]);
  });
});
