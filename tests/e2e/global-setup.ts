/**
 * Once per `playwright test` run, before any worker starts (and after the test server is ready):
 * - forget which screens an earlier run judged with axe (fixtures.ts scans each screen once per run,
 *   across workers), so each run judges every screen it visits even when it reuses a running server;
 * - turn the hourly business day off (the Cron Manager's switch, as an operator would). At minute 7 of
 *   every hour it bills, retries and reconciles every company on its clock; run beside the tests it
 *   would act on their companies at whatever minute the suite happened to reach, so a test's result
 *   would depend on the time of day. The tests that need business days move a test company's clock
 *   (which runs the same jobs, at a moment the test chooses); the cron itself is tested in the API suite.
 */
import { rmSync } from 'node:fs';
import { pauseBusinessDay } from './business-day.ts';
import { PORT } from './credentials.ts';
import { scannedDir } from './mailbox.ts';

export default async function globalSetup() {
  rmSync(scannedDir(PORT), { recursive: true, force: true });
  await pauseBusinessDay(process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`);
}
