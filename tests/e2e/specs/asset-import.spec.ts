/**
 * The asset CSV import (spec 02 §7 `POST .../product-tracking/import`): an admin opens Import on the
 * assets list, uploads a file with a bad row and a repeated serial number and sees each error by row
 * and column (nothing can be imported), then imports a good file and finds its units in the list.
 * Screenshots of the dialog at 1440 and 390 wide: tests/e2e/artifacts/screenshots/asset-import-*.png.
 */

import { assetImportIds as ids } from '../../../apps/web/src/features/assets/testids.ts';
import { ASSET_IMPORT_TEXTS as A, ASSET_IMPORT_COLUMNS } from '../../../packages/domain/src/asset-import.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { dataListIds, screenshot, signInToOwnCompany, toasts, waitForList } from '../helpers.ts';
import { setUpOrderCatalog } from '../order-setup.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const csv = (...rows: string[]) =>
  Buffer.from(`${ASSET_IMPORT_COLUMNS.join(',')}\r\n${rows.join('\r\n')}\r\n`);
const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'text/csv', buffer });

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `asset-import-${name}`);
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId(ids.importDialog)).toBeVisible();
  await screenshot(page, `asset-import-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('an admin previews an asset CSV with row errors, then imports a good one', async ({ page, a11y }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/assets', 'Asset import');
  await setUpOrderCatalog(page, company.id);
  await page.reload();

  await page.getByTestId(ids.importOpen).click();
  await expect(page.getByTestId(ids.importDialog)).toBeVisible();
  await page
    .getByTestId(ids.importFile)
    .setInputFiles(
      file(
        'fleet.csv',
        csv(
          'EB-0001,EB-M,2026-01-15,2400.00,Vienna depot,',
          'eb-0001,EB-M,2026-01-15,2400.00,Vienna depot,',
          'EB-0003,NO-SUCH-SKU,2026-02-30,12.345,,',
        ),
      ),
    );
  await expect(page.getByTestId(ids.importSummary)).toContainText(
    '3 rows in fleet.csv: 1 ready, 2 with errors',
  );
  await expect(page.getByTestId(ids.importError(3, 'serial_number'))).toContainText(A.duplicateInFile(2));
  await expect(page.getByTestId(ids.importError(4, 'sku'))).toContainText(A.noVariant);
  await expect(page.getByTestId(ids.importError(4, 'purchase_date'))).toContainText('Must be a date like');
  await expect(page.getByTestId(ids.importError(4, 'purchase_cost'))).toBeVisible();
  await expect(page.getByTestId(ids.importStart)).toBeDisabled();
  await a11y.check(page);
  await bothWidths(page, '01-preview-errors');

  await page
    .getByTestId(ids.importFile)
    .setInputFiles(
      file(
        'fleet.csv',
        csv(
          'EB-0001,EB-M,2026-01-15,2400.00,Vienna depot,',
          'EB-0002,EB-M,2026-01-15,2400.00,Vienna depot,',
          'HLM-0001,HLM-1,,59.99,,Scratched',
        ),
      ),
    );
  await expect(page.getByTestId(ids.importSummary)).toContainText(
    '3 rows in fleet.csv: 3 ready, 3 assets will be created',
  );
  await bothWidths(page, '02-preview-good');
  await page.getByTestId(ids.importStart).click();
  await expect(toasts(page).filter({ hasText: A.succeeded(3) })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId(ids.importDialog)).toBeHidden();
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(3);
  await expect(page.getByTestId(dataListIds.root)).toContainText('HLM-0001');
});
