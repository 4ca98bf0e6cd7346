/**
 * An operator on an empty platform: no company yet (SEED_DEMO=false), and again after the only company
 * is deleted. The shared test server is seeded with demo companies, so this spec starts a second server
 * of its own (the built app and API, PGlite in a temporary DATA_DIR, a free port, no demo data) and
 * removes it afterwards; nothing shared is touched.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_KEY } from '../../../apps/web/src/api/storage-keys.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  authIds,
  choose,
  companiesIds,
  companyAdminIds,
  dataListIds,
  MESSAGES,
  screenshot,
  shellIds,
  toasts,
  waitForList,
} from '../helpers.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const OPERATOR = 'operator@empty.test';
const PASSWORD = 'empty-platform-password';

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let dataDir = '';
let base = '';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'rentloop-e2e-empty-'));
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      READ_REPLICA_URL: '',
      ADMIN_EMAIL: OPERATOR,
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: 'false',
      SMTP_URL: '',
      APP_URL: base,
      LOG_LEVEL: 'warn',
    },
  });
  // The built app (the shared server's start builds it) and the API, once the database is ready.
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the empty-platform server exited (${server.exitCode})`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 200) throw new Error('the empty-platform server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${base}/auth/login`);
  await page.getByTestId(authIds.loginEmail).fill(OPERATOR);
  await page.getByTestId(authIds.loginPassword).fill(PASSWORD);
  await page.getByTestId(authIds.loginSubmit).click();
  await expect(page).toHaveURL(/\/cms\/insights$/);
}

test('an operator with no company reaches the operator screens and creates the first company', async ({
  page,
}) => {
  await signIn(page);

  // A company screen says there is no company yet, with a way to create one; the Operator menu is there.
  const notice = page.getByTestId(authIds.noCompany);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('no company on the platform yet');
  await expect(page.getByTestId(shellIds.drawerHeader('operator'))).toBeVisible();
  await expect(page.getByTestId(shellIds.drawerItem('super-companies'))).toBeVisible();
  await expect(page.getByTestId(shellIds.drawerItem('super-users'))).toBeVisible();
  await expect(page.getByTestId(companiesIds.operatorSwitcher)).toHaveText('Choose a company');
  await screenshot(page, 'empty-platform-01-no-company');

  // The operator screens open: the (empty) company list and the user list.
  await page.getByTestId(shellIds.drawerItem('super-companies')).click();
  await expect(page).toHaveURL(/\/super\/companies$/);
  await expect(page.getByTestId(companyAdminIds.listPage)).toBeVisible();
  await expect(page.getByTestId(dataListIds.empty)).toBeVisible();
  await expect(notice).toHaveCount(0);
  await screenshot(page, 'empty-platform-02-company-list');
  await page.getByTestId(shellIds.drawerItem('super-users')).click();
  await expect(page).toHaveURL(/\/super\/users$/);
  await waitForList(page);
  await expect(page.getByText(OPERATOR)).toBeVisible();

  // The first company, from the notice's link.
  await page.getByTestId(shellIds.drawerItem('cms-customers')).click();
  await expect(notice).toBeVisible();
  await page.getByTestId(authIds.noCompanyCreate).click();
  await expect(page).toHaveURL(/\/cms\/companies\/create$/);
  await page.getByTestId(companyAdminIds.name).fill('First Rentals');
  await choose(page, companyAdminIds.currency, companyAdminIds.option('currency', 'EUR'));
  await page.getByTestId(companyAdminIds.save).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.companyCreated })).toBeVisible();
  await expect(page.getByTestId(companyAdminIds.created)).toContainText('First Rentals');
  await screenshot(page, 'empty-platform-03-first-company');

  // It is the current company now: company screens open.
  await page.getByTestId(shellIds.drawerItem('cms-customers')).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await expect(page.getByTestId(companiesIds.operatorSwitcher)).toHaveText('First Rentals');
  await expect(page.getByTestId(dataListIds.empty)).toBeVisible();
  await expect(notice).toHaveCount(0);
  await screenshot(page, 'empty-platform-04-company-screens');
});

test('when every company is deleted, the operator keeps the operator screens', async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate((key) => window.localStorage.getItem(key), ACCESS_TOKEN_KEY);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await (await page.request.get(`${base}/api/companies`, { headers })).json();
  expect(list.data.length).toBeGreaterThan(0);
  for (const company of list.data as { id: number }[]) {
    const deleted = await page.request.delete(`${base}/api/companies/${company.id}`, { headers });
    expect(deleted.ok()).toBe(true);
  }

  await page.goto(`${base}/cms/insights`);
  await expect(page.getByTestId(authIds.noCompany)).toBeVisible();
  await expect(page.getByTestId(shellIds.drawerHeader('operator'))).toBeVisible();
  await page.goto(`${base}/super/companies`);
  await expect(page.getByTestId(companyAdminIds.listPage)).toBeVisible();
  await expect(page.getByTestId(dataListIds.empty)).toBeVisible();
  await expect(page.getByTestId(authIds.noCompany)).toHaveCount(0);
  await screenshot(page, 'empty-platform-05-all-deleted');
});
