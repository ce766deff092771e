import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import autocannon, { type Request } from 'autocannon';

export interface LoadSettings {
  connections: number;
  /** Seconds. */
  duration: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Highest resident memory of the loaded process, sampled every 250 ms; null where it cannot be read. */
  peakRssMb: number | null;
}

const RSS_SAMPLE_MS = 250;

/** Resident memory in MB: /proc on Linux, `ps` elsewhere. */
async function rssMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // No /proc (macOS): ask ps below.
  }
  try {
    const { stdout } = await promisify(execFile)('ps', ['-o', 'rss=', '-p', String(pid)]);
    return Number(stdout.trim()) / 1024 || null;
  } catch {
    return null;
  }
}

/** Samples a process's memory until stopped; resolves to the peak. */
function watchMemory(pid: number) {
  let peak: number | null = null;
  const sample = async () => {
    const mb = await rssMb(pid);
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

/** Loads `url` with autocannon (the requests in turn on each connection) while sampling process `pid`'s memory. */
export async function measureLoad(
  url: string,
  requests: Request[],
  settings: LoadSettings,
  pid: number,
): Promise<LoadResult> {
  const stopWatching = watchMemory(pid);
  const result = await autocannon({ url, requests, ...settings });
  const peakRssMb = await stopWatching();
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    peakRssMb: peakRssMb === null ? null : Math.round(peakRssMb),
  };
}
