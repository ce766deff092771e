import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { paths } from '../paths.ts';
import { accountOf, TEST_PASSWORD, type TestAccount } from './accounts.ts';
import { freePort } from './free-port.ts';
import { GENEROUS_LIMITS } from './generous-limits.ts';
import { createPostgresDatabase, testEngine } from './test-database.ts';

const MAIN = join(paths.serverRoot, 'dist', 'main.js');
const USERS_CLI = join(paths.serverRoot, 'src', 'modules', 'users', 'users.cli.ts');
const TSX = join(paths.serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
// Enough of the server's output to explain why it did not start.
const OUTPUT_TAIL_CHARS = 8000;

/** The production server running as a child process. */
export interface ServerProcess {
  /** Its address, such as http://127.0.0.1:41234. */
  url: string;
  /** The origin it trusts for cookie sign-ins (its PUBLIC_URL). */
  origin: string;
  pid: number;
  /** The tail of what it has written to stdout and stderr so far. */
  output(): string;
  /** Sends `signal`, waits until the process has exited and answers its exit code (null when killed). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  /** Shuts it down gracefully (SIGTERM), killing it if it has not exited after a while. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts and tracks the server processes of one test file. Every process still running when the file's
 * tests end — passed or failed — is killed, and the data directories made by `dataDir` are removed.
 */
export function serverProcesses() {
  const running = new Set<ChildProcess>();
  const dataDirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  // Even a crashed test worker leaves no server behind.
  const killAll = () => running.forEach((child) => child.kill('SIGKILL'));
  process.once('exit', killAll);

  afterAll(async () => {
    const children = [...running];
    killAll();
    await Promise.all(children.map(exited));
    process.off('exit', killAll);
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await Promise.all(drops.map((drop) => drop()));
  });

  // The servers' working directory: what they write under the default DATA_DIR (mail files of a server on
  // PostgreSQL) goes there, and is removed with it.
  let workingDir: string | undefined;
  const workingDirOf = () => {
    workingDir ??= mkdtempSync(join(tmpdir(), 'bazaar-process-cwd-'));
    if (!dataDirs.includes(workingDir)) dataDirs.push(workingDir);
    return workingDir;
  };

  /** Spawns the built server on `port` with `env` over quiet defaults; keeps the tail of its output. */
  function spawnServer(port: number, env: Record<string, string>) {
    if (!existsSync(MAIN)) {
      throw new Error(`${MAIN} is missing: run \`npm run build\` before the tests that start the server`);
    }
    const child = spawn(process.execPath, [MAIN], {
      // A fresh working directory: no developer's .env is read. Only what the test chose is set.
      cwd: workingDirOf(),
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${port}`,
        LOG_LEVEL: 'warn',
        SEED_ON_START: 'false',
        ...GENEROUS_LIMITS,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    return { child, output: () => output };
  }

  async function launch(env: Record<string, string>): Promise<ServerProcess | 'port taken'> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { child, output } = spawnServer(port, env);
    // Servers behind one load balancer share a PUBLIC_URL; a lone one is at its own port.
    const origin = env.PUBLIC_URL ?? `http://localhost:${port}`;

    const server: ServerProcess = {
      url,
      origin,
      pid: child.pid!,
      output,
      async kill(signal) {
        child.kill(signal);
        await exited(child);
        return child.exitCode;
      },
      async stop() {
        child.kill('SIGTERM');
        const timedOut = await Promise.race([exited(child).then(() => false), sleep(STOP_TIMEOUT_MS, true)]);
        if (timedOut) await server.kill('SIGKILL');
      },
    };

    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await healthy(url))) {
      if (child.exitCode !== null || child.signalCode !== null) {
        if (output().includes('EADDRINUSE')) return 'port taken';
        throw new Error(
          `the server exited (${child.exitCode ?? child.signalCode}) before it answered:\n${output()}`,
        );
      }
      if (Date.now() > deadline) {
        await server.kill('SIGKILL');
        throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output()}`);
      }
      await sleep(100);
    }
    return server;
  }

  return {
    /**
     * Starts `node apps/server/dist/main.js` on a free port of 127.0.0.1 with `env` (DATA_DIR or DATABASE_URL,
     * ADMIN_EMAILS, …) over quiet defaults, and resolves once GET /api/health answers.
     */
    async start(env: Record<string, string>): Promise<ServerProcess> {
      // Another program may take the free port between the probe and the server's listen: try another.
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const server = await launch(env);
        if (server !== 'port taken') return server;
      }
      throw new Error('no free port could be listened on after 3 attempts');
    },

    /** Starts the server with `env` and waits for it to exit on its own: its exit code and output. */
    async exit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
      const { child, output } = spawnServer(await freePort(), env);
      await exited(child);
      return { code: child.exitCode, output: output() };
    },

    /**
     * A new database without rows of the engine under test, as the env of the servers to start on it: a
     * PostgreSQL database (DATABASE_URL) or a PGlite data directory (DATA_DIR), removed after the file's tests.
     */
    async storage(): Promise<Record<string, string>> {
      if (testEngine !== 'postgres') return { DATA_DIR: await this.dataDir() };
      const postgres = await createPostgresDatabase({ migrated: true });
      drops.push(postgres.drop);
      return { DATABASE_URL: postgres.url };
    },

    /** A new, empty directory for a PGlite database, removed after the file's tests. */
    async dataDir(): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), 'bazaar-process-test-'));
      dataDirs.push(dir);
      return dir;
    },
  };
}

/**
 * Opens the database of `storage` (an env from `storage()`) for `work`. PGlite's data directory belongs to one
 * process: no server may be running on it.
 */
export async function withStoredDatabase<T>(
  storage: Record<string, string>,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(
    storage.DATABASE_URL
      ? { databaseUrl: storage.DATABASE_URL }
      : { dataDir: join(storage.DATA_DIR!, 'pglite') },
  );
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Sends a JSON request to `server` and answers its status, headers and parsed body. */
export async function call<Body = unknown>(
  server: ServerProcess,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: object } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as Body,
    text,
  };
}

/** Registers an account over HTTP, as the register page does, and keeps its session (bearer token and cookie). */
export async function signUpOver(
  server: ServerProcess,
  email: string,
  headers: Record<string, string> = {},
): Promise<TestAccount> {
  const name = email.split('@')[0] ?? 'Shopper';
  const response = await call(server, 'POST', '/api/auth/sign-up/email', {
    headers: { origin: server.origin, ...headers },
    body: { name, email, password: TEST_PASSWORD },
  });
  if (response.status !== 200)
    throw new Error(`sign-up of ${email} failed: ${response.status} ${response.text}`);
  return accountOf(email, name, {
    token: response.headers.get('set-auth-token'),
    setCookie: response.headers.getSetCookie(),
    body: response.body,
  });
}

/** Runs `npm run users -- ARGS` as the operator would, on the data `env` names: its exit code and output. */
/** The one-time link `npm run users -- verify` printed, to choose the account's password. */
export function operatorLinkOf(output: string): URL {
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(output)?.[0];
  if (!link) throw new Error(`the command printed no link to choose the password: ${output}`);
  return new URL(link);
}

/** Chooses the password through the operator's link, as its page does: the answer signs the operator in. */
export const choosePasswordOver = (server: ServerProcess, link: URL, newPassword: string) =>
  call(server, 'POST', '/api/auth/reset-password', {
    headers: { origin: server.origin },
    body: { token: link.searchParams.get('token'), newPassword },
  });

export function usersCommand(env: Record<string, string>, ...args: string[]) {
  const child = spawn(TSX, [USERS_CLI, ...args], {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return exited(child).then(() => ({ code: child.exitCode, output }));
}

/**
 * Verifies the admin `email` with the operator's command while no server runs on `env`, starts one and signs the admin
 * in through the command's link, as an operator would: the server and the admin's new session token.
 */
export async function startWithVerifiedAdmin(
  servers: ReturnType<typeof serverProcesses>,
  env: Record<string, string>,
  email: string,
): Promise<{ server: ServerProcess; token: string }> {
  const verified = await usersCommand(env, 'verify', email);
  if (verified.code !== 0) throw new Error(`the operator's verify failed: ${verified.output}`);
  const server = await servers.start(env);
  const signedIn = await choosePasswordOver(server, operatorLinkOf(verified.output), TEST_PASSWORD);
  if (signedIn.status !== 200)
    throw new Error(`the operator's link failed: ${signedIn.status} ${signedIn.text}`);
  return { server, token: signedIn.headers.get('set-auth-token') ?? '' };
}
