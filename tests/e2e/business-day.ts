/**
 * The hourly business day turned off, through the Cron Manager's switch as an operator would
 * (global-setup.ts says why). Done by the test server as soon as it is ready (start-server.ts: npm test
 * starts it minutes before its browser pass) and again by the global set-up, for a server started elsewhere.
 */
import { ADMIN_EMAIL, PASSWORD } from './credentials.ts';

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

export async function pauseBusinessDay(base: string) {
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
