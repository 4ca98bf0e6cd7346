/**
 * The spec's words where the screens said something else (issue 25 item 9, spec 01 §2 and §8): the
 * error page's "404 Not Found" and "Page Not Found"; "Could not update tracking number." when a
 * tracking number is refused; a cancellation whose reason is "None" sends no reason; "Failed to fetch
 * insights."; "Failed to update notification." and the error dialog's "No data available" with its
 * Close button; and a cron that could not be saved as a warning. Desktop and phone.
 *
 * The failures the product cannot be made to give on purpose (insights that do not load, a cron the
 * server does not save) are the server's answers replaced in the browser (`page.route`); the others are
 * the real server's.
 */
import { statusDialogIds } from '../../../apps/web/src/components/testids.ts';
import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  cronFormIds,
  cronsIds,
  insightsIds,
  MESSAGES,
  notificationIds,
  ordersIds,
  screenshot,
  shellIds,
  signInThroughApi,
  signInToOwnCompany,
  supportIds,
  toasts,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** A failure as the server words it: `{status: false, message}`. */
const failure = (status: number, message: string) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ status: false, message, code: 'unavailable', request_id: 'e2e' }),
});

test('an unknown screen says "404 Not Found" and "Page Not Found", on a desktop and a phone', async ({
  page,
}) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/no-such-screen');
  await expect(page.getByTestId(shellIds.adminLayout)).toBeVisible();
  await expect(page.getByTestId(shellIds.errorStatus)).toHaveText(MESSAGES.status404);
  await expect(page.getByTestId(shellIds.errorStatus)).toHaveText('404 Not Found');
  await expect(page.getByTestId(shellIds.errorTitle)).toHaveText('Page Not Found');
  await expect(page).toHaveTitle(/^404 Not Found/);
  await screenshot(page, 'spec-words-01-not-found');
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId(shellIds.errorStatus)).toBeVisible();
  await screenshot(page, 'spec-words-02-not-found-phone');
});

