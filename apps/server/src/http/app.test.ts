import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertProducts, productRow } from '../test/product-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';
import { fakeWebBuild } from '../test/web-build.ts';

const testApp = useTestApp({ CORS_ORIGINS: 'https://partner.example' }, { webDist: fakeWebBuild() });

beforeAll(async () => {
  await insertProducts(
    testApp.database.db,
    Array.from({ length: 40 }, () => productRow({ description: 'A long description. '.repeat(20) })),
  );
});

describe('the API surface', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'No route GET /api/nothing-here' });
    expect((await testApp.app.inject({ method: 'DELETE', url: '/api/categories' })).statusCode).toBe(404);
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/categories']),
    );
    expect(JSON.stringify(document.paths['/api/products'])).toContain('flash_sale');
  });

  it('serves a docs page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });

  it('reports health and the engine', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const health = response.json<{ status: string; engine: string; searchIndex: { ready: boolean } }>();
    expect({ status: health.status, engine: health.engine }).toEqual({
      status: 'ok',
      engine: testApp.database.engine,
    });
    // Whether this process's search index answers yet: it loads in the background.
    expect(typeof health.searchIndex.ready).toBe('boolean');
  });
});

describe('serving', () => {
  it.each([
    ['an API answer', '/api/products'],
    ['an API error', '/api/nothing-here'],
    ['the app page', '/dashboard/orders'],
    ['a page with its own head', '/about'],
    ['an asset', '/assets/main-abc123.js'],
    ['a generated image', '/images/banners/1.svg'],
    ['the API docs page', '/api/docs/'],
  ])('sends security headers on %s', async (_, url) => {
    const { headers } = await testApp.app.inject({ method: 'GET', url });
    expect(headers['x-content-type-options']).toBe('nosniff');
    // Another site may not frame the shop (clickjacking): old browsers read X-Frame-Options, new ones the CSP.
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['strict-transport-security']).toMatch(/^max-age=31536000\b/);
    expect(headers['x-powered-by']).toBeUndefined();
    const csp = String(headers['content-security-policy']).split(';');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    // The previews of photos being uploaded are object URLs: images may be `blob:`, nothing else may.
    const withBlob = csp.filter((directive) => directive.split(' ').includes('blob:'));
    expect(withBlob.map((directive) => directive.split(' ')[0])).toEqual(['img-src']);
  });

  it('compresses large answers for clients that accept gzip', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/products?limit=40',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('allows cross-origin reads from the configured origins only, exposing the total', async () => {
    const allowed = await testApp.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { origin: 'https://partner.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(String(allowed.headers['access-control-expose-headers']).toLowerCase()).toContain('x-total-count');
    const other = await testApp.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('falls back to the app page for client routes, never caching it', async () => {
    for (const url of ['/', '/cart', '/dashboard/orders?tab=2']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets forever', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's brotli file to browsers that accept it, and the plain file to others", async () => {
    const brotli = await testApp.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("brotli")');

    const plain = await testApp.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("shop")');
  });

  it('answers a missing asset or file with 404 rather than the app page', async () => {
    for (const url of ['/assets/gone-000.js', '/package.json', '/media/../320.webp']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    // A dot in the query string is no file name.
    expect((await testApp.app.inject({ method: 'GET', url: '/dashboard?next=a.b' })).statusCode).toBe(200);
  });
});
