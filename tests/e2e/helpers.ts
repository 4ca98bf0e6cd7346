import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../apps/web/src/api/storage-keys.ts';
import { dataListIds } from '../../apps/web/src/components/testids.ts';
import { authIds } from '../../apps/web/src/features/auth/testids.ts';
import { PASSWORD, PORT, USERS } from './credentials.ts';
import { mailDir, type ReceivedMail, sessionDir } from './mailbox.ts';

export { shellIds } from '../../apps/web/src/app/testids.ts';
export { confirmDialogIds, discardDialogIds, routeDialogIds } from '../../apps/web/src/components/testids.ts';
export { companiesIds, companyAdminIds } from '../../apps/web/src/features/companies/testids.ts';
export { cronFormIds, cronsIds } from '../../apps/web/src/features/crons/testids.ts';
export {
  cumulatedIds,
  customersIds,
  paymentMethodIds,
  supportIds,
} from '../../apps/web/src/features/customers/testids.ts';
export { emailHistoryIds } from '../../apps/web/src/features/email-history/testids.ts';
export { eventsIds } from '../../apps/web/src/features/events/testids.ts';
export { historyLogsIds } from '../../apps/web/src/features/history-logs/testids.ts';
export { insightsIds } from '../../apps/web/src/features/insights/testids.ts';
export { invoicesIds } from '../../apps/web/src/features/invoices/testids.ts';
export { notesIds } from '../../apps/web/src/features/notes/testids.ts';
export {
  notificationIds,
  superNotificationIds,
} from '../../apps/web/src/features/notifications/testids.ts';
export { ordersIds } from '../../apps/web/src/features/orders/testids.ts';
export { profileIds } from '../../apps/web/src/features/profile/testids.ts';
export { recurringPaymentsIds } from '../../apps/web/src/features/recurring-payments/testids.ts';
export { repairQuestionsIds } from '../../apps/web/src/features/repair-questions/testids.ts';
export { settingsIds } from '../../apps/web/src/features/settings/testids.ts';
export { shippingIds } from '../../apps/web/src/features/shipping/testids.ts';
export { superUsersIds } from '../../apps/web/src/features/super/testids.ts';
export { templatesIds } from '../../apps/web/src/features/templates/testids.ts';
export { transactionsIds } from '../../apps/web/src/features/transactions/testids.ts';
export { usersIds } from '../../apps/web/src/features/users/testids.ts';
export { vouchersIds } from '../../apps/web/src/features/vouchers/testids.ts';
export { MESSAGES } from '../../packages/domain/src/messages.ts';
export { authIds, dataListIds };

/** Saves a full-page screenshot as tests/e2e/artifacts/screenshots/<name>.png, once transitions end. */
export async function screenshot(page: Page, name: string) {
  // Menus and dialogs fade in and out: picture them where they come to rest.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Spinners and skeletons run forever; transitions end.
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  const path = fileURLToPath(new URL(`./artifacts/screenshots/${name}.png`, import.meta.url));
  // The whole page, by making the viewport as tall as the page (same width), not with `fullPage`:
  // Chromium's capture beyond the viewport sometimes shrinks the viewport to 1x1 for a moment, so the
  // app's media queries flip to the phone layout and back, and the bar's switchers (placed by width)
  // are mounted anew, closing the menu a test had open (seen in CI, reproduced by a probe).
  const size = page.viewportSize();
  const height = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0),
  );
  const taller = size !== null && height > size.height;
  if (taller) await page.setViewportSize({ width: size.width, height: Math.min(height, 16_000) });
  await page.screenshot({ path });
  if (taller) await page.setViewportSize(size);
}

/** Signs in through the sign-in form and waits for the insights screen. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth/login');
  await page.getByTestId(authIds.loginEmail).fill(email);
  await page.getByTestId(authIds.loginPassword).fill(password);
  await page.getByTestId(authIds.loginSubmit).click();
  await expect(page).toHaveURL(/\/cms\/insights$/);
}

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/**
 * Sessions opened through the API, one per user for the whole run: the server limits sign-ins per IP
 * (20 a minute), so tests about something else share a session instead of signing in each time. A
 * session is kept in memory and in a file (`artifacts/sessions/<port>/`, emptied when the test server
 * starts), so every worker of the run uses the same one. No test signs such a session out (the
 * sign-out tests sign in through the form) or changes the password of a shared user.
 */
