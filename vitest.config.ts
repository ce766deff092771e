import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    // Each API test file has its own database: a copy of one migrated database the global setup made for the run.
    globalSetup: ['apps/server/src/test/database-templates.ts'],
    hookTimeout: 120_000,
    testTimeout: 60_000,
    reporters: [
      'default',
      ['json', { outputFile: 'test-results/api-results.json' }],
      './.ci/vitest-file-times.mjs',
    ],
  },
});
