import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import autocannon, { type Request } from 'autocannon';
import { childPids } from '@bazaar/server/testing';

export interface LoadSettings {
  connections: number;
  /** Seconds. */
  duration: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /**
   * The 2xx answers' latencies once every connection had been answered (`connectedLatencies`), and when that was;
   * null when some connection never was.
   */
  connected: { afterMs: number; latencyMs: { p50: number; p99: number } } | null;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /**
   * Highest resident memory of the loaded process, its workers' added in (WEB_CONCURRENCY), sampled every
   * 250 ms; null where it cannot be read.
   */
  peakRssMb: number | null;
  /** CPU time (user + system) the loaded process and its workers spent per request during the load; null without /proc. */
  serverCpuMsPerRequest: number | null;
}

/** `pid` and its child processes: a WEB_CONCURRENCY shop's primary and workers. Just `pid` without /proc. */
async function processTree(pid: number): Promise<number[]> {
  return [pid, ...(await childPids(pid).catch(() => []))];
}

/** The sum of `measure` over `pid`'s process tree; null if it is null for one of them. */
async function overTree(pid: number, measure: (one: number) => Promise<number | null>) {
  const values = await Promise.all((await processTree(pid)).map(measure));
  return values.some((value) => value === null)
    ? null
    : values.reduce<number>((sum, value) => sum + value!, 0);
}

const RSS_SAMPLE_MS = 250;

/** A memory field of /proc/<pid>/status (VmRSS now, VmHWM the peak so far), in MB; null without /proc. */
export async function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Resident memory in MB: /proc on Linux, `ps` elsewhere. */
async function rssMb(pid: number): Promise<number | null> {
  const fromProc = await procStatusMb(pid, 'VmRSS');
  if (fromProc !== null) return fromProc;
  // No /proc (macOS): ask ps.
  try {
    const { stdout } = await promisify(execFile)('ps', ['-o', 'rss=', '-p', String(pid)]);
    return Number(stdout.trim()) / 1024 || null;
  } catch {
    return null;
  }
}

/**
 * The highest resident memory of `pid` and its workers over their lives so far (VmHWM, each process's own peak
 * added in), in MB: what sampling under load misses, the sign-ups before a scenario and the start among them.
 * Null without /proc.
 */
export async function lifetimePeakRssMb(pid: number): Promise<number | null> {
  const mb = await overTree(pid, (one) => procStatusMb(one, 'VmHWM'));
  return mb === null ? null : Math.round(mb);
}

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) process `pid` has used so far, in ms; null where /proc cannot tell. */
async function cpuMs(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Samples a process's memory until stopped; resolves to the peak. */
function watchMemory(pid: number) {
  let peak: number | null = null;
  const sample = async () => {
    const mb = await overTree(pid, rssMb);
    if (mb !== null) peak = Math.max(peak ?? 0, mb);
  };
  void sample();
  const timer = setInterval(() => void sample(), RSS_SAMPLE_MS);
  return async () => {
    clearInterval(timer);
    await sample();
    return peak;
  };
}

/** The `q` quantile (0.5 the median) of values sorted ascending; 0 when there are none. */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Latencies of the answers that came once each of autocannon's `connections` had had one. autocannon opens them all
 * at once, and a Node server busy with work of its own accepts one new connection per turn of its event loop (seen
 * with strace on Node 20: one `accept4` a turn, each turn serving every connection it holds). On a saturated shop the
 * last connections' first requests wait seconds in the kernel's queue; those are the run's start, not the load at
 * `connections` that the whole run's figures are meant to show.
 */
function connectedLatencies(run: autocannon.Instance, connections: number) {
  const answered = new Set<unknown>();
  const latencies: number[] = [];
  const started = performance.now();
  let afterMs: number | null = null;
  run.on('response', (client, statusCode, _bytes, latencyMs) => {
    if (afterMs !== null) {
      if (statusCode >= 200 && statusCode < 300) latencies.push(latencyMs);
      return;
    }
    answered.add(client);
    if (answered.size === connections) afterMs = Math.round(performance.now() - started);
  });
  return (): LoadResult['connected'] => {
    if (afterMs === null || latencies.length === 0) return null;
    const sorted = latencies.sort((a, b) => a - b);
    // Whole milliseconds, as autocannon gives its own.
    return {
      afterMs,
      latencyMs: { p50: Math.round(quantile(sorted, 0.5)), p99: Math.round(quantile(sorted, 0.99)) },
    };
  };
}

/** Loads `url` with autocannon (the requests in turn on each connection) while sampling process `pid`'s memory. */
export async function measureLoad(
  url: string,
  requests: Request[],
  settings: LoadSettings,
  pid: number,
): Promise<LoadResult> {
  const stopWatching = watchMemory(pid);
  const cpuBefore = await overTree(pid, cpuMs);
  let connected: ReturnType<typeof connectedLatencies> = () => null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, requests, ...settings }, (error: Error | null, done) =>
      error ? reject(error) : resolve(done),
    );
    connected = connectedLatencies(run, settings.connections);
  });
  const cpuAfter = await overTree(pid, cpuMs);
  const peakRssMb = await stopWatching();
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    connected: connected(),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    peakRssMb: peakRssMb === null ? null : Math.round(peakRssMb),
    serverCpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : Number(((cpuAfter - cpuBefore) / result.requests.total).toFixed(3)),
  };
}
