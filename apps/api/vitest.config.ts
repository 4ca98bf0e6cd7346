import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Each test file gets its own database (PGlite in memory, or a fresh PostgreSQL database).
    pool: 'forks',
    // One migrated database per run that each file's database is copied from.
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