const sessions = new Map<string, Promise<Tokens>>();

async function openSession(page: Page, email: string, password: string): Promise<Tokens> {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.ok(), `sign-in of ${email}`).toBe(true);
  return ((await response.json()) as { data: Tokens }).data;
}

async function sharedSession(page: Page, email: string, password: string): Promise<Tokens> {
  const file = join(sessionDir(PORT), `${encodeURIComponent(email)}.json`);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Tokens;
    // A file from another run (a server started elsewhere) does not sign anybody in.
    const me = await page.request.get('/api/auth/me', {
      headers: { Authorization: `Bearer ${stored.access_token}` },
    });
    if (me.ok()) return stored;
  }
  const tokens = await openSession(page, email, password);
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(tokens));
  renameSync(partial, file);
  return tokens;
}

/** The access token of a user's shared session (signing in once if needed). */
export async function sessionToken(page: Page, email: string, password = PASSWORD): Promise<string> {
  let session = sessions.get(email);
  if (!session) {
    session = sharedSession(page, email, password);
    sessions.set(email, session);
  }
  return (await session).access_token;
}

/** Signs in through the API (faster, for tests about something else) and opens `path`. */
export async function signInThroughApi(page: Page, email: string, path: string, password = PASSWORD) {
  await sessionToken(page, email, password);
  const data = await (sessions.get(email) as Promise<Tokens>);
  // The tokens go into the origin's storage from a page of the origin that runs no app: the favicon (the
  // sign-in page would load and draw the whole app once more, only to be left).
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([keys, tokens]) => {
      window.localStorage.setItem(keys[0], tokens[0]);
      window.localStorage.setItem(keys[1], tokens[1]);
    },
    [
      [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY],
      [data.access_token, data.refresh_token],
    ] as const,
  );
  await page.goto(path);
}

/** Picks an option of an MUI select whose hidden input carries `inputTestId`. */
export async function choose(page: Page, inputTestId: string, optionTestId: string) {
  await pickFromMenu(page, inputTestId, page.getByTestId(optionTestId));
}

/**
 * Opens an MUI select (its hidden input carries `inputTestId`) and clicks `option` until the menu has
 * closed. The menu grows in and scrolls to its selection: on a busy machine a click can land while the
 * option is still moving and hit the menu's padding, leaving it open (seen in CI); the click is then
 * made again, on the settled menu. It waits on the menu's state, never on time.
 */
export async function pickFromMenu(page: Page, inputTestId: string, option: Locator) {
  const listbox = page.getByRole('listbox');
  await page.getByTestId(inputTestId).locator('..').click();
  await expect(listbox).toBeVisible();
  await expect(async () => {
    if ((await listbox.count()) > 0) await option.click({ timeout: 2_000 });
    await expect(listbox).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** The toasts (notistack) on the page. */
export const toasts = (page: Page) => page.locator('#notistack-snackbar');

/** Waits until a data list shows its rows (the placeholder rows are gone and no fetch is running). */
export async function waitForList(page: Page) {
  // Every list shows its URL's state (a navigation changes the URL before React renders the list) and
  // fetches nothing: the rows on screen are the URL's, not the previous page's or sort's.
  await expect
    .poll(() =>
      page.evaluate((rootId) => {
        const current = new URLSearchParams(window.location.search).toString();
        return Array.from(document.querySelectorAll(`[data-testid="${rootId}"]`)).every(
          (root) => root.getAttribute('aria-busy') !== 'true' && root.getAttribute('data-source') === current,
        );
      }, dataListIds.root),
    )
    .toBe(true);
  await expect(page.getByTestId(dataListIds.placeholderRow)).toHaveCount(0);
  await expect(page.getByTestId(dataListIds.spinner)).toHaveCount(0);
  await expect(page.getByTestId(dataListIds.row).first()).toBeVisible();
}

/** The "from–to of total" of a pager, as numbers. */
export async function pagerRange(page: Page, testId: string) {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  const match = /([\d,]+)–([\d,]+) of ([\d,]+)/.exec(text);
  expect(match, `pager text "${text}"`).not.toBeNull();
  const [from, to, total] = (match ?? []).slice(1).map((n) => Number(n.replaceAll(',', '')));
  return { from: from ?? 0, to: to ?? 0, total: total ?? 0 };
}

// ---- mail (the test server's SMTP inbox, see start-server.ts) ----

function inbox(): ReceivedMail[] {
  const dir = mailDir(PORT);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail);
}

/** The newest mail to `to` (whose subject matches), waiting for it to arrive. */
export async function waitForMail(to: string, subject?: RegExp): Promise<ReceivedMail> {
  const find = () =>
    inbox()
      .filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
      .at(-1);
  await expect.poll(() => find()?.subject, { message: `a mail to ${to}`, timeout: 30_000 }).toBeDefined();
  return find() as ReceivedMail;
}

/** The mails `to` has received so far whose subject matches, oldest first. */
export const mailsTo = (to: string, subject: RegExp) =>
  inbox().filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));

