import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Each test file gets its own database (PGlite in memory, or a fresh PostgreSQL database).
    pool: 'forks',
    // Vitest runs one fork fewer than the cores: on CI's two cores that is one file at a time, with the
    // second core idle (a fork is one thread: the test and PGlite in it). Two forks there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One migrated database per run that each file's database is copied from.
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
