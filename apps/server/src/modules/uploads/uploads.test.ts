import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, UPLOAD_WIDTHS } from '@bazaar/shared/uploads';
import { uploadFiles, uploads } from '../../db/schema.ts';
import { signUp, signUpCast } from '../../test/accounts.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';
import { multipart, phonePhoto, pngBomb, upload } from '../../test/uploads.ts';

const testApp = useTestApp({ UPLOADS_PER_HOUR: '1000' });
let cast: Awaited<ReturnType<typeof signUpCast>>;

beforeAll(async () => {
  cast = await signUpCast(testApp, 'uploads');
});

const storedCount = async () => {
  const [pictures] = await testApp.database.db.select({ n: count() }).from(uploads);
  const [files] = await testApp.database.db.select({ n: count() }).from(uploadFiles);
  return { pictures: pictures!.n, files: files!.n };
};

const mediaPath = (url: string, width: number) =>
  new URL(url).pathname.replace(/\d+\.webp$/, `${width}.webp`);
const fetchMedia = (path: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url: path, headers });

const plain = (format: 'jpeg' | 'png' | 'webp' | 'avif', width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer();

describe('POST /api/uploads', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'takes a %s and serves it as WebP at every width',
    async (format) => {
      const response = await upload(testApp.app, cast.owner, await plain(format, 1600, 1000), `x.${format}`);
      expect(response.statusCode).toBe(201);
      const body = response.json<{ url: string; width: number; height: number }>();
      expect([body.width, body.height]).toEqual([1280, 800]);
      expect(body.url).toMatch(/\/1280\.webp$/);
      expect(body.url.startsWith(`${TEST_PUBLIC_URL}/media/`)).toBe(true);
      for (const width of UPLOAD_WIDTHS) {
        const served = await fetchMedia(mediaPath(body.url, width));
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        const metadata = await sharp(served.rawPayload).metadata();
        expect([metadata.format, metadata.width]).toEqual(['webp', width]);
      }
    },
  );

  it('removes every metadata block (camera, owner, GPS) and turns the picture upright', async () => {
    const photo = await phonePhoto({ width: 800, height: 600, orientation: 6 });
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.length).toBeGreaterThan(100);
    expect(photo.includes('PhoneCo')).toBe(true);
    const response = await upload(testApp.app, cast.owner, photo);
    expect(response.statusCode).toBe(201);
    // Orientation 6 is a quarter turn: the stored picture is portrait.
    expect(response.json()).toMatchObject({ width: 600, height: 800 });
    for (const width of UPLOAD_WIDTHS) {
      const served = await fetchMedia(mediaPath(response.json<{ url: string }>().url, width));
      const metadata = await sharp(served.rawPayload).metadata();
      const blocks = [metadata.exif, metadata.xmp, metadata.iptc, metadata.icc, metadata.orientation];
      expect(blocks).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(metadata.hasProfile).toBe(false);
      expect(served.rawPayload.includes('PhoneCo')).toBe(false);
      expect(served.rawPayload.includes('Olive Owner')).toBe(false);
    }
  });

  it('never enlarges: a narrow picture is served at its own width for the wider sizes', async () => {
    const response = await upload(testApp.app, cast.owner, await plain('png', 500, 250));
    expect(response.json()).toMatchObject({ width: 500, height: 250 });
    const widths = [];
    for (const width of UPLOAD_WIDTHS) {
      const served = await fetchMedia(mediaPath(response.json<{ url: string }>().url, width));
      widths.push((await sharp(served.rawPayload).metadata()).width);
    }
    expect(widths).toEqual([320, 500, 500, 500]);
  });

  it('serves a picture stored before a width was added at its widest width below that one', async () => {
    const response = await upload(testApp.app, cast.owner, await plain('png', 1600, 1000));
    const url = response.json<{ url: string }>().url;
    const id = /\/media\/([0-9a-f-]{36})\//.exec(url)?.[1] ?? '';
    // As it was stored when the widths were 320, 640 and 1280.
    await testApp.database.db
      .delete(uploadFiles)
      .where(and(eq(uploadFiles.uploadId, id), eq(uploadFiles.width, 960)));
    const served = await fetchMedia(mediaPath(url, 960));
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
  });

  const refusals: [string, () => Promise<Buffer | string>, string, number, string][] = [
    [
      'a text file named .jpg',
      async () => 'just some words, not a picture',
      'photo.jpg',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'an SVG with a script',
      async () =>
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
      'photo.jpg',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a GIF',
      () => plain('png').then((png) => sharp(png).gif().toBuffer()),
      'a.gif',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a TIFF',
      () => plain('png').then((png) => sharp(png).tiff().toBuffer()),
      'a.tif',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a truncated JPEG',
      async () => {
        const photo = await phonePhoto({ width: 600, height: 400 });
        return photo.subarray(0, Math.floor(photo.length / 2));
      },
      'photo.jpg',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['an 11 MB file', async () => Buffer.alloc(11 * 1024 * 1024, 1), 'big.jpg', 413, 'PAYLOAD_TOO_LARGE'],
    [
      'a 30000 × 30000 PNG (a decompression bomb)',
      async () => pngBomb(),
      'bomb.png',
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ];

  it.each(refusals)(
    'refuses %s and stores nothing',
    async (_name, file, filename, status, error) => {
      const before = await storedCount();
      const response = await upload(testApp.app, cast.owner, await file(), filename);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ error });
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(10);
      expect(await storedCount()).toEqual(before);
    },
    30_000,
  );

  it('refuses the bomb from its header, in well under a second', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const response = await upload(testApp.app, cast.owner, bomb, 'bomb.png');
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toMatch(/too many pixels \(30000 × 30000\)/);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a file at 10 MB + 1 byte, the limit being UPLOAD_MAX_BYTES', async () => {
    const response = await upload(testApp.app, cast.owner, Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1));
    expect(response.statusCode).toBe(413);
  });

  it('refuses a body without the field, with another field, or with an empty file (400)', async () => {
    const before = await storedCount();
    const photo = await plain('jpeg');
    const bodies = [
      multipart([{ name: 'picture', filename: 'a.jpg', content: photo }]),
      multipart([
        { name: 'file', filename: 'a.jpg', content: photo },
        { name: 'file', filename: 'b.jpg', content: photo },
      ]),
      multipart([
        { name: 'file', filename: 'a.jpg', content: photo },
        { name: 'note', content: 'hello' },
      ]),
      multipart([{ name: 'file', filename: 'a.jpg', content: '' }]),
      multipart([]),
    ];
    for (const { payload, contentType } of bodies) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { authorization: `Bearer ${cast.owner.token}`, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'BAD_REQUEST' });
    }
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { authorization: `Bearer ${cast.owner.token}` },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(await storedCount()).toEqual(before);
  });

  it('answers 401 to an anonymous caller and stores nothing', async () => {
    const before = await storedCount();
    const response = await upload(testApp.app, undefined, await plain('jpeg'));
    expect(response.statusCode).toBe(401);
    expect(await storedCount()).toEqual(before);
  });

  it('stores the picture for the signed-in uploader, an admin like anybody', async () => {
    for (const account of [cast.stranger, cast.admin]) {
      const response = await upload(testApp.app, account, await plain('jpeg'));
      expect(response.statusCode).toBe(201);
      const id = new URL(response.json<{ url: string }>().url).pathname.split('/')[2]!;
      const [row] = await testApp.database.db.select().from(uploads).where(eq(uploads.id, id));
      expect(row?.ownerId).toBe(account.id);
    }
  });
});

