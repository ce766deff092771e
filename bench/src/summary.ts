import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.ts';
import { DEFAULT_PRODUCTS } from './options.ts';
import type { EngineReport } from './report.ts';
import { SCENARIO_NAMES } from './scenarios.ts';

/** A run of every scenario on the default catalog with one server process: the one the docs summarize. */
export function isFullRun(report: EngineReport): boolean {
  return (
    report.processes === 1 &&
    report.options.products === DEFAULT_PRODUCTS &&
    SCENARIO_NAMES.every((name) => report.options.scenarios.includes(name))
  );
}

/** A markdown table laid out as prettier lays it out, so that the written file passes `npm run format:check`. */
function markdownTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(3, ...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (i === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}

const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

function loadRow(name: string, result: LoadResult, ratio: number) {
  return [
    name,
    thousands(result.requestsPerSecond),
    thousands(result.latencyMs.p50),
    thousands(result.latencyMs.p99),
    ratio.toFixed(2),
    result.serverCpuMsPerRequest ?? '?',
    result.non2xx,
    result.errors,
  ];
}

function checks(report: EngineReport): string[] {
  return report.scenarios.flatMap((scenario) => {
    const lines: string[] = [];
    if (scenario.orders) {
      const { ordersVerified, ordersFound, missing, wrongLines, wrongTotals } = scenario.orders;
      lines.push(
        `- \`${scenario.name}\`: every order verified: ${ordersVerified} (${thousands(ordersFound)} found, ${missing} missing, ` +
          `${wrongLines} with wrong lines, ${wrongTotals} with wrong totals).`,
      );
    }
    if (scenario.stock) {
      const { stockVerified, oversold, refusedOutOfStock, ratio } = scenario.stock;
      lines.push(
        `- \`${scenario.name}\`: stock exact: ${stockVerified} (${oversold} oversold, ` +
          `${thousands(refusedOutOfStock)} refused 409 once sold out: its non-2xx); counted orders at ` +
          `${(ratio * 100).toFixed(0)}% of the pace of orders of a product not counted.`,
      );
    }
    return lines;
  });
}

function storefrontLine(report: EngineReport): string {
  const storefront = report.storefront;
  if (!storefront)
    return 'The storefront (bundle size, Lighthouse) was not measured in this run: the bench measures it with its first engine, unless `--skip-storefront`.';
  const pages = storefront.lighthouse.map(
    (page) =>
      `\`${page.path}\` performance ${page.performance}, SEO ${page.seo}, accessibility ${page.accessibility}, ` +
      `best practices ${page.bestPractices}, CLS ${page.cls}`,
  );
  return (
    `Storefront: \`/\` loads ${(storefront.jsGzipBytes / 1024).toFixed(1)} KB of gzipped JavaScript; Lighthouse ` +
    `(mobile, median of 3): ${pages.join('; ')}.`
  );
}

export function summaryMarkdown(report: EngineReport, resultFile: string): string {
  const { machine: m, catalog } = report;
  const seeded = catalog.seedSeconds === null ? 'a kept catalog' : `seeded in ${catalog.seedSeconds} s`;
  const blocks = [
    `# Latest full bench run: ${report.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
    `Written by \`npm run bench\` at the end of its latest run of every scenario on ${thousands(catalog.products)} ` +
      `products with one server process; do not edit. The targets and what the figures mean: ` +
      `[docs/performance.md](../performance.md), [bench/README.md](../../bench/README.md).`,
    [
      `- Commit measured: \`${report.commit ?? 'not recorded'}\``,
      `- Started: ${report.startedAt}; result file \`bench/results/${resultFile}\` (not in git)`,
      `- Engine: ${report.engineVersion}; ${thousands(catalog.products)} products, ${seeded}`,
      `- Machine: ${m.cpus} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}; load average at the end ` +
        report.loadAverage.join(' '),
      `- Load: ${report.options.connections} connections, ${report.options.duration} s a scenario`,
    ].join('\n'),
    markdownTable(
      ['scenario', 'req/s', 'p50 ms', 'p99 ms', '× ceiling', 'server CPU ms/req', 'non-2xx', 'errors'],
      [
        loadRow('ceiling (bare node:http)', report.ceiling, 1),
        ...report.scenarios.map((scenario) => loadRow(scenario.name, scenario, scenario.ratioToCeiling)),
      ],
    ),
    checks(report).join('\n'),
    `Peak server RSS: ${report.peakRssMb ?? '?'} MB sampled under load, ${report.lifetimePeakRssMb ?? '?'} MB over ` +
      `the server's life.`,
    storefrontLine(report),
  ];
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}

/** docs/bench/latest-<engine>.md; returns its path. */
export async function saveSummary(report: EngineReport, resultFile: string): Promise<string> {
  const folder = fileURLToPath(new URL('../../docs/bench/', import.meta.url));
  await mkdir(folder, { recursive: true });
  const file = `${folder}latest-${report.engine}.md`;
  await writeFile(file, summaryMarkdown(report, resultFile));
  return file;
}
