// A Vitest reporter: each test file's whole time (its imports, hooks and tests) in
// test-results/api-file-times.json, which .ci/summarize.mjs lists the slowest of. Vitest's JSON report times
// only the tests themselves, not the hooks where a file makes its database and catalog.
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FileTimes {
  seconds = {};

  onTestModuleEnd(testModule) {
    const { prepareDuration, collectDuration, setupDuration, duration } = testModule.diagnostic();
    const spent = prepareDuration + collectDuration + setupDuration + duration;
    this.seconds[relative(process.cwd(), testModule.moduleId)] = Math.round(spent) / 1000;
  }

  onTestRunEnd() {
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/api-file-times.json', `${JSON.stringify(this.seconds, null, 2)}\n`);
  }
}
