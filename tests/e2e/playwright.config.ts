import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';
import { PORT } from './credentials.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Point the tests at a server that is already running (for example `npm run dev`) instead of starting one. */
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${PORT}`;

/** Debian's Chromium, headless, as every project uses it. */
const browser = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1440, height: 900 },
  // The app honours `prefers-reduced-motion` (apps/web/src/app/theme.ts): no transition or animation
  // frames to draw. They were a third of the browsers' CPU time on CI's two cores (docs/decisions.md 92);
  // the `motion` project runs a few specs with the motion every other user sees.
  reducedMotion: 'reduce' as const,
  launchOptions: {
    // scripts/chromium.mjs finds it for npm test; run alone, Debian's.
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', ...CHROMIUM_FLAGS],
  },
};

export default defineConfig({
  testDir: './specs',
  // Empties the record of screens axe judged (fixtures.ts), so every run judges every screen once.
  globalSetup: './global-setup.ts',
  outputDir: './artifacts/test-results',
  fullyParallel: true,
  // Two on CI's two cores (docs/decisions.md 64); E2E_WORKERS measures another count.
  workers: process.env.CI ? Number(process.env.E2E_WORKERS ?? 2) : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A bound on a hung test, not a speed check: the long end-to-end walks (invitations in two browsers, a
  // product's whole life) take 40-60 s on a busy 2-core machine with Debian's Chromium.
  timeout: 120_000,
  // A screen's first load (its lazy chunks, its data) can take over 10 s while two workers and the server
  // share two cores; waiting longer only bounds how long a real failure takes to report.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { outputFolder: 'artifacts/report', open: 'never' }]],
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  // The axe tour runs after every other test (a project that depends on the first): it judges only the
  // screens no other test's scan has judged in this run (fixtures.ts), so run last it judges few. Run on
  // its own, the tour brings every other test along; `--no-deps` runs the tour alone.
  projects: [
    {
      name: 'chromium',
      testIgnore: /axe-tour\.spec\.ts/,
      use: browser,
    },
    // What most people see: the transitions and animations on. The shell's menus and drawer and the form
    // kit's dialogs, whose tests wait for a menu or dialog to settle, run here once more.
    {
      name: 'motion',
      testMatch: /(shell|forms)\.spec\.ts/,
      use: { ...browser, reducedMotion: 'no-preference' },
    },
    {
      name: 'axe tour',
      testMatch: /axe-tour\.spec\.ts/,
      dependencies: ['chromium'],
      use: browser,
    },
  ],
  webServer: external
    ? undefined
    : {
        // `npm run build`: the web app and the API bundle, exactly what `npm start` serves. (`npm test` starts its
        // servers itself, scripts/e2e-servers.mjs, and points the tests at them with E2E_BASE_URL.)
        command: 'npm run build && node_modules/.bin/tsx tests/e2e/start-server.ts',
        cwd: root,
        // Ready: the demo companies' customers, order and billing history are made (GET /api/health/ready;
        // about a minute a company on the embedded database on a quiet machine; over ten minutes was seen
        // with five other sessions running).
        url: `${baseURL}/api/health/ready`,
        timeout: 900_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      },
});
