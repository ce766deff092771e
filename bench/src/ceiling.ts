import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureLoad, type LoadResult, type LoadSettings } from './load.ts';
import { freePort } from '@bazaar/server/testing';
import { startNode } from './processes.ts';
import { benchDataDir } from './shop.ts';

export interface Page {
  path: string;
  body: Buffer;
  contentType: string;
}

/**
 * Loads a bare node:http server (a process of its own, like the shop) that answers `page`'s bytes from memory,
 * with the same autocannon settings as the shop: the most this machine can serve that page at.
 */
export async function measureCeiling(page: Page, settings: LoadSettings): Promise<LoadResult> {
  const bodyFile = join(benchDataDir, 'ceiling-body');
  await writeFile(bodyFile, page.body);
  const port = await freePort();
  const server = await startNode({
    name: 'the ceiling server',
    args: [
      '--import',
      'tsx',
      fileURLToPath(new URL('ceiling-server.ts', import.meta.url)),
      bodyFile,
      page.contentType,
    ],
    cwd: benchDataDir,
    env: { ...process.env, PORT: String(port) },
    port,
    readyPath: page.path,
  });
  try {
    return await measureLoad(server.url, [{ path: page.path }], settings, server.pid);
  } finally {
    await server.stop();
    await rm(bodyFile);
  }
}
