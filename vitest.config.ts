import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    // Each API test file has its own database: a copy of one migrated database the global setup made for the run.
    globalSetup: ['apps/server/src/test/database-templates.ts'],
    // Two files at a time even on two cores: most of a file's time is spent waiting for a database, a server it
    // started or a browser-free HTTP round trip, and Vitest's default (cores - 1) ran one file at a time here.
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