test('a refused tracking number says "Could not update tracking number."; a "None" reason is not sent', async ({
  page,
}) => {
  const { company } = await signInToOwnCompany(page, 'user', '/cms/insights', 'Words');
  const { first } = await seedOrders(page, company.id);
  const item = first.items[0]!.id;
  await page.goto(`/cms/orders/${first.id}`);

  // Only spaces: the server trims them away and refuses the empty number (a real 422).
  await page.getByTestId(ordersIds.addTracking(item)).click();
  await page.getByTestId(ordersIds.trackingInput).fill('   ');
  await page.getByTestId(ordersIds.trackingSave).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.trackingNumberUpdateFailed })).toBeVisible();
  // The dialog stays, with the server's reason on the field.
  await expect(page.getByTestId(ordersIds.trackingDialog)).toContainText(MESSAGES.required);
  await screenshot(page, 'spec-words-03-tracking-refused');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'spec-words-04-tracking-refused-phone');
  // Closed with Escape before the viewport goes back: once in CI a click on Cancel right after the
  // resize waited two minutes for the button to be "stable" and never got there.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(ordersIds.trackingDialog)).toBeHidden();
  await page.setViewportSize(DESKTOP);

  // Cancel with the reason "None": the web sends no reason at all (spec 01 §5).
  await page.getByTestId(ordersIds.action('cancel')).click();
  await expect(page.getByTestId(ordersIds.cancelReason)).toHaveValue('None');
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/orders/${first.id}/cancel`),
  );
  await page.getByTestId(ordersIds.cancelConfirm).click();
  expect((await sent).postDataJSON()).toEqual({ refunded: false });
  await expect(page.getByTestId(ordersIds.chip('status'))).toHaveText('Cancelled');
});

test('insights that do not load say "Failed to fetch insights.", on the insights and the customer page', async ({
  page,
}) => {
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/customers', 'Insight');
  const customer = await callApi<{ id: number }>(page, 'POST', `/api/${company.id}/rentloopdb/customers`, {
    name: 'Ina Sight',
    email: `ina-${company.id}@words.test`,
  });
  await page.route(
    (url) => /^\/api\/\d+\/insights\//.test(url.pathname),
    (route) => route.fulfill(failure(503, 'Database unavailable.')),
  );

  await page.goto('/cms/insights');
  await expect(page.getByTestId(insightsIds.error)).toHaveText(
    `${MESSAGES.insightsFetchFailed} Database unavailable.`,
  );
  await screenshot(page, 'spec-words-05-insights-failed');

  await page.goto(`/cms/customers/${customer.id}`);
  await expect(page.getByTestId(supportIds.figuresError)).toHaveText('Failed to fetch insights.');
  await page.setViewportSize(PHONE);
  await page.getByTestId(supportIds.figuresError).scrollIntoViewIfNeeded();
  await screenshot(page, 'spec-words-06-customer-insights-failed-phone');
});

/** A notification the list names but the server no longer has (deleted between the list and the click). */
async function listWithGoneNotification(page: Page, company: number) {
  const gone = {
    id: 2_000_000_000,
    company_id: company,
    title: 'Export ready',
    description: 'Your export can be downloaded.',
    message: '',
    type: 'info',
    input: null,
    author_id: null,
    author: 'Rentloop',
    created_at: new Date().toISOString(),
    is_read: false,
  };
  const list = `/read-replica/${company}/rentloopdb/notifications`;
  await page.route(
    (url) => url.pathname === list,
    (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          status: true,
          message: '',
          is_paginated: true,
          data: [gone],
          meta: {
            current_page: 1,
            from: 1,
            last_page: 1,
            per_page: 10,
            to: 1,
            total: 1,
            path: '',
            unread: 1,
          },
        }),
      }),
  );
  return gone;
}

test('a notification that cannot be updated says "Failed to update notification." and "No data available"', async ({
  page,
}) => {
  const { company } = await signInToOwnCompany(page, 'user', '/cms/customers', 'Notice');
  const gone = await listWithGoneNotification(page, company.id);
  await page.reload();
  await expect(page.getByTestId(notificationIds.bell)).toHaveAttribute('data-live', 'true');
  await page.getByTestId(notificationIds.bell).click();
  await page.getByTestId(notificationIds.entry(gone.id)).click();

  // Marking it read (the real server: 404) fails, and reading it again finds nothing.
  await expect(toasts(page).filter({ hasText: MESSAGES.notificationUpdateFailed }).first()).toBeVisible();
  await expect(page.getByTestId(statusDialogIds.errorMessage)).toHaveText('No data available');
  await expect(page.getByTestId(statusDialogIds.close)).toHaveText('Close');
  await screenshot(page, 'spec-words-07-notification-gone');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'spec-words-08-notification-gone-phone');
  await page.getByTestId(statusDialogIds.close).click();
  await expect(page.getByTestId(statusDialogIds.error)).toHaveCount(0);
});

test('a cron that could not be saved is a warning, as the spec says', async ({ page }) => {
  await signInThroughApi(page, USERS.operator, '/super/cron');
  const job = 'sessions-purge-expired';
  await expect(page.getByTestId(cronsIds.row(job))).toBeVisible();
  // Nothing is stored (the schedules are every test's): the server's refusal is given in the browser.
  await page.route(
    (url) => /^\/api\/\d+\/system\/crons\/\d+$/.test(url.pathname),
    (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill(failure(503, MESSAGES.cronUpdateFailed))
        : route.fallback(),
  );
  await page.getByTestId(cronsIds.edit(job)).click();
  await page.getByRole('textbox', { name: 'Cron expression' }).fill('18 3 * * *');
  await page.getByTestId(cronFormIds.save).click();
  const warning = page
    .locator('.notistack-MuiContent-warning')
    .filter({ hasText: MESSAGES.cronUpdateFailed });
  await expect(warning).toBeVisible();
  await expect(page.locator('.notistack-MuiContent-error')).toHaveCount(0);
  // The dialog stays, with the reason.
  await expect(page.getByTestId(cronsIds.editDialog)).toContainText(MESSAGES.cronUpdateFailed);
  await screenshot(page, 'spec-words-09-cron-warning');
});
