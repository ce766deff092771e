import fc from 'fast-check';
import { UPLOAD_MAX_BYTES, UPLOAD_WIDTHS } from '@bazaar/shared/uploads';
import { multipart, pngBomb, type Part } from '../../test/uploads.ts';
import {
  asSegment,
  hostileSegment,
  hostileText,
  SQL_PAYLOADS,
  type HostileRequest,
} from '../../hostile/arbitraries.ts';
import type { HostileRoute } from '../../hostile/hostile-entry.ts';

/** The first bytes of a JPEG file, and nothing after them. */
const TINY_JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

/** Files POST /api/uploads refuses: not a picture, of a refused kind, broken, too large, too many pixels. */
const NOT_PICTURES: (string | Buffer)[] = [
  'plain text named photo.jpg',
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  Buffer.from(
    'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
    'latin1',
  ),
  TINY_JPEG_START,
  pngBomb(8000),
  Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0xff),
];

/** A width no upload is stored at, or no width at all. */
const NOT_WIDTH = fc.constantFrom(
  '0',
  '-320',
  '320.0',
  '3.2e2',
  '0x140',
  '0320',
  '1281',
  'large',
  ...SQL_PAYLOADS,
);

/** A multipart body of `parts` for POST /api/uploads. */
function upload(parts: Part[]): HostileRequest {
  const { payload, contentType } = multipart(parts);
  return { method: 'POST', url: '/api/uploads', headers: { 'content-type': contentType }, payload };
}

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'POST /api/uploads',
    callers: ['anonymous', 'owner', 'stranger'],
    // Every refused file counts against the uploader's hourly allowance, whatever it held.
    mayWrite: ['rate_limits'],
    requests: () =>
      fc.oneof(
        fc
          .constantFrom(...NOT_PICTURES)
          .map((content) => upload([{ name: 'file', filename: 'photo.jpg', content }])),
        fc
          .constantFrom<Part[][]>(
            [],
            [{ name: 'picture', filename: 'a.jpg', content: TINY_JPEG_START }],
            [{ name: 'file', content: 'not a file' }],
            [
              { name: 'file', filename: 'a.jpg', content: 'x' },
              { name: 'file', filename: 'b.jpg', content: 'y' },
            ],
          )
          .map(upload),
        hostileText.map((text) => ({
          method: 'POST' as const,
          url: '/api/uploads',
          payload: { file: text },
        })),
        fc
          .constantFrom('multipart/form-data; boundary=x', 'multipart/form-data', 'image/jpeg', 'text/plain')
          .map((type) => ({
            method: 'POST' as const,
            url: '/api/uploads',
            headers: { 'content-type': type },
            payload: TINY_JPEG_START,
          })),
      ),
  },
  {
    route: 'GET /media/:id/:width.webp',
    callers: ['anonymous'],
    requests: () =>
      fc
        .oneof(
          hostileSegment.map((id) => [asSegment(id), String(UPLOAD_WIDTHS[0])]),
          fc
            .tuple(fc.uuid(), fc.oneof(NOT_WIDTH, fc.integer().map(String)))
            .map(([id, width]) => [id, asSegment(width)]),
        )
        .map(([id, width]) => ({ method: 'GET', url: `/media/${id}/${width}.webp` })),
  },
];
