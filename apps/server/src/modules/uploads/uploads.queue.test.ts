import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';
import { interlacedPngBomb, upload } from '../../test/uploads.ts';

// Issue 42, point 6: a decode budget in bytes, a queue of bounded length, and a share of it per user.
const testApp = useTestApp({ UPLOADS_PER_HOUR: '1000', UPLOAD_QUEUE_MAX: '3', UPLOAD_QUEUE_PER_USER: '2' });
let people: TestAccount[];

beforeAll(async () => {
  people = await Promise.all(
    ['ana', 'ben', 'cho', 'dev', 'eva'].map((name) => signUp(testApp.app, `${name}@queue.bazaar.test`)),
  );
});

const storedCount = async () => (await testApp.database.db.select({ n: count() }).from(uploads))[0]!.n;

/** A photo that takes sharp a moment, so that uploads sent together are in the queue together. */
const photo = () =>
  sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();

/** The peak memory of this process so far, in MB. */
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

describe('the decode budget', () => {
  it('refuses a 16-bit interlaced RGBA PNG under the pixel limit (400 MB decoded) from its header, with 413', async () => {
    const bomb = await interlacedPngBomb(7070);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = await storedCount();
    const peakBefore = peakRssMb();
    const response = await upload(testApp.app, people[0], bomb, 'bomb.png');
    expect(response.statusCode).toBe(413);
    const refusal = response.json<{ error: string; message: string }>();
    expect(refusal.error).toBe('PAYLOAD_TOO_LARGE');
    expect(refusal.message).toMatch(
      /\d{3} MB of memory once decoded \(7070 × 7070, 4 channels of ushort, interlaced\)/,
    );
    // Refused before decoding: decoding it would have raised the process's peak memory by 400 MB or more.
    expect(peakRssMb() - peakBefore).toBeLessThan(100);
    expect(await storedCount()).toBe(before);
  });
});

describe('the queue', () => {
  it('answers 503 with Retry-After past UPLOAD_QUEUE_MAX, and takes the uploads it has room for', async () => {
    const file = await photo();
    const before = await storedCount();
    const responses = await Promise.all(people.map((person) => upload(testApp.app, person, file)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 503, 503]);
    for (const refused of responses.filter((response) => response.statusCode === 503)) {
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      const refusal = refused.json<{ error: string; message: string }>();
      expect(refusal.error).toBe('SERVICE_UNAVAILABLE');
      expect(refusal.message).toMatch(/busy/);
    }
    expect(await storedCount()).toBe(before + 3);
    // The places are given back: the next upload is taken.
    expect((await upload(testApp.app, people[4], file)).statusCode).toBe(201);
  });

  it('lets one user take no more than UPLOAD_QUEUE_PER_USER places: others still get in', async () => {
    const file = await photo();
    const [greedy, other] = [people[0]!, people[1]!];
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, () => upload(testApp.app, greedy, file)),
      upload(testApp.app, other, file),
    ]);
    const greedys = responses.slice(0, 4).map((response) => response.statusCode);
    expect(greedys.sort()).toEqual([201, 201, 429, 429]);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const refusal = refused.json<{ error: string; message: string }>();
    expect(refusal.error).toBe('RATE_LIMITED');
    expect(refusal.message).toMatch(/on their way/);
    expect(responses[4]!.statusCode).toBe(201);
  });
});
