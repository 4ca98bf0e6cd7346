import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  confirmDialogIds,
  cronFormIds,
  cronsIds,
  MESSAGES,
  screenshot,
  signInThroughApi,
  toasts,
} from '../helpers.ts';

const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text }).first();
const PURGE = 'sessions-purge-expired';
const FOLD = 'trail-counts-fold';

// The platform's schedules are shared by every test running beside this one: each change is undone
// before the test ends (the trail counts' fold keeps running throughout).
test('an operator runs a cron now, edits, disables, deletes and creates one, seeing the result', async ({
  page,
}) => {
  test.slow();
  await signInThroughApi(page, USERS.operator, '/super/cron');
  await expect(page.getByRole('heading', { name: 'Cron Manager' })).toBeVisible();
  await expect(page.getByTestId(cronsIds.row(PURGE))).toContainText('17 3 * * *');
  await expect(page.getByTestId(cronsIds.nextRuns(PURGE)).locator('p')).toHaveCount(3);
  await expect(page.getByTestId(cronsIds.row(FOLD))).toContainText('* * * * *');

  // Run now: the toast, then the last run and its result in the row.
  await page.getByTestId(cronsIds.run(FOLD)).click();
  await expect(toast(page, MESSAGES.cronRan)).toBeVisible();
  await expect(page.getByTestId(cronsIds.lastRun(FOLD))).toContainText(/completed/i);
  await screenshot(page, 'cron-01-ran');

  // Edit: a bad expression is refused on its field, a good one saved with its time zone.
  await page.getByTestId(cronsIds.edit(PURGE)).click();
  const dialog = page.getByTestId(cronsIds.editDialog);
  const expression = dialog.getByRole('textbox', { name: 'Cron expression' });
  await expression.fill('61 * * * *');
  await page.getByTestId(cronFormIds.save).click();
  await expect(dialog.getByText(/Not a valid cron expression/)).toBeVisible();
  await expression.fill('30 2 * * *');
  await dialog.getByRole('textbox', { name: 'Time zone' }).fill('Europe/Berlin');
  await screenshot(page, 'cron-02-edit');
  await page.getByTestId(cronFormIds.save).click();
  await expect(toast(page, MESSAGES.cronUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(cronsIds.row(PURGE))).toContainText('30 2 * * *');
  await expect(page.getByTestId(cronsIds.row(PURGE))).toContainText('Europe/Berlin');

  // Disable: no next runs; enable again.
  await page.getByTestId(cronsIds.enabled(PURGE)).locator('input').click();
  await expect(page.getByTestId(cronsIds.nextRuns(PURGE))).toHaveText('Disabled');
  await page.getByTestId(cronsIds.enabled(PURGE)).locator('input').click();
  await expect(page.getByTestId(cronsIds.nextRuns(PURGE)).locator('p')).toHaveCount(3);

  // Delete it, then schedule it again as it was.
  await page.getByTestId(cronsIds.delete(PURGE)).click();
  await expect(page.getByTestId(confirmDialogIds.dialog)).toContainText('Delete this cron?');
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(toast(page, MESSAGES.cronDeleted)).toBeVisible();
  await expect(page.getByTestId(cronsIds.row(PURGE))).toHaveCount(0);
  await page.getByTestId(cronsIds.newCron).click();
  const create = page.getByTestId(cronsIds.createDialog);
  await create.getByRole('textbox', { name: 'Cron expression' }).fill('17 3 * * *');
  await screenshot(page, 'cron-03-create');
  await page.getByTestId(cronFormIds.save).click();
  await expect(toast(page, MESSAGES.cronCreated)).toBeVisible();
  await expect(page.getByTestId(cronsIds.row(PURGE))).toContainText('17 3 * * *');
  await expect(page.getByTestId(cronsIds.row(PURGE))).toContainText('UTC');
  await screenshot(page, 'cron-04-list');
});

test.afterAll(async ({ browser }) => {
  // Whatever happened above, the nightly purge is scheduled as the platform ships it.
  const page = await browser.newPage();
  const company = (await callApi<{ id: number }[]>(page, 'GET', '/api/companies'))[0]?.id ?? 1;
  // The crons list answers in the envelope of every list: the crons are its data.
  const crons = await callApi<{ id: number; name: string }[]>(page, 'GET', `/api/${company}/system/crons`);
  const purge = crons.find((c) => c.name === PURGE);
  if (purge)
    await callApi(page, 'PUT', `/api/${company}/system/crons/${purge.id}`, {
      cron: '17 3 * * *',
      timezone: 'UTC',
      enabled: true,
    });
  else await callApi(page, 'POST', `/api/${company}/system/crons`, { name: PURGE, cron: '17 3 * * *' });
  await page.close();
});
