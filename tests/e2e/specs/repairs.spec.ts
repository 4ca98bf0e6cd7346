/**
 * Repairs (issue 26 part 3): a returned e-bike is sent to repair from its asset page (which opens the
 * repair with the questionnaire), inspected "not complete" with the battery missing, repaired in 1.5 h
 * with a replaced part; the summary shows the exact cost (1.5 h × €40.00 = €60.00, plus €349.90), the
 * repair closes and the asset is back in stock with the repair and its cost on its page. Screenshots at
 * 1280 and 390 wide (the questionnaire on a phone too): tests/e2e/artifacts/screenshots/repairs-*.png.
 */

import type { Locator } from '@playwright/test';
import { assetsIds } from '../../../apps/web/src/features/assets/testids.ts';
import { repairsIds as ids } from '../../../apps/web/src/features/repairs/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, dataListIds, screenshot, signInToOwnCompany, toasts, waitForList } from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function bothWidths(page: Page, name: string, ready?: Locator) {
  await screenshot(page, `repairs-${name}`);
  await page.setViewportSize(PHONE);
  if (ready) await expect(ready).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await screenshot(page, `repairs-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('an e-bike missing its battery is repaired with 1.5 h and a part, the exact cost recorded, back in stock', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/repairs', 'Repairs', 'EUR');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const product = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'City e-bike',
    rental_prices: { monthly: '59.00' },
    variants: [{ name: 'Large frame', sku: 'EBIKE-L', price: '2400.00' }],
  });
  const asset = await callApi<{ id: number }>(page, 'POST', api('product-tracking'), {
    serial_number: 'EB-2026-0042',
    variant_id: product.variants[0]!.id,
  });

  // From the asset's page: "Open repair" sends it to repair and opens the repair's questionnaire.
  await page.goto(`/cms/assets/${asset.id}`);
  await expect(page.getByTestId(assetsIds.status)).toHaveAttribute('data-status', 'in stock');
  await page.getByTestId(ids.openRepair).click();
  await expect(toasts(page).filter({ hasText: 'Repair opened.' })).toBeVisible();
  await expect(page.getByTestId(ids.detailPage)).toBeVisible();
  await expect(page.getByTestId(ids.status)).toHaveAttribute('data-status', 'open');

  // Inspection: "not complete" asks about missing and damaged parts; "parts missing" asks which.
  const inspection = page.getByTestId(ids.page(1));
  await expect(inspection.getByTestId(ids.question('is_complete'))).toBeVisible();
  await expect(page.getByTestId(ids.question('has_missing_parts'))).toHaveCount(0);
  await page.getByTestId(ids.option('is_complete', 'no')).check();
  await page.getByTestId(ids.option('has_missing_parts', 'yes')).check();
  // Mandatory: "Next" with the missing parts and damaged parts unanswered names both.
  await page.getByTestId(ids.next).click();
  await expect(page.getByTestId(ids.question('missing_parts'))).toContainText('Required field.');
  await expect(page.getByTestId(ids.question('has_damaged_parts'))).toContainText('Required field.');
  await page.getByTestId(ids.input('missing_parts')).fill('Battery');
  await page.getByTestId(ids.option('has_damaged_parts', 'no')).check();
  await expect(page.getByTestId(ids.question('damaged_parts'))).toHaveCount(0);
  await bothWidths(page, '01-inspection', page.getByTestId(ids.input('missing_parts')));
  await page.getByTestId(ids.next).click();

  // Repair: 1.5 hours, rentable again.
  const work = page.getByTestId(ids.page(2));
  await expect(work.getByTestId(ids.question('repair_duration'))).toBeVisible();
  await page.getByTestId(ids.input('repair_duration')).fill('1.5');
  await page.getByTestId(ids.option('rentable_again', 'yes')).check();
  await expect(page.getByTestId(ids.question('sell_for_parts'))).toHaveCount(0);
  await bothWidths(page, '02-repair', page.getByTestId(ids.input('repair_duration')));
  await page.getByTestId(ids.next).click();

  // Summary: labour 1.5 h × €40.00 = €60.00, the replaced battery €349.90, total €409.90.
  await expect(page.getByTestId(ids.page(3))).toBeVisible();
  await expect(page.getByTestId(ids.costLine('duration_cost'))).toContainText('€60.00');
  await expect(page.getByTestId(ids.costLine('duration_cost'))).toContainText('1.50 h × €40.00 per hour');
  await page.getByTestId(ids.input('replaced_parts_cost')).fill('349.90');
  await expect(page.getByTestId(ids.total)).toContainText('€409.90');
  await bothWidths(page, '03-summary', page.getByTestId(ids.total));

  // Close: back in stock; the cost is recorded.
  await page.getByTestId(ids.close).click();
  const dialog = page.getByTestId(ids.closeDialog);
  await expect(dialog).toContainText('€409.90');
  await screenshot(page, 'repairs-04-close');
  await page.getByTestId(ids.closeConfirm).click();
  await expect(toasts(page).filter({ hasText: 'Repair closed.' })).toBeVisible();
  await expect(page.getByTestId(ids.status)).toHaveAttribute('data-status', 'closed');
  await expect(page.getByTestId(ids.field('total_cost'))).toContainText('€409.90');
  await expect(page.getByTestId(ids.field('outcome'))).toContainText(/in stock/i);
  await bothWidths(page, '05-closed', page.getByTestId(ids.field('total_cost')));

  // The asset: in stock, its history says repaired, its repairs card shows the repair and its cost.
  await page.getByTestId(ids.asset).getByRole('link').click();
  await expect(page.getByTestId(assetsIds.status)).toHaveAttribute('data-status', 'in stock');
  await expect(page.getByTestId(assetsIds.historyRow).first()).toContainText('Repaired');
  await expect(page.getByTestId(ids.assetRepairRow)).toHaveCount(1);
  await expect(page.getByTestId(ids.assetRepairRow)).toContainText('€409.90');
  await bothWidths(page, '06-asset', page.getByTestId(ids.assetRepairRow));

  // The list, searched by serial.
  await page.goto('/cms/repairs');
  await waitForList(page);
  await page.getByTestId(dataListIds.search).fill('2026-0042');
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await expect(page.getByTestId(dataListIds.row)).toContainText('€409.90');
  await bothWidths(page, '07-list');
});