describe('GET /media/:id/:width.webp', () => {
  let url: string;
  beforeAll(async () => {
    url = (await upload(testApp.app, cast.owner, await plain('jpeg'))).json<{ url: string }>().url;
  });

  it('answers with a strong ETag and immutable caching, and 304 when the client has it', async () => {
    const first = await fetchMedia(mediaPath(url, 640));
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    const again = await fetchMedia(mediaPath(url, 640), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await fetchMedia(mediaPath(url, 320), { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it.each(['/media/00000000-0000-4000-8000-000000000000/320.webp', '/media/not-a-uuid/320.webp'])(
    'answers 404 JSON for an unknown picture: %s',
    async (path) => {
      const response = await fetchMedia(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    },
  );

  it.each([100, 1000, 2560])('answers 404 JSON for a width the shop does not store: %i', async (width) => {
    const response = await fetchMedia(mediaPath(url, width));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});

describe('uploads per hour', () => {
  const limited = useTestApp({ UPLOADS_PER_HOUR: '2' });

  it('refuses the upload over UPLOADS_PER_HOUR with 429 and Retry-After, and stores nothing', async () => {
    const someone = await signUp(limited.app, 'busy@bazaar.test');
    const photo = await plain('jpeg');
    for (let i = 0; i < 2; i += 1) expect((await upload(limited.app, someone, photo)).statusCode).toBe(201);
    const refused = await upload(limited.app, someone, photo);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const [stored] = await limited.database.db.select({ n: count() }).from(uploads);
    expect(stored!.n).toBe(2);
    // Another user has their own allowance.
    const other = await signUp(limited.app, 'calm@bazaar.test');
    expect((await upload(limited.app, other, photo)).statusCode).toBe(201);
  });
});
