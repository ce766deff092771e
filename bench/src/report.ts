import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.ts';
import type { Engine, Options } from './options.ts';
import type { CatalogSample, ScenarioResult } from './scenarios.ts';
import type { StorefrontResult } from './storefront.ts';

export interface EngineReport {
  startedAt: string;
  engine: Engine;
  engineVersion: string;
  /** The options, without the PostgreSQL URL (it may hold a password). */
  options: Omit<Options, 'postgresUrl'>;
  machine: ReturnType<typeof machine>;
  catalog: {
    products: number;
    /** Seconds `npm run seed` took (its process start included); null when a kept catalog was reused. */
    seedSeconds: number | null;
    category: string;
    commonWords: string[];
    rareTerms: string[];
    sampledProducts: number;
  };
  ceiling: LoadResult;
  scenarios: (ScenarioResult & { ratioToCeiling: number })[];
  peakRssMb: number | null;
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

export function buildReport(parts: {
  startedAt: string;
  engine: Engine;
  engineVersion: string;
  options: Options;
  seedSeconds: number | null;
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
    engine: parts.engine,
    engineVersion: parts.engineVersion,
    options,
    machine: machine(),
    catalog: {
      products: parts.options.products,
      seedSeconds: parts.seedSeconds === null ? null : Number(parts.seedSeconds.toFixed(1)),
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
    ratio.toFixed(2),
    result.non2xx,
    result.errors,
    result.peakRssMb ?? '?',
    result.serverCpuMsPerRequest ?? '?',
  ];
  console.log(`\n== ${report.engineVersion}, ${catalog.products} products ==`);
  console.log(
    `${m.cpus} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}; ${o.connections} connections, ${o.duration} s a scenario; ` +
      (catalog.seedSeconds === null ? 'kept catalog reused' : `seeded in ${catalog.seedSeconds} s`),
  );
  console.log(
    table(
      [
        'scenario',
        'req/s',
        'p50 ms',
        'p99 ms',
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
  console.log(`Peak server RSS: ${report.peakRssMb ?? '?'} MB`);

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

/** bench/results/<ISO time>-<engine>-<products>.json; returns its path. */
export async function saveReport(report: EngineReport): Promise<string> {
  const folder = fileURLToPath(new URL('../results/', import.meta.url));
  await mkdir(folder, { recursive: true });
  // Colons are not allowed in Windows file names.
  const stamp = report.startedAt.replaceAll(':', '-');
  const file = `${folder}${stamp}-${report.engine}-${report.options.products}.json`;
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
