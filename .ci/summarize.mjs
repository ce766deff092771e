// Totals the Vitest and Playwright JSON reports of a CI run: one line per engine, its ten slowest test files per
// report, each failed test by name with the first line of its error, then, as the last line, "N passed, N failed" (", N skipped" when any were). Each subfolder of the given folder is one engine's run
// and must hold both reports: a run that crashed before writing one must not look green.
// Usage: node .ci/summarize.mjs .ci/out   (exits 1 when anything failed or nothing ran)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const EXPECTED_REPORTS = { 'api-results.json': 'api', 'e2e-results.json': 'e2e' };
/** Not a report: the Vitest run's file times (.ci/vitest-file-times.mjs), read beside its report. */
const FILE_TIMES = 'api-file-times.json';

const zero = () => ({ passed: 0, failed: 0, skipped: 0, flaky: 0 });

function add(total, part) {
  for (const key of Object.keys(total)) total[key] += part[key];
}

/** The first line of a failure's message, without terminal colours. */
const firstLine = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const name = file.name?.replace(/^.*?\/(apps|packages)\//, '$1/') ?? '?';
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') return [`${name}: ${firstLine(file.message)}`];
    return failed.map(
      (test) => `${name} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`,
    );
  });
}

function countVitest(report) {
  const counts = zero();
  counts.passed = report.numPassedTests ?? 0;
  counts.failed = report.numFailedTests ?? 0;
  counts.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that failed to load or whose hooks threw has no failed test of its own.
  counts.failed += (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  if (report.success === false && counts.failed === 0) counts.failed = 1;
  return counts;
}

/** Every test of a suite and its children, with the titles that lead to it ("file › describe › test"). */
function* playwrightTests(suite, titles = [suite.title]) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) yield { test, title: [...titles, spec.title].join(' › ') };
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, [...titles, child.title]);
}

/** How a test ended, its retries included: an interrupted one counts as failed, not skipped. */
function outcomeOf(test) {
  if (test.status === 'expected' || test.status === 'flaky') return test.status;
  const last = test.results?.at(-1)?.status;
  return test.status === 'skipped' && last !== 'interrupted' ? 'skipped' : 'failed';
}

const allTests = (report) => (report.suites ?? []).flatMap((suite) => [...playwrightTests(suite)]);

function playwrightFailures(report) {
  return [
    ...(report.errors ?? []).map((error) => `outside any test: ${firstLine(error.message)}`),
    ...allTests(report)
      .filter(({ test }) => outcomeOf(test) === 'failed')
      .map(({ test, title }) => `${title}: ${firstLine(test.results?.at(-1)?.error?.message)}`),
  ];
}

function countPlaywright(report) {
  const counts = zero();
  for (const { test } of allTests(report)) {
    const outcome = outcomeOf(test);
    if (outcome === 'skipped') counts.skipped += 1;
    else if (outcome === 'failed') counts.failed += 1;
    else {
      counts.passed += 1;
      if (outcome === 'flaky') counts.flaky += 1;
    }
  }
  // Errors outside any test: the web server did not start, a spec file did not compile, global setup threw.
  counts.failed += (report.errors ?? []).length;
  return counts;
}

/** The slowest test files of a report, as "seconds  file", the slowest first. */
const SLOWEST_SHOWN = 10;
function slowest(seconds) {
  return [...seconds]
    .sort((a, b) => b[1] - a[1])
    .slice(0, SLOWEST_SHOWN)
    .map(([name, spent]) => `${spent.toFixed(1).padStart(7)} s  ${name}`);
}

/** Each Playwright spec file's time: the sum of its tests' runs, retries included, over every worker. */
function specSeconds(report) {
  const seconds = new Map();
  for (const { test, title } of allTests(report)) {
    const file = title.split(' › ')[0];
    const spent = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000;
    seconds.set(file, (seconds.get(file) ?? 0) + spent);
  }
  return seconds;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function readReport(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { kind: 'unreadable', counts: { ...zero(), failed: 1 }, note: error.message };
  }
  if (Array.isArray(report.testResults) && 'numTotalTests' in report) {
    return {
      kind: 'vitest',
      counts: countVitest(report),
      failures: vitestFailures(report),
      // The file times come from .ci/vitest-file-times.mjs, beside the report.
      slowest: slowest(Object.entries(readJson(join(dirname(file), FILE_TIMES)) ?? {})),
    };
  }
  if (Array.isArray(report.suites) && report.stats)
    return {
      kind: 'playwright',
      counts: countPlaywright(report),
      failures: playwrightFailures(report),
      slowest: slowest(specSeconds(report)),
    };
  return {
    kind: 'unknown',
    counts: { ...zero(), failed: 1 },
    note: 'neither a Vitest nor a Playwright report',
  };
}

function describe(counts) {
  const parts = [`${counts.passed} passed`, `${counts.failed} failed`];
  if (counts.skipped) parts.push(`${counts.skipped} skipped`);
  if (counts.flaky) parts.push(`${counts.flaky} of the passed flaky`);
  return parts.join(', ');
}

const outDir = process.argv[2] ?? '.ci/out';
const total = zero();
/** At most this many failures are named per report: the reports themselves hold the rest. */
const FAILURES_SHOWN = 20;
const engines = existsSync(outDir)
  ? readdirSync(outDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
  : [];

for (const engine of engines) {
  const dir = join(outDir, engine);
  const files = new Set([
    ...Object.keys(EXPECTED_REPORTS),
    ...readdirSync(dir).filter((name) => name.endsWith('.json') && name !== FILE_TIMES),
  ]);
  const parts = [];
  const failures = [];
  const slowest = [];
  for (const name of [...files].sort()) {
    const label = EXPECTED_REPORTS[name] ?? name;
    if (!existsSync(join(dir, name))) {
      add(total, { ...zero(), failed: 1 });
      parts.push(`${label}: no report (counted as 1 failed)`);
      continue;
    }
    const { kind, counts, note, failures: failed = [], slowest: slow = [] } = readReport(join(dir, name));
    add(total, counts);
    if (slow.length > 0)
      slowest.push(
        `  ${label}'s slowest files (time in the file's own worker):`,
        ...slow.map((line) => `  ${line}`),
      );
    failures.push(...failed.slice(0, FAILURES_SHOWN).map((failure) => `  ${label} failed: ${failure}`));
    parts.push(`${label} (${kind}${note ? `: ${note}` : ''}): ${describe(counts)}`);
  }
  console.log(`${engine}: ${parts.join('; ')}`);
  for (const line of slowest) console.log(line);
  for (const failure of failures) console.log(failure);
}

if (engines.length === 0) {
  console.log(`no test runs found in ${outDir} (counted as 1 failed)`);
  total.failed += 1;
}

console.log(describe({ ...total, flaky: 0 }));
process.exitCode = total.failed > 0 ? 1 : 0;
