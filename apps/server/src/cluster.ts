import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * The primary process of `WEB_CONCURRENCY` > 1 (PostgreSQL only, see config/env.ts): it prepares the database
 * once, then forks `workers` server processes that each open the database and listen on the one port (node's
 * cluster module hands them the connections in turn). It serves no request itself.
 *
 * - A worker that stops after it has listened is replaced, and the primary says so in the log.
 * - A worker that stops before it ever listened (bad database, port taken) stops them all: replacing it would
 *   only fail again, in a loop. The primary exits with 1.
 * - SIGTERM or SIGINT to the primary is passed to every worker, each of which finishes its in-flight requests
 *   and exits (main.ts); the primary exits once they all have: 0, or 1 when one of them failed to.
 */
export async function runPrimary(options: {
  workers: number;
  log: Logger;
  /** Migrations and the first seed, done once before any worker starts. */
  prepare: () => Promise<void>;
}): Promise<void> {
  const { log } = options;
  await options.prepare();

  const listened = new WeakSet<Worker>();
  const running = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    running.add(worker);
    worker.once('listening', () => listened.add(worker));
  };

  const stopAll = (reason: string, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    log.info({ reason, workers: running.size }, 'stopping the workers: they finish their in-flight requests');
    for (const worker of running) worker.process.kill('SIGTERM');
    if (running.size === 0) process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    const pid = worker.process.pid;
    running.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (running.size === 0) process.exit(exitCode);
    } else if (!listened.has(worker)) {
      log.fatal({ worker: pid, code, signal }, 'a worker stopped before it listened; stopping the others');
      stopAll('a worker failed to start', 1);
    } else {
      log.error({ worker: pid, code, signal }, 'a worker stopped; starting another in its place');
      fork();
    }
  });
  process.on('SIGTERM', () => stopAll('SIGTERM', 0));
  process.on('SIGINT', () => stopAll('SIGINT', 0));

  for (let i = 0; i < options.workers; i += 1) fork();
  log.info({ workers: options.workers }, 'starting the server processes');
}
