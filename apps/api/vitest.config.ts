import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Each test file gets its own database (PGlite in memory, or a fresh PostgreSQL database).
    pool: 'forks',
    // The files share each fork's modules: the app's code is imported once per fork, not once per file
    // (that import was half of the suite's time, 444 of 828 s on PGlite). Nothing of a file's state lives
    // in a module: each builds its own app and database (testing/harness.ts), and no file replaces a module
    // (`vi.mock` needs a module graph of its own: pass the fake in instead). Running the files in one process
    // found a real fault, the shared PDF font's glyphs (invoices/pdf-fonts.ts).
    isolate: false,
    // Vitest runs one fork fewer than the cores: on CI's two cores that is one file at a time, with the
    // second core idle (a fork is one thread: the test and PGlite in it). Two forks there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One migrated database per run that each file's database is copied from.
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
