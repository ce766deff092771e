import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { OFFSET_MAX, PAGE_SIZE_MAX } from '@bazaar/shared/pagination';
import type { ApiError } from '@bazaar/shared/errors';
import { orderBody } from '../test/order-fixtures.ts';
import { asBearer, signUp, signUpCast, TEST_ORIGIN, TEST_PASSWORD } from '../test/accounts.ts';
import { insertProducts, productRow } from '../test/product-fixtures.ts';
import { tableFingerprinter, WRITE_COUNTERS, type Fingerprint } from '../test/table-fingerprint.ts';
import { useTestApp } from '../test/test-app.ts';
import { BODY_LIMIT_BYTES } from './server-limits.ts';

describe('the request body limit', () => {
  const testApp = useTestApp();
  let cast: Awaited<ReturnType<typeof signUpCast>>;
  let productId: string;
  /** A refused request must leave every table as it was. */
  let fingerprint: () => Promise<Fingerprint>;

  beforeAll(async () => {
    fingerprint = await tableFingerprinter(testApp.database.db, { except: WRITE_COUNTERS });
    cast = await signUpCast(testApp, 'limits');
    const [product] = await insertProducts(testApp.database.db, [productRow({ sellerId: cast.owner.id })]);
    productId = product!.id;
  });

  const oversize = 'x'.repeat(BODY_LIMIT_BYTES);

  it('refuses a body over 1 MB on every write route with a 413 JSON error, storing nothing', async () => {
    const before = await fingerprint();
    const productBefore = (await testApp.app.inject({ method: 'GET', url: `/api/products/${productId}` }))
      .body;
    const writes = [
      { method: 'POST', url: '/api/products', payload: { name: oversize, price: 1 } },
      { method: 'PATCH', url: `/api/products/${productId}`, payload: { description: oversize } },
      { method: 'POST', url: '/api/orders', payload: { ...orderBody([productId]), address: oversize } },
      { method: 'PATCH', url: `/api/users/${cast.owner.email}`, payload: { name: oversize } },
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: oversize, email: 'huge@bazaar.test', password: TEST_PASSWORD },
      },
    ] as const;
    for (const { method, url, payload } of writes) {
      const response = await testApp.app.inject({
        method,
        url,
        headers: { ...asBearer(cast.owner), origin: TEST_ORIGIN },
        payload,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(413);
      const error = response.json<ApiError>();
      expect(error.error).toBe('PAYLOAD_TOO_LARGE');
      expect(error.message).toMatch(/large/i);
    }
    expect(await fingerprint()).toEqual(before);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/products/${productId}` })).body).toBe(
      productBefore,
    );
  });

  it('refuses a small gzip body that inflates past the limit (a "zip bomb")', async () => {
    const bomb = gzipSync(
      JSON.stringify({ name: 'Bomb', price: 1, description: ' '.repeat(20 * BODY_LIMIT_BYTES) }),
    );
    expect(bomb.length).toBeLessThan(BODY_LIMIT_BYTES / 10);
    const before = await fingerprint();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...asBearer(cast.owner), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<ApiError>().error).toBe('PAYLOAD_TOO_LARGE');
    expect(await fingerprint()).toEqual(before);
  });

  it('reads a body just under the limit (and then judges its fields)', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/products/${productId}`,
      headers: asBearer(cast.owner),
      payload: { description: 'x'.repeat(BODY_LIMIT_BYTES - 100) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().error).toBe('VALIDATION_ERROR');
  });
});

describe('pagination caps on every list route', () => {
  const testApp = useTestApp();
  let cast: Awaited<ReturnType<typeof signUpCast>>;

  beforeAll(async () => {
    cast = await signUpCast(testApp, 'pages');
  });

  const routes = [
    '/api/products',
    '/api/orders',
    `/api/orders/pages-owner@bazaar.test`,
    '/api/users',
    '/api/sales',
  ];
  const list = (url: string) => testApp.app.inject({ method: 'GET', url, headers: asBearer(cast.admin) });

  it.each(routes)('%s answers a page at the caps', async (route) => {
    const response = await list(`${route}?limit=${PAGE_SIZE_MAX}&offset=${OFFSET_MAX}`);
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each(
    routes.flatMap((route) => [
      [route, 'limit', `limit=${PAGE_SIZE_MAX + 1}`],
      [route, 'offset', `offset=${OFFSET_MAX + 1}`],
    ]),
  )('%s refuses a %s past its cap (%s) with a 400', async (route, field, query) => {
    const response = await list(`${route}?${query}`);
    expect(response.statusCode).toBe(400);
    const error = response.json<ApiError>();
    expect(error.error).toBe('VALIDATION_ERROR');
    expect(error.details?.map((detail) => detail.path)).toEqual([field]);
  });
});

describe('slow clients on a listening server', () => {
  const testApp = useTestApp({
    HEADERS_TIMEOUT_SECONDS: '1',
    REQUEST_TIMEOUT_SECONDS: '2',
    KEEP_ALIVE_TIMEOUT_SECONDS: '1',
  });
  let port: number;

  beforeAll(async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as { port: number }).port;
  });

  /** A raw connection, and everything the server sent on it by the time it closed it. */
  function rawConnection() {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    // The server may reset the connection it cuts; what it sent before is what the test reads.
    socket.on('error', () => undefined);
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    // A server that never cuts the client off fails the test by its timeout, and must not keep the socket.
    onTestFinished(() => void socket.destroy());
    return { socket, closed };
  }

  /** Sends `line` every 200 ms: a client that keeps the connection busy without ever finishing. */
  function trickle(socket: ReturnType<typeof connect>, line: string) {
    const timer = setInterval(() => socket.writable && socket.write(line), 200);
    socket.on('close', () => clearInterval(timer));
  }

  it('cuts off a client that sends its headers too slowly, with a 408', async () => {
    const { socket, closed } = rawConnection();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    trickle(socket, 'X-Slow: still coming\r\n');
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('application/json');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive',
    });
  });

  it('answers headers over 16 KB with 431 and a request that is not HTTP with 400, both as JSON', async () => {
    const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
    const huge = rawConnection();
    huge.socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const tooLarge = await huge.closed;
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(tooLarge)).toEqual({
      error: 'HEADERS_TOO_LARGE',
      message: 'The request headers are too large',
    });

    const garbage = rawConnection();
    garbage.socket.write('HELLO THERE\r\n\r\n');
    const malformed = await garbage.closed;
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(malformed)).toEqual({ error: 'BAD_REQUEST', message: 'Malformed request' });
  });

  it('cuts off a request whose body never completes, with a 408, storing nothing', async () => {
    const seller = await signUp(testApp.app, 'slow-seller@bazaar.test');
    const fingerprint = await tableFingerprinter(testApp.database.db, { except: WRITE_COUNTERS });
    const before = await fingerprint();
    const { socket, closed } = rawConnection();
    socket.write(
      'POST /api/products HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${seller.token}\r\nContent-Length: 10000\r\n\r\n{"name":"Slow lamp","price":1,`,
    );
    trickle(socket, ' ');
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
    expect(await fingerprint()).toEqual(before);
  });

  it('closes a kept-alive connection once it has been idle for the keep-alive timeout', async () => {
    const { socket, closed } = rawConnection();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"status":"ok"');
  });

  it('still answers a prompt client', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
