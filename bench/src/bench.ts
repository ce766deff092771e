// `npm run bench -- --help`: loads the production build of the shop and compares it with a bare node:http
// server on the same machine in the same run. See bench/README.md.
import { basename } from 'node:path';
import { measureCeiling } from './ceiling.ts';
import { openCatalog, type Catalog } from './catalog.ts';
import { lifetimePeakRssMb, measureLoad } from './load.ts';
import { parseOptions, USAGE, UsageError, type Engine, type Options } from './options.ts';
import { buildReport, printProcessComparison, printReport, saveReport, type EngineReport } from './report.ts';
import { runScenario, sampleCatalog, type ScenarioResult } from './scenarios.ts';
import { chromePath, measureStorefront, type StorefrontResult } from './storefront.ts';
import { searchIndexReady } from './shop.ts';
import { isFullRun, saveSummary } from './summary.ts';

/** One run of the scenarios against the shop as `catalog` runs it now, with `processes` server processes. */
async function benchRun(
  engine: Engine,
  processes: number,
  catalog: Catalog,
  options: Options,
  withStorefront: boolean,
): Promise<EngineReport> {
  const startedAt = new Date().toISOString();
  const { shop } = catalog;
  const label = processes === 1 ? engine : `${engine}, ${processes} processes`;
  const settings = { connections: options.connections, duration: options.duration };
  const searchIndexLoadMs = await searchIndexReady(shop.url);
  const sample = await sampleCatalog(shop.url);

  // It also gives every worker of a WEB_CONCURRENCY shop time to listen before the scenarios' load.
  console.log(`${label}: ceiling (bare node:http, ${sample.listPage.body.length} bytes)…`);
  const ceiling = await measureCeiling(sample.listPage, settings);
  const scenarios: ScenarioResult[] = [];
  for (const name of options.scenarios) {
    console.log(`${label}: ${name}…`);
    scenarios.push(
      await runScenario(name, shop.url, sample, (requests) =>
        measureLoad(shop.url, requests, settings, shop.pid),
      ),
    );
  }

  let storefront: StorefrontResult | null = null;
  // A failed storefront measurement still leaves the load figures saved.
  let storefrontFailure: Error | undefined;
  if (withStorefront) {
    console.log(`${label}: storefront (bundle sizes, Lighthouse)…`);
    const product = sample.products[0];
    const pages = [
      '/',
      `/product/${product?._id}`,
      `/search?q=${encodeURIComponent(sample.commonWords[0] ?? '')}`,
      `/seller/${product?.seller.handle}`,
    ];
    try {
      storefront = await measureStorefront(shop.url, pages);
    } catch (error) {
      storefrontFailure = error as Error;
    }
  }

  const report = buildReport({
    startedAt,
    lifetimePeakRssMb: await lifetimePeakRssMb(shop.pid),
    engine,
    engineVersion: catalog.engineVersion,
    processes,
    options,
    seedSeconds: catalog.seedSeconds,
    searchIndexLoadMs,
    sample,
    ceiling,
    scenarios,
    storefront,
  });
  printReport(report);
  const resultFile = await saveReport(report);
  console.log(`Results: ${resultFile}`);
  if (isFullRun(report)) console.log(`Summary: ${await saveSummary(report, basename(resultFile))}`);
  if (storefrontFailure) throw storefrontFailure;
  return report;
}

/** Every `--processes` count in turn on one catalog; the figures side by side when there are several. */
async function benchEngine(engine: Engine, options: Options, withStorefront: boolean) {
  const catalog = await openCatalog(engine, options);
  try {
    const reports: EngineReport[] = [];
    for (const [i, processes] of options.processes.entries()) {
      if (i > 0) await catalog.restart(processes);
      reports.push(await benchRun(engine, processes, catalog, options, withStorefront && i === 0));
    }
    if (reports.length > 1) printProcessComparison(reports);
  } finally {
    await catalog.close();
  }
}

async function main() {
  let options: Options | null;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (!options) {
    console.log(USAGE);
    return;
  }
  // Checked before minutes of load, not after them.
  if (options.storefront && !chromePath()) {
    console.error(
      'No Chromium for Lighthouse: install it (apt-get install -y chromium), set CHROME_PATH, or pass --skip-storefront.',
    );
    process.exit(2);
  }
  // The storefront is the same web app whichever engine serves the API: measured once, on the first engine.
  for (const [i, engine] of options.engines.entries()) {
    await benchEngine(engine, options, options.storefront && i === 0);
  }
}

await main();
