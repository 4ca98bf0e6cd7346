/**
 * Notifications (spec 01 §2 "Notifications menu and dialog", issue 12 item 5): an operator posts a
 * platform notification and a signed-in staff member's open browser shows it within a second, without a
 * reload (the push); the bell, popover (cut texts, unread dots, only-unread switch, wrapping pager,
 * "No new notifications."), the dialog (read on open, Mark as unread, Download, Go to {destination}),
 * and the operators' screens /super/notifications and /super/notifications-create.
 *
 * Platform notifications are everyone's: the tests here run one after another, and each deletes what it
 * posted, so no other spec ever sees them.
 */
import type { Notification } from '../../../packages/domain/src/notifications.ts';
import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  confirmDialogIds,
  MESSAGES,
  notificationIds,
  screenshot,
  signInThroughApi,
  signInToOwnCompany,
  superNotificationIds,
  toasts,
} from '../helpers.ts';

test.describe.configure({ mode: 'serial' });

/**
 * How long a pushed change may take to show. The product pushes at once (server-sent events); the list is
 * not polled, so anything shown within this bound came by the push. Not a speed check: a loaded 2-core CI
 * machine once took over a second to paint it, so the bound leaves room for that.
 */
const PUSHED_MS = 5_000;

const post = (page: Page, body: object) => callApi<Notification>(page, 'POST', '/api/notifications', body);
const remove = (page: Page, id: number) => callApi(page, 'DELETE', `/api/notifications/${id}`);

async function removeAll(page: Page) {
  const all = await callApi<Notification[]>(page, 'GET', '/api/notifications?per_page=100');
  for (const n of all) await remove(page, n.id);
}

const bell = (page: Page) => page.getByTestId(notificationIds.bell);
const entry = (page: Page, id: number) => page.getByTestId(notificationIds.entry(id));

/** Opens the popover once the bell listens to the push channel. */
async function openMenu(page: Page) {
  await expect(bell(page)).toHaveAttribute('data-live', 'true');
  await bell(page).click();
  await expect(page.getByTestId(notificationIds.popover)).toBeVisible();
}

