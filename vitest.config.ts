import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    // Each API test file has its own database: a copy of one migrated database the global setup made for the run.
    globalSetup: ['apps/server/src/test/database-templates.ts'],
    // Two files at a time even on two cores (Vitest's default is cores - 1): a file often waits for PostgreSQL, a
    // server it started or a timer. Measured in one session: the PGlite suite took 723 s two at a time, and had
    // done 91 of its 103 files after 960 s one at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 120_000,
    testTimeout: 60_000,
    reporters: [
      'default',
      ['json', { outputFile: 'test-results/api-results.json' }],
      './.ci/vitest-file-times.mjs',
    ],
  },
});
