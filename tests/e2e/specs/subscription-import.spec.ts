/**
 * The subscription CSV import: an admin opens Import on the subscriptions list, gets the template,
 * uploads a file with bad rows and sees each error by row and column (nothing can be imported), sees a
 * refused import say "Import failed: ..." when the data changed after the preview, then imports a good
 * file and finds its subscriptions in the list.
 */

import { subscriptionsIds as ids } from '../../../apps/web/src/features/subscriptions/testids.ts';
import { SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS } from '../../../packages/domain/src/subscription-import.ts';
import { SUBSCRIPTION_IMPORT_COLUMNS } from '../../../packages/domain/src/subscription-import-rows.ts';
import { expect, test } from '../fixtures.ts';
import {
  callApi,
  dataListIds,
  MESSAGES,
  screenshot,
  signInToOwnCompany,
  toasts,
  waitForList,
} from '../helpers.ts';
import { setUpOrderCatalog } from '../order-setup.ts';

const csv = (...rows: string[]) =>
  Buffer.from(`${SUBSCRIPTION_IMPORT_COLUMNS.join(',')}\r\n${rows.join('\r\n')}\r\n`);
const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'text/csv', buffer });

test('an admin previews a CSV with row errors, then imports a good one', async ({ page, a11y }) => {
  test.setTimeout(180_000);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/subscriptions', 'Import');
  const { api } = await setUpOrderCatalog(page, company.id);
  const camille = `camille-${company.id}@velo.test`;
  const late = await callApi<{ id: number; email: string }>(page, 'POST', api('customers'), {
    name: 'Late Larsen',
    email: `late-${company.id}@velo.test`,
  });
  await page.reload();

  await page.getByTestId(ids.importOpen).click();
  const dialog = page.getByTestId(ids.importDialog);
  await expect(dialog).toBeVisible();
  // The template names every column.
  const download = page.waitForEvent('download');
  await page.getByTestId(ids.importTemplate).click();
  expect((await download).suggestedFilename()).toBe('subscriptions-import-template.csv');

  // A file with two bad rows: each error named by row and column; nothing can be imported.
  await page
    .getByTestId(ids.importFile)
    .setInputFiles(
      file(
        'bad.csv',
        csv(
          `${camille},EB-M,1,89.00,14.975,monthly,1,2026-01-31,12,yes,active`,
          `${camille},NO-SUCH-SKU,1,89.00,14.975,monthly,1,2026-02-30,12,yes,active`,
          `nobody@velo.test,EB-M,1,89.00,14.975,monthly,1,2026-01-31,12,yes,ended`,
        ),
      ),
    );
  await expect(page.getByTestId(ids.importSummary)).toContainText(
    '3 rows in bad.csv: 1 ready, 2 with errors',
  );
  await expect(page.getByTestId(ids.importError(3, 'sku'))).toContainText(TEXTS.noVariant);
  await expect(page.getByTestId(ids.importError(3, 'start_date'))).toContainText('Must be a date like');
  await expect(page.getByTestId(ids.importError(4, 'customer_email'))).toContainText(TEXTS.noCustomer);
  await expect(page.getByTestId(ids.importError(4, 'status'))).toContainText('cannot be imported as "ended"');
  await expect(page.getByTestId(ids.importStart)).toBeDisabled();
  await a11y.check(page);
  await screenshot(page, 'subscription-import-01-preview-errors');

  // Checked fine, but the customer is archived before the import starts: refused, with the reason.
  await page
    .getByTestId(ids.importFile)
    .setInputFiles(file('late.csv', csv(`${late.email},HLM-1,1,5.00,5,monthly,1,2026-01-01,0,yes,active`)));
  await expect(page.getByTestId(ids.importSummary)).toContainText('1 order will be created');
  await callApi(page, 'POST', api(`customers/${late.id}/archive`));
  await page.getByTestId(ids.importStart).click();
  const refused = MESSAGES.importFailed(TEXTS.rowsHaveErrors(1));
  await expect(toasts(page).filter({ hasText: refused })).toBeVisible();
  await expect(page.getByTestId(ids.importError(2, 'customer_email'))).toContainText(TEXTS.customerArchived);

  // A good file: two rented units of Camille's, one order.
  await page
    .getByTestId(ids.importFile)
    .setInputFiles(
      file(
        'good.csv',
        csv(
          `${camille},EB-M,1,89.00,14.975,monthly,1,2026-01-31,12,yes,active`,
          `${camille},HLM-1,2,4.50,14.975,weekly,2,2026-02-02,0,no,paused`,
        ),
      ),
    );
  await expect(page.getByTestId(ids.importSummary)).toContainText('2 rows in good.csv: 2 ready, 1 order');
  await screenshot(page, 'subscription-import-02-preview-good');
  await page.getByTestId(ids.importStart).click();
  await expect(toasts(page).filter({ hasText: TEXTS.succeeded(2, 1) })).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();

  await waitForList(page);
  const rows = page.getByTestId(dataListIds.row);
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId(dataListIds.root)).toContainText('Helmet');
  await expect(page.getByTestId(dataListIds.root)).toContainText('CA$89.00 / month');
  await screenshot(page, 'subscription-import-03-imported');
});

test('a plain user is not offered the import', async ({ page }) => {
  await signInToOwnCompany(page, 'user', '/cms/subscriptions', 'Import user');
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByTestId(ids.importOpen)).toHaveCount(0);
});
