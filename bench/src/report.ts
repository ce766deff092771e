import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.ts';
import type { Engine, Options } from './options.ts';
import type { CatalogSample, ScenarioResult } from './scenarios.ts';
import type { StorefrontResult } from './storefront.ts';

export interface EngineReport {
  startedAt: string;
  /** The commit measured (`git describe --always --dirty`: "-dirty" when the tree had changes); null outside git. */
  commit: string | null;
  engine: Engine;
  engineVersion: string;
  /** Server processes the shop ran (WEB_CONCURRENCY). */
  processes: number;
  /** The machine's 1-, 5- and 15-minute load averages as the run ended (the machine may be shared). */
  loadAverage: number[];
  /** The options, without the PostgreSQL URL (it may hold a password). */
  options: Omit<Options, 'postgresUrl'>;
  machine: ReturnType<typeof machine>;
  catalog: {
    products: number;
    /** Seconds `npm run seed` took (its process start included); null when a kept catalog was reused. */
    seedSeconds: number | null;
    /** How long the shop's search index took to load after the server started; null without one. */
    searchIndexLoadMs: number | null;
    category: string;
    commonWords: string[];
    rareTerms: string[];
    sampledProducts: number;
  };
  ceiling: LoadResult;
  scenarios: (ScenarioResult & { ratioToCeiling: number })[];
  /** The highest peak RSS sampled under a scenario's load. */
  peakRssMb: number | null;
  /** The server's own high-water mark over its life (VmHWM): sign-ups and its start included. */
  lifetimePeakRssMb: number | null;
  storefront: StorefrontResult | null;
}

export function machine() {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cpus: cores.length,
    memoryGb: Number((totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

function currentCommit(): string | null {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

export function buildReport(parts: {
  startedAt: string;
  lifetimePeakRssMb: number | null;
  engine: Engine;
  engineVersion: string;
  processes: number;
  options: Options;
  seedSeconds: number | null;
  searchIndexLoadMs: number | null;
  sample: CatalogSample;
  ceiling: LoadResult;
  scenarios: ScenarioResult[];
  storefront: StorefrontResult | null;
}): EngineReport {
  const { sample, ceiling, scenarios } = parts;
  const { postgresUrl, ...options } = parts.options;
  const peaks = scenarios.map((scenario) => scenario.peakRssMb).filter((mb) => mb !== null);
  return {
    startedAt: parts.startedAt,
    commit: currentCommit(),
    engine: parts.engine,
    engineVersion: parts.engineVersion,
    processes: parts.processes,
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
    options,
    machine: machine(),
    catalog: {
      products: parts.options.products,
      seedSeconds: parts.seedSeconds === null ? null : Number(parts.seedSeconds.toFixed(1)),
      searchIndexLoadMs: parts.searchIndexLoadMs,
      category: sample.category,
      commonWords: sample.commonWords,
      rareTerms: sample.rareTerms,
      sampledProducts: sample.products.length,
    },
    ceiling,
    scenarios: scenarios.map((scenario) => ({
      ...scenario,
      ratioToCeiling: Number((scenario.requestsPerSecond / ceiling.requestsPerSecond).toFixed(3)),
    })),
    peakRssMb: peaks.length > 0 ? Math.max(...peaks) : null,
    lifetimePeakRssMb: parts.lifetimePeakRssMb,
    storefront: parts.storefront,
  };
}

function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0)));
  return cells
    .map((row) =>
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))),
    )
    .map((row) => row.join('  '))
    .join('\n');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printReport(report: EngineReport): void {
  const { machine: m, options: o, catalog } = report;
  const row = (name: string, result: LoadResult, ratio: number) => [
    name,
    Math.round(result.requestsPerSecond),
    result.latencyMs.p50,
    result.latencyMs.p99,
    result.connected?.latencyMs.p99 ?? '?',
    result.connected ? (result.connected.afterMs / 1000).toFixed(1) : '?',
    ratio.toFixed(2),
    result.non2xx,
    result.errors,
    result.peakRssMb ?? '?',
    result.serverCpuMsPerRequest ?? '?',
  ];
  const processes = report.processes === 1 ? '' : `, ${report.processes} server processes`;
  console.log(`\n== ${report.engineVersion}, ${catalog.products} products${processes} ==`);
  console.log(
    `${m.cpus} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}; ${o.connections} connections, ${o.duration} s a scenario; ` +
      (catalog.seedSeconds === null ? 'kept catalog reused' : `seeded in ${catalog.seedSeconds} s`) +
      (catalog.searchIndexLoadMs === null
        ? '; no search index'
        : `; search index loaded in ${catalog.searchIndexLoadMs} ms`),
  );
  console.log(
    table(
      [
        'scenario',
        'req/s',
        'p50 ms',
        'p99 ms',
        'p99 ms connected',
        'all connected s',
        '× ceiling',
        'non-2xx',
        'errors',
        'peak RSS MB',
        'server CPU ms/req',
      ],
      [
        row('ceiling (bare node:http)', report.ceiling, 1),
        ...report.scenarios.map((scenario) => row(scenario.name, scenario, scenario.ratioToCeiling)),
      ],
    ),
  );
  console.log(
    '  p99 ms connected: the answers after every connection had had its first (a busy server accepts one new ' +
      'connection per turn of its event loop, so the first requests of the last ones wait that long: all connected s).',
  );
  for (const scenario of report.scenarios) {
    const { min, max } = scenario.matches ?? {};
    const matches = min === undefined ? '' : ` — ${min === max ? min : `${min}–${max}`} matching products`;
    console.log(`  ${scenario.name}: ${scenario.request}${matches}`);
    const check = scenario.orders;
    if (check) {
      console.log(
        `    ordersVerified: ${check.ordersVerified} — ${check.ordersFound} orders found; ${check.answeredDuringLoad} ` +
          `answered 2xx during the load, ${check.refusedDuringLoad} refused; of the requests left in flight, ` +
          `${check.retried.alreadyPlaced} had been placed, ${check.retried.placedNow} were placed on retry and ` +
          `${check.retried.refused} were refused on retry; ` +
          `${check.missing} missing, ${check.unexpected} unexpected, ${check.wrongLines} with wrong lines, ` +
          `${check.wrongTotals} with wrong totals`,
      );
    }
    const stock = scenario.stock;
    if (stock) {
      console.log(
        `    stockVerified: ${stock.stockVerified} — stock ${stock.stock}, ${stock.unitsOrdered} units ordered, ` +
          `${stock.oversold} oversold, ${stock.stockLeft ?? 'not counted'} left, ${stock.refusedOutOfStock} refused 409; ` +
          `${Math.round(stock.trackedOrdersPerSecond)} orders/s until sold out against ` +
          `${Math.round(stock.untrackedOrdersPerSecond)} orders/s of one product not counted ` +
          `(${(stock.ratio * 100).toFixed(0)}%; untracked orders verified: ${stock.untracked.ordersVerified})`,
      );
    }
  }
  console.log(
    `Peak server RSS: ${report.peakRssMb ?? '?'} MB sampled under load, ${report.lifetimePeakRssMb ?? '?'} MB over ` +
      `the server's life (VmHWM: its start and the sign-ups before scenarios included); load average ` +
      report.loadAverage.join(' '),
  );

  const storefront = report.storefront;
  if (!storefront) return;
  console.log(
    `\nStorefront /: JavaScript ${kb(storefront.jsGzipBytes)} gzip, CSS ${kb(storefront.cssGzipBytes)} gzip (gzip -9 by the bench)`,
  );
  console.log(
    table(
      ['file', 'bytes', 'gzip'],
      storefront.assets.map((asset) => [asset.path, asset.bytes, asset.gzipBytes]),
    ),
  );
  console.log('Lighthouse 12, default mobile settings, median of 3 runs a page:');
  console.log(
    table(
      [
        'page',
        'performance',
        'SEO',
        'accessibility',
        'best practices',
        'LCP ms',
        'CLS',
        'JS transferred',
        'performance of the runs',
      ],
      storefront.lighthouse.map((page) => [
        page.path,
        page.performance,
        page.seo,
        page.accessibility,
        page.bestPractices,
        page.lcpMs,
        page.cls,
        kb(page.scriptTransferBytes),
        page.runs.join(' '),
      ]),
    ),
  );
  for (const page of storefront.lighthouse) {
    if (page.failedAudits.length > 0)
      console.log(`${page.path} did not pass: ${page.failedAudits.join(', ')}`);
  }
}

