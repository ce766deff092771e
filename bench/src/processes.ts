import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunningProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A bench that crashes or is interrupted must not leave a server holding a port or a database.
process.on('exit', () => running.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node <args>` listening on `port` and resolves once `readyPath` answers 2xx. Its output goes to ours,
 * so a crash or a warning under load is seen.
 */
export async function startNode(options: {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  port: number;
  readyPath: string;
  timeoutMs?: number;
}): Promise<RunningProcess> {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const url = `http://127.0.0.1:${options.port}`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = await Promise.race([exited(child).then(() => false), sleep(15_000).then(() => true)]);
    if (killed) child.kill('SIGKILL');
    await exited(child);
  };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    }
    const ready = await fetch(url + options.readyPath).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, pid: child.pid ?? 0, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(
    `${options.name} did not answer ${options.readyPath} within ${options.timeoutMs ?? 120_000} ms`,
  );
}
