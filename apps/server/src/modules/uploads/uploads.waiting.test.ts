import sharp from 'sharp';
import { expect, it } from 'vitest';
import { asBearer, signUp } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';
import { multipart } from '../../test/uploads.ts';

// Issue 42, point 6: thirty 10 MB uploads queued behind slow ones held 10 MB of memory each while they waited.
const testApp = useTestApp({ UPLOADS_PER_HOUR: '1000', UPLOAD_QUEUE_MAX: '40', UPLOAD_QUEUE_PER_USER: '30' });

it('keeps waiting files on disk: 20 uploads of 10 MB at once add no 10 MB a file to the buffers', async () => {
  const account = await signUp(testApp.app, 'waiting@queue.bazaar.test');
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123' } })
    .jpeg()
    .toBuffer();
  // A picture padded to 10 MB (bytes after the JPEG's end are ignored): each file held in memory would show.
  const file = Buffer.concat([small, Buffer.alloc(10 * 1024 * 1024 - 4096 - small.length, 1)]);
  // One body for all, built before measuring: what grows is what the server keeps of it.
  const { payload, contentType } = multipart([
    { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', content: file },
  ]);
  const send = () =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...asBearer(account), 'content-type': contentType },
      payload,
    });
  const buffers = () => process.memoryUsage().arrayBuffers / 1024 / 1024;
  const baseline = buffers();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, buffers())), 1);
  const responses = await Promise.all(Array.from({ length: 20 }, send));
  clearInterval(sampler);
  expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
  // Held in memory, they were 50 to 400 MB at the peak; streamed to disk, nothing to see.
  expect(peak - baseline).toBeLessThan(25);
});
