import { Agent, request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertGeneratedCatalog } from '../test/product-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';

const testApp = useTestApp();
let port: number;

beforeAll(async () => {
  await insertGeneratedCatalog(testApp.database.db, 2_000);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as { port: number }).port;
});

/** The status of `path`'s answer, over `agent`'s connections. */
function get(path: string, agent: Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end();
  });
}

const SHOPPERS = 40;

describe('a shop busy with searches', () => {
  it('answers a new visitor before it has answered every search already waiting', async () => {
    const shoppers = new Agent({ keepAlive: true, maxSockets: SHOPPERS });
    // Every shopper's connection is open and answered once before the searches.
    await Promise.all(Array.from({ length: SHOPPERS }, () => get('/api/products?limit=1', shoppers)));

    let searchesAnswered = 0;
    const searches = Array.from({ length: SHOPPERS }, (_, index) =>
      get(
        `/api/products?q=${['aurora', 'kettle', 'zenith', 'lamp'][index % 4]}&price_max=${900 - index}`,
        shoppers,
      ).then((status) => {
        searchesAnswered += 1;
        return status;
      }),
    );
    // A visitor who was not connected yet: the server accepts its connection while the searches are in its queue.
    const visitor = await get('/api/no-such-route', false).then((status) => ({ status, searchesAnswered }));

    expect(await Promise.all(searches)).toEqual(Array.from({ length: SHOPPERS }, () => 200));
    expect(visitor.status).toBe(404);
    expect(visitor.searchesAnswered).toBeLessThan(SHOPPERS);
    shoppers.destroy();
  });
});
