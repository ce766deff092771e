import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    // Each API test file migrates its own database (PGlite in memory, or a fresh PostgreSQL database).
    hookTimeout: 120_000,
    testTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'test-results/api-results.json' }]],
  },
});
