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
import { ADMIN_EMAIL, PASSWORD, PORT } from './credentials.ts';
import { scannedDir } from './mailbox.ts';

const BUSINESS_DAY = 'business-day';

async function call<T>(base: string, path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const response = await fetch(new URL(path, base), {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

async function pauseBusinessDay(base: string) {
  const { access_token: token } = await call<{ access_token: string }>(base, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
  });
  const [company] = await call<{ id: number }[]>(base, '/api/companies?per_page=1', {}, token);
  if (!company) throw new Error('no company to reach the Cron Manager through');
  const crons = await call<{ id: number; name: string; enabled: boolean }[]>(
    base,
    `/api/${company.id}/system/crons?per_page=100`,
    {},
    token,
  );
  const cron = crons.find((c) => c.name === BUSINESS_DAY);
  if (!cron) throw new Error(`no "${BUSINESS_DAY}" cron`);
  if (!cron.enabled) return;
  await call(
    base,
    `/api/${company.id}/system/crons/${cron.id}`,
    {
      method: 'PUT',
      body: JSON.stringify({ enabled: false }),
    },
    token,
  );
}

export default async function globalSetup() {
  rmSync(scannedDir(PORT), { recursive: true, force: true });
  await pauseBusinessDay(process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`);
}