test('a platform notification reaches an open browser within a second; the popover and the dialog', async ({
  page,
}) => {
  test.slow();
  const { company } = await signInToOwnCompany(page, 'user', '/cms/insights', 'Notices');
  await removeAll(page);
  const customer = await callApi<{ id: number }>(page, 'POST', `/api/${company.id}/rentloopdb/customers`, {
    name: 'Notified Customer',
    email: `notified.${Date.now()}@example.com`,
    language: 'en',
  });

  // Nothing yet: the bell has no dot, the popover says so.
  await openMenu(page);
  await expect(page.getByTestId(notificationIds.empty)).toHaveText('No new notifications.');
  await expect(page.getByTestId(notificationIds.unreadDot)).toHaveClass(/invisible/);
  await screenshot(page, 'notifications-01-empty');

  // The push: posted by an operator while the popover is open, shown without a reload within a second.
  const live = await post(page, {
    title: 'Scheduled maintenance tonight at 02:00 UTC',
    description: 'The back office will be unavailable for about ten minutes while we upgrade.',
    message: 'We upgrade the database tonight.\nSaved work is kept; please sign in again afterwards.',
    type: 'warning',
    input: { type: 'redirect', destination: 'customers', id: customer.id },
  });
  // Counted from the operator's answer (the notification committed): the entry is there within a second.
  await expect(entry(page, live.id)).toBeVisible({ timeout: PUSHED_MS });
  // The title cut at 20 characters, the description at 50, an unread dot in the type's colour.
  await expect(entry(page, live.id)).toContainText('Scheduled maintenanc…');
  await expect(entry(page, live.id)).toContainText('The back office will be unavailable for about ten…');
  await expect(page.getByTestId(notificationIds.entryDot(live.id))).toHaveAttribute('aria-label', 'Unread');
  await expect(bell(page)).toHaveAttribute('data-unread', '1');
  await expect(page.getByTestId(notificationIds.unreadDot)).not.toHaveClass(/invisible/);
  await expect(page.getByTestId(notificationIds.pager)).toHaveText('1-1 of 1');
  await screenshot(page, 'notifications-02-pushed');

  // Opening it marks it read; the dialog shows the whole of it and Go to customers.
  await entry(page, live.id).click();
  const dialog = page.getByTestId(notificationIds.dialog);
  await expect(dialog).toContainText('Scheduled maintenance tonight at 02:00 UTC');
  await expect(dialog).toContainText('Saved work is kept');
  await expect(dialog).toContainText('just now');
  await expect(page.getByTestId(notificationIds.markUnread)).toBeVisible();
  await expect(bell(page)).toHaveAttribute('data-unread', '0');
  const box = await dialog.getByRole('dialog').boundingBox();
  expect(box?.width).toBeLessThanOrEqual(600);
  await screenshot(page, 'notifications-03-dialog');

  // Mark as unread: closed, the dot is back.
  await page.getByTestId(notificationIds.markUnread).click();
  await expect(dialog).toBeHidden();
  await expect(bell(page)).toHaveAttribute('data-unread', '1');
  await expect(entry(page, live.id)).toHaveAttribute('data-read', 'false');

  // A download link, pushed too; hovering an entry marks it read.
  const download = await post(page, {
    title: 'Export ready',
    description: 'Your customer export is ready.',
    type: 'success',
    input: { type: 'download-link', href: '/downloads/customers.csv' },
  });
  await expect(entry(page, download.id)).toBeVisible({ timeout: PUSHED_MS });
  await entry(page, download.id).hover();
  await expect(entry(page, download.id)).toHaveAttribute('data-read', 'true');

  // Only show unread: the read one leaves the list.
  await page.getByTestId(notificationIds.onlyUnread).check();
  await expect(entry(page, download.id)).toBeHidden();
  await expect(entry(page, live.id)).toBeVisible();
  await page.getByTestId(notificationIds.onlyUnread).uncheck();
  await entry(page, download.id).click();
  await expect(page.getByTestId(notificationIds.download)).toHaveText('Download');
  await expect(page.getByTestId(notificationIds.download)).toHaveAttribute(
    'href',
    '/downloads/customers.csv',
  );
  await page.getByTestId(notificationIds.close).click();
  await expect(dialog).toBeHidden();

  // Go to customers opens the customer's page.
  await entry(page, live.id).click();
  await dialog.getByRole('button', { name: 'Go to customers' }).click();
  await expect(page).toHaveURL(new RegExp(`/cms/customers/${customer.id}$`));
  await expect(page.getByRole('heading', { name: 'Notified Customer' })).toBeVisible();

  // Ten a page, "from-to of total", wrapping from the last page to the first.
  for (let i = 1; i <= 10; i++) await post(page, { title: `Paged notice ${i}` });
  await openMenu(page);
  const pager = page.getByTestId(notificationIds.pager);
  await expect(pager).toContainText('1-10 of 12');
  await expect(page.getByTestId(notificationIds.list).locator('[data-read]')).toHaveCount(10);
  await page.getByTestId(notificationIds.next).click();
  await expect(pager).toContainText('11-12 of 12');
  await screenshot(page, 'notifications-04-second-page');
  await page.getByTestId(notificationIds.next).click();
  await expect(pager).toContainText('1-10 of 12');
  await page.getByTestId(notificationIds.previous).click();
  await expect(pager).toContainText('11-12 of 12');

  // Deleted for everyone: the open popover follows.
  await removeAll(page);
  await expect(page.getByTestId(notificationIds.empty)).toBeVisible({ timeout: PUSHED_MS });
});

test('operators write and delete platform notifications; a staff browser follows live', async ({
  page,
  browser,
}) => {
  test.slow();
  // A staff member of another company keeps the app open in a browser of their own.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInToOwnCompany(staff, 'user', '/cms/insights', 'Watcher');
  await openMenu(staff);

  await signInThroughApi(page, USERS.operator, '/super/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await page.getByTestId(superNotificationIds.newNotification).click();
  await expect(page).toHaveURL(/\/super\/notifications-create$/);
  await expect(page.getByRole('heading', { name: 'New notification' })).toBeVisible();

  // A title is required (the field says so); then sent to everyone.
  await page.getByTestId(superNotificationIds.save).click();
  await expect(page.getByText(MESSAGES.required).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('New feature: recurring invoices');
  await page.getByRole('textbox', { name: 'Description' }).fill('Invoices now repeat on their own.');
  await page.getByRole('textbox', { name: 'Message' }).fill('Open Settings to choose the day of the month.');
  await screenshot(page, 'notifications-05-create');
  await page.getByTestId(superNotificationIds.save).click();
  await expect(toasts(page).filter({ hasText: 'Notification sent.' })).toBeVisible();
  await expect(page).toHaveURL(/\/super\/notifications$/);
  const row = page.getByTestId(superNotificationIds.table).getByRole('row', { name: /recurring invoices/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Rentloop Admin');
  await screenshot(page, 'notifications-06-list');

  // The staff browser shows it without a reload.
  await expect(staff.getByTestId(notificationIds.list)).toContainText('New feature: recurri…', {
    timeout: PUSHED_MS,
  });
  await screenshot(staff, 'notifications-07-staff-live');

  // Delete, after a confirm: gone from the list and from the staff's popover.
  await row.getByRole('button', { name: /Delete/ }).click();
  await expect(page.getByTestId(confirmDialogIds.dialog)).toContainText('Delete this notification?');
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(row).toBeHidden();
  await expect(staff.getByTestId(notificationIds.empty)).toBeVisible({ timeout: PUSHED_MS });
  await staffContext.close();
});
