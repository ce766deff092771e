import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface AssetSize {
  path: string;
  kind: 'js' | 'css';
  bytes: number;
  /** gzip -9 of the served file, computed by the bench. */
  gzipBytes: number;
}

export interface LighthouseResult {
  path: string;
  /** 0–100, Lighthouse's default mobile settings (simulated slow 4G and 4× CPU slowdown). */
  performance: number;
  /** 0–100 each: what the page's HTML tells search engines, how usable it is with assistive technology, and web hygiene. */
  seo: number;
  accessibility: number;
  bestPractices: number;
  /** Audits of those three categories that did not pass, to know what to mend. */
  failedAudits: string[];
  lcpMs: number;
  cls: number;
  /** JavaScript the page loaded, as transferred (compressed by the server). */
  scriptTransferBytes: number;
  /** The performance score of each run; the figures above are those of the median run. */
  runs: number[];
}

export interface StorefrontResult {
  assets: AssetSize[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  lighthouse: LighthouseResult[];
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** The JavaScript and CSS index.html makes the browser fetch: module scripts, module preloads and stylesheets. */
export function firstLoadAssets(html: string): { path: string; kind: 'js' | 'css' }[] {
  const assets: { path: string; kind: 'js' | 'css' }[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const rel = attribute(tag, 'rel');
    const src =
      tag.startsWith('<script') && attribute(tag, 'type') === 'module' ? attribute(tag, 'src') : undefined;
    const href = attribute(tag, 'href');
    if (src) assets.push({ path: src, kind: 'js' });
    else if (rel === 'modulepreload' && href) assets.push({ path: href, kind: 'js' });
    else if (rel === 'stylesheet' && href) assets.push({ path: href, kind: 'css' });
  }
  return assets;
}

async function assetSizes(shopUrl: string): Promise<AssetSize[]> {
  const html = await (await fetch(`${shopUrl}/`)).text();
  return Promise.all(
    firstLoadAssets(html).map(async ({ path, kind }) => {
      const bytes = Buffer.from(await (await fetch(new URL(path, `${shopUrl}/`))).arrayBuffer());
      return { path, kind, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    }),
  );
}

/** Chromium without a sandbox (containers), a GPU, or its own traffic to Google in the measurements. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser Lighthouse drives: CHROME_PATH, Debian's Chromium, or whatever Chrome chrome-launcher finds. */
export function chromePath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    return chromeLauncher.Launcher.getFirstInstallation();
  } catch {
    return undefined;
  }
}

type Audit = Omit<LighthouseResult, 'path' | 'runs'>;

const CATEGORIES = ['performance', 'seo', 'accessibility', 'best-practices'] as const;

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const score = (lhr: Report, category: (typeof CATEGORIES)[number]) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The ids of the scored audits below full marks in every category but performance (whose figures are above). */
function failedAudits(lhr: Report): string[] {
  return CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id}`),
  );
}

async function audit(url: string, port: number): Promise<Audit> {
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  const lhr = runner?.lhr;
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message}`);
  const summary = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined;
  return {
    performance: score(lhr, 'performance'),
    seo: score(lhr, 'seo'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    failedAudits: failedAudits(lhr),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    scriptTransferBytes: summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
  };
}

const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_ATTEMPTS = 3;

/** Lighthouse now and then fails to record a page load's trace and asks to be run again (NO_NAVSTART): it is. */
async function auditAgainOnFailure(url: string, port: number): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt === LIGHTHOUSE_ATTEMPTS) throw error;
      console.warn(`${(error as Error).message} Running it again.`);
    }
  }
}

/** The run with the median performance score of three: one run can be thrown off by a busy machine. */
async function medianAudit(url: string, port: number): Promise<Omit<LighthouseResult, 'path'>> {
  const runs: Audit[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await auditAgainOnFailure(url, port));
  runs.sort((a, b) => a.performance - b.performance);
  const median = runs[Math.floor(runs.length / 2)] as Audit;
  return { ...median, runs: runs.map((run) => run.performance) };
}

/** Bundle sizes of `/` and Lighthouse (default mobile settings, median of three runs) of each page. */
export async function measureStorefront(shopUrl: string, paths: string[]): Promise<StorefrontResult> {
  const assets = await assetSizes(shopUrl);
  const sum = (kind: AssetSize['kind']) =>
    assets.filter((asset) => asset.kind === kind).reduce((total, asset) => total + asset.gzipBytes, 0);
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const lighthouse: LighthouseResult[] = [];
    for (const path of paths) lighthouse.push({ path, ...(await medianAudit(shopUrl + path, chrome.port)) });
    return { assets, jsGzipBytes: sum('js'), cssGzipBytes: sum('css'), lighthouse };
  } finally {
    chrome.kill();
  }
}
