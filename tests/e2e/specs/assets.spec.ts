/**
 * Assets (product tracking, issue 26 part 1): a merchant tracks a new e-bike by its serial number through
 * the create dialog, finds it in the assets list by typing part of the serial, sends it to repair from its
 * page (the action dialog, with a reason) and sees the change in its history; the list filters by status
 * and by "status changed in the last 30 days". Screenshots at 1280 and 390 wide:
 * tests/e2e/artifacts/screenshots/assets-*.png; axe judges every screen visited (fixtures.ts).
 */

import type { Locator } from '@playwright/test';
import { assetFormIds, assetsIds } from '../../../apps/web/src/features/assets/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  choose,
  dataListIds,
  MESSAGES,
  screenshot,
  signInToOwnCompany,
  toasts,
  waitForList,
} from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Desktop, then phone; `ready` is what must show again at the phone width before its picture. */
async function bothWidths(page: Page, name: string, ready?: Locator) {
  await screenshot(page, `assets-${name}`);
  await page.setViewportSize(PHONE);
  if (ready) await expect(ready).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await screenshot(page, `assets-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('a merchant tracks an e-bike by serial, finds it, sends it to repair and sees its history', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/assets', 'Assets', 'EUR');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const product = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'City e-bike',
    rental_prices: { monthly: '59.00' },
    variants: [{ name: 'Large frame', sku: 'EBIKE-L', price: '2400.00' }],
  });
  // A unit tracked earlier, so the list shows more than the new one.
  await callApi(page, 'POST', api('product-tracking'), {
    serial_number: 'EB-2025-0917',
    variant_id: product.variants[0]!.id,
    location: 'Van 2',
    purchase_cost: '2150.00',
  });
  await page.reload();
  await waitForList(page);

  // Create: the serial number and the variant are asked for before anything is sent.
  await page.getByTestId(assetsIds.newAsset).click();
  const dialog = page.getByTestId(assetsIds.createDialog);
  await expect(dialog.getByRole('heading', { name: 'New asset' })).toBeVisible();
  await page.getByTestId(assetFormIds.save).click();
  await expect(dialog.getByText(MESSAGES.required).first()).toBeVisible();
  await page.getByTestId(assetFormIds.field('serial_number')).fill('EB-2026-0042');
  await page.getByTestId(assetFormIds.field('variant')).fill('EBIKE');
  await page.getByRole('option', { name: /Large frame/ }).click();
  await page.getByTestId(assetFormIds.field('location')).fill('Warehouse A, shelf 3');
  await page.getByTestId(assetFormIds.field('purchase_cost')).fill('2399.90');
  await page.getByTestId(assetFormIds.field('condition_note')).fill('New, boxed');
  await bothWidths(page, '01-create', page.getByTestId(assetFormIds.field('serial_number')));
  await page.getByTestId(assetFormIds.save).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.trackingCreated })).toBeVisible();

  // The new asset's page opens: in stock, tracked by the admin.
  const detail = page.getByTestId(assetsIds.detailPage);
  await expect(detail.getByRole('heading', { name: 'EB-2026-0042' })).toBeVisible();
  await expect(page.getByTestId(assetsIds.status)).toHaveAttribute('data-status', 'in stock');
  await expect(page.getByTestId(assetsIds.field('purchase_cost'))).toContainText('2,399.90');
  await expect(page.getByTestId(assetsIds.historyRow)).toHaveCount(1);

  // The same serial in another case is refused, on the field.
  await page.goto('/cms/assets/create');
  await page.getByTestId(assetFormIds.field('serial_number')).fill('eb-2026-0042');
  await page.getByTestId(assetFormIds.field('variant')).fill('EBIKE');
  await page.getByRole('option', { name: /Large frame/ }).click();
  await page.getByTestId(assetFormIds.save).click();
  await expect(dialog.getByText(MESSAGES.assetSerialTaken)).toBeVisible();
  await expect(toasts(page).filter({ hasText: MESSAGES.trackingCreateFailed })).toBeVisible();
  await page.goto('/cms/assets');

  // Find it by typing part of its serial number.
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(2);
  await page.getByTestId(dataListIds.search).fill('2026-00');
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  const row = page.getByTestId(dataListIds.row).filter({ hasText: 'EB-2026-0042' });
  await expect(row).toContainText('City e-bike – Large frame');
  await bothWidths(page, '02-search');
  await row.getByTestId(dataListIds.rowLink).first().click();

  // Send it to repair, with a reason.
  await expect(detail.getByRole('heading', { name: 'EB-2026-0042' })).toBeVisible();
  await page.getByTestId(assetsIds.action('send_to_repair')).click();
  const action = page.getByTestId(assetsIds.actionDialog);
  await expect(action.getByRole('heading', { name: 'Send to repair' })).toBeVisible();
  await page.getByTestId(assetsIds.field('reason')).fill('Rear brake squeals');
  await bothWidths(page, '03-action', page.getByTestId(assetsIds.field('reason')));
  await page.getByTestId(assetsIds.actionConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.assetStatusChanged })).toBeVisible();
  await expect(action).toBeHidden();
  await expect(page.getByTestId(assetsIds.status)).toHaveAttribute('data-status', 'to repair');
  const history = page.getByTestId(assetsIds.historyRow);
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('Rear brake squeals');
  await expect(history.first()).toContainText('Send to repair');
  // From "to repair" the table offers Repaired, not Rent out.
  await expect(page.getByTestId(assetsIds.action('repaired'))).toBeVisible();
  await expect(page.getByTestId(assetsIds.action('rent_out'))).toHaveCount(0);
  await bothWidths(page, '04-detail');

  // The list by status, and by a status change in the last 30 days.
  await page.goto('/cms/assets');
  await waitForList(page);
  await choose(page, assetsIds.filter('status'), assetsIds.filterOption('status', 'to repair'));
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await choose(
    page,
    assetsIds.filter('status_changed_within'),
    assetsIds.filterOption('status_changed_within', '30'),
  );
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await expect(page.getByTestId(dataListIds.row)).toContainText('EB-2026-0042');
  await bothWidths(page, '05-filtered');
});
