import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  choose,
  createCompany,
  createMember,
  dataListIds,
  eventsIds,
  MESSAGES,
  screenshot,
  shellIds,
  signInThroughApi,
  superUsersIds,
  toasts,
  usersIds,
  waitForList,
} from '../helpers.ts';

const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text });

test('an operator disables a user and finds the event in the Event List, with its payload', async ({
  page,
}) => {
  // Several saves and list loads on a shared, busy machine: more time than the default.
  test.slow();
  const company = await createCompany(page, 'Events');
  const user = await createMember(page, company.id, 'user', 'evented');

  // The status changes through its transition table, which writes a user.status_changed event.
  await signInThroughApi(page, USERS.operator, `/super/users/${user.id}`);
  await choose(page, superUsersIds.detailStatus, superUsersIds.statusOption('disabled'));
  await page.getByTestId(superUsersIds.detailSave).click();
  await expect(toast(page, MESSAGES.userUpdated)).toBeVisible();
  await expect(page.getByTestId(usersIds.statusChip).first()).toHaveAttribute('data-status', 'disabled');

  // Event List, from the drawer's Operator section.
  await page.getByTestId(shellIds.drawerItem('super-events')).click();
  await expect(page).toHaveURL(/\/super\/events$/);
  await waitForList(page);

  // Narrowed to this user's events: the one just written.
  await choose(page, eventsIds.filter('object'), eventsIds.objectOption('user'));
  await expect(page).toHaveURL(/object%22%3A%22user/);
  await page.getByTestId(eventsIds.filter('object_id')).fill(String(user.id));
  await expect(page).toHaveURL(new RegExp(`object_id%22%3A%22${user.id}%22`));
  await waitForList(page);
  // The user's two status changes, newest first: the disable just made, and the activation when the
  // member set their first password (invited -> active, through the same table).
  const rows = page.getByTestId(dataListIds.row);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('invited → active');
  const row = rows.first();
  await expect(row.getByTestId(eventsIds.type)).toHaveAttribute('data-type', 'user.status_changed');
  await expect(row).toContainText(`User #${user.id}`);
  await expect(row).toContainText('active → disabled');
  await expect(row).toContainText(USERS.operator);
  await screenshot(page, 'events-01-list');

  await row.click();
  await expect(page).toHaveURL(/\/super\/events\/\d+$/);
  await expect(page.getByTestId(eventsIds.detailField('type'))).toHaveText('user.status_changed');
  await expect(page.getByTestId(eventsIds.detailField('object'))).toHaveText('user');
  await expect(page.getByTestId(eventsIds.detailField('object_id'))).toHaveText(String(user.id));
  await expect(page.getByTestId(eventsIds.detailField('actor'))).toContainText(USERS.operator);
  await expect(page.getByTestId(eventsIds.detailField('company_id'))).toHaveText('Platform');
  const payload = JSON.parse((await page.getByTestId(eventsIds.payload).textContent()) ?? '{}');
  expect(payload).toEqual({ action: 'disable', from: 'active', to: 'disabled' });
  await screenshot(page, 'events-02-detail');

  // Back to the list as it was.
  await page.getByTestId(eventsIds.back).click();
  await expect(page).toHaveURL(new RegExp(`object_id%22%3A%22${user.id}%22`));
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(2);

  // The status menu offers what the server accepts now (GET /api/auth/users/{id}/actions): from
  // disabled, activate. Active again: a third event, newest first.
  await page.goto(`/super/users/${user.id}`);
  await choose(page, superUsersIds.detailStatus, superUsersIds.statusOption('active'));
  await page.getByTestId(superUsersIds.detailSave).click();
  await expect(page.getByTestId(usersIds.statusChip).first()).toHaveAttribute('data-status', 'active');
  await page.goto(
    // The object too: a customer or product with the same id has events of its own.
    `/super/events?filters=${encodeURIComponent(JSON.stringify({ object: 'user', object_id: String(user.id) }))}`,
  );
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(3);
  await expect(page.getByTestId(dataListIds.row).first()).toContainText('disabled → active');
  await screenshot(page, 'events-03-filtered');

  // The shared filter bar clears every filter at once.
  await page.getByTestId(eventsIds.clearFilters).click();
  await expect(page).toHaveURL(/\/super\/events$/);
  await expect(page.getByTestId(eventsIds.filter('object_id'))).toHaveValue('');
});
