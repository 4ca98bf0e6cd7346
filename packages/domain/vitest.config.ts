import { defineConfig } from 'vitest/config';

// The timeout bounds a hung test, it is not a speed check: the property tests run thousands of cases and
// took over vitest's default 5 s on a machine shared with other work.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 30_000 } });
