import { readdir, readFile, readlink } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import type { ServerProcess } from './server-process.ts';

// Which worker of a WEB_CONCURRENCY server answers a connection, found from the outside as an operator would
// (Linux's /proc), so that the server need not name its process in answers.

/** The kernel's inode of the server's end of the TCP connection from local port `clientPort` to `serverPort`. */
async function serverSocketInode(serverPort: number, clientPort: number): Promise<string | undefined> {
  const port = (address: string) => parseInt(address.split(':')[1] ?? '', 16);
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const [local, remote, inode] = [fields[1] ?? '', fields[2] ?? '', fields[9]];
      if (port(local) === serverPort && port(remote) === clientPort) return inode;
    }
  }
  return undefined;
}

/** Which of `pids` holds the server's end of the connection from local port `clientPort`. */
export async function ownerOfConnection(server: ServerProcess, clientPort: number, pids: number[]) {
  const inode = await serverSocketInode(Number(new URL(server.url).port), clientPort);
  if (!inode) throw new Error(`no server socket for the connection from port ${clientPort}`);
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
    const links = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
    if (links.includes(`socket:[${inode}]`)) return pid;
  }
  throw new Error(`none of the processes ${pids.join(', ')} holds the connection from port ${clientPort}`);
}

export interface Answer<Body> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Body;
  text: string;
}

/**
 * A client that sends all its requests on one kept-alive connection, so that one worker answers them all (the
 * cluster hands out connections, not requests). It throws if the connection was ever replaced.
 */
export function pinnedConnection(server: ServerProcess) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let pinnedPort: number | undefined;

  function send(method: string, path: string, options: { headers?: Record<string, string>; body?: object }) {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const headers = { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers };
    return new Promise<{ answer: Answer<unknown>; port: number }>((resolve, reject) => {
      const outgoing = request(new URL(path, server.url), { method, agent, headers }, (response) => {
        // Read now: once the answer has ended, its socket goes back to the agent.
        const port = response.socket.localPort ?? 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const answer = {
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text ? (JSON.parse(text) as unknown) : undefined,
            text,
          };
          resolve({ answer, port });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  return {
    /** Sends a JSON request on this connection and answers its status, headers and parsed body. */
    async call<Body = unknown>(
      method: string,
      path: string,
      options: { headers?: Record<string, string>; body?: object } = {},
    ): Promise<Answer<Body>> {
      const { answer, port } = await send(method, path, options);
      pinnedPort ??= port;
      if (port !== pinnedPort)
        throw new Error(`the connection from port ${pinnedPort} was replaced by ${port}`);
      return answer as Answer<Body>;
    },
    /** The client's port of the connection, once a request has been sent. */
    port: () => pinnedPort,
    close: () => agent.destroy(),
  };
}

export type PinnedConnection = ReturnType<typeof pinnedConnection>;

/**
 * Opens connections to `server` until each of `workers` answers one of them: one connection per worker, keyed by
 * pid. Throws if some worker is not reached within `attempts` connections.
 */
export async function connectionPerWorker(server: ServerProcess, workers: number[], attempts = 20) {
  const reached = new Map<number, PinnedConnection>();
  for (let i = 0; i < attempts && reached.size < workers.length; i += 1) {
    const connection = pinnedConnection(server);
    await connection.call('GET', '/api/health');
    const pid = await ownerOfConnection(server, connection.port()!, workers);
    if (reached.has(pid)) connection.close();
    else reached.set(pid, connection);
  }
  const missed = workers.filter((pid) => !reached.has(pid));
  if (missed.length > 0) {
    reached.forEach((connection) => connection.close());
    throw new Error(`worker(s) ${missed.join(', ')} answered none of ${attempts} connections`);
  }
  return reached;
}