/** How many mails `to` has received so far. */
export const mailCount = (to: string) => inbox().filter((m) => m.to.includes(to.toLowerCase())).length;

/** The first link in a mail that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const href = [...mail.html.matchAll(/href="([^"]+)"/g)]
    .map((m) => (m[1] ?? '').replaceAll('&amp;', '&'))
    .find((h) => h.includes(path));
  expect(href, `a link to ${path} in "${mail.subject}"`).toBeDefined();
  return new URL(href as string);
}

// ---- data through the API, as the operator (each test makes its own companies and users) ----

let counter = 0;
/** A name no other test (or earlier run) uses. */
export const unique = (label: string) =>
  `${label}-${process.pid}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
export const uniqueEmail = (label: string) => `${unique(label)}@e2e.rentloop.test`;

/** A call to the API with the shared session of `as` (the operator by default). */
export async function callApi<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  as: string = USERS.operator,
): Promise<T> {
  const token = await sessionToken(page, as);
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: T; message: string };
  expect(response.ok(), `${method} ${path}: ${body.message}`).toBe(true);
  return body.data;
}

export interface TestCompany {
  id: number;
  name: string;
}

/**
 * A company of the test's own. Its name starts with "Zenith" so it sorts after the demo companies
 * (the operator's first company stays Alpine) and never matches their searches.
 */
export async function createCompany(page: Page, label = 'Rentals', currency = 'CAD'): Promise<TestCompany> {
  const name = `Zenith ${label} ${unique('co').slice(-8)}`;
  const company = await callApi<TestCompany>(page, 'POST', '/api/companies', { name, currency });
  return { id: company.id, name: company.name };
}

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

/** An invited user of a company (no password yet), with the invitation in the inbox. */
export async function inviteUser(
  page: Page,
  companyId: number,
  role: 'user' | 'admin' | 'owner',
  label: string = role,
): Promise<Omit<TestUser, 'password'>> {
  const email = uniqueEmail(label);
  const name = `Test ${label[0]?.toUpperCase()}${label.slice(1)}`;
  const { user } = await callApi<{ user: { id: number } }>(page, 'POST', '/api/auth/users', {
    name,
    email,
    company_id: companyId,
    company_role: role,
    send_invitation: true,
  });
  return { id: user.id, name, email };
}

/** A user of a company who accepted the invitation: active, verified, with a password. */
export async function createMember(
  page: Page,
  companyId: number,
  role: 'user' | 'admin' | 'owner',
  label: string = role,
): Promise<TestUser> {
  const user = await inviteUser(page, companyId, role, label);
  const link = linkIn(await waitForMail(user.email, /invited/), '/auth/password-create');
  const password = `pw-${unique('x')}`;
  const response = await page.request.post('/api/auth/password/reset', {
    data: { token: link.searchParams.get('token'), email: user.email, password },
  });
  expect(response.ok(), 'accepting the invitation').toBe(true);
  return { ...user, password };
}

/**
 * Signs a new member of a new company of the test's own in (through the API) and opens `path`: for
 * tests that add records or change company-wide settings, so that tests running beside them (which
 * count the demo companies' lists or read their settings) never see the change.
 */
export async function signInToOwnCompany(
  page: Page,
  role: 'user' | 'admin' | 'owner',
  path: string,
  label = 'Own',
  currency = 'CAD',
): Promise<{ company: TestCompany; user: TestUser }> {
  const company = await createCompany(page, label, currency);
  const user = await createMember(page, company.id, role);
  await signInThroughApi(page, user.email, path, user.password);
  return { company, user };
}
