import { createServer } from 'node:net';

/**
 * Holds a free port until `release`, so that no other test takes it while a server that must know its own
 * address beforehand (its public URL) is being built.
 */
export async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  if (address === null || typeof address === 'string') throw new Error('no port was assigned');
  return { port: address.port, release: () => new Promise((resolve) => probe.close(() => resolve())) };
}

/** A port nobody listens on right now, so that a server's address is known before it starts. */
export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}