/** The runs of one engine with different numbers of server processes, scenario by scenario. */
export function printProcessComparison(reports: EngineReport[]): void {
  const first = reports[0];
  if (!first) return;
  const count = (report: EngineReport) => `${report.processes} process${report.processes === 1 ? '' : 'es'}`;
  const columns = (result: LoadResult | undefined) => [
    result ? Math.round(result.requestsPerSecond) : '?',
    result?.latencyMs.p99 ?? '?',
    result?.serverCpuMsPerRequest ?? '?',
  ];
  const names = ['ceiling (bare node:http)', ...first.scenarios.map((scenario) => scenario.name)];
  const resultOf = (report: EngineReport, name: string) =>
    name === names[0] ? report.ceiling : report.scenarios.find((scenario) => scenario.name === name);
  console.log(`\n== ${first.engineVersion}: ${reports.map(count).join(' against ')}, in this run ==`);
  console.log(
    table(
      [
        'scenario',
        ...reports.flatMap((report) => [`${count(report)} req/s`, 'p99 ms', 'CPU ms/req']),
        `× of ${count(first)}`,
      ],
      names.map((name) => {
        const last = resultOf(reports.at(-1)!, name);
        const base = resultOf(first, name);
        return [
          name,
          ...reports.flatMap((report) => columns(resultOf(report, name))),
          last && base ? (last.requestsPerSecond / base.requestsPerSecond).toFixed(2) : '?',
        ];
      }),
    ),
  );
  console.log(
    `Load averages at the end of each run: ${reports.map((r) => r.loadAverage.join(' ')).join('; ')}`,
  );
}

/** bench/results/<ISO time>-<engine>-<products>[-<N>processes].json; returns its path. */
export async function saveReport(report: EngineReport): Promise<string> {
  const folder = fileURLToPath(new URL('../results/', import.meta.url));
  await mkdir(folder, { recursive: true });
  // Colons are not allowed in Windows file names.
  const stamp = report.startedAt.replaceAll(':', '-');
  const processes = report.processes === 1 ? '' : `-${report.processes}processes`;
  const file = `${folder}${stamp}-${report.engine}-${report.options.products}${processes}.json`;
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
