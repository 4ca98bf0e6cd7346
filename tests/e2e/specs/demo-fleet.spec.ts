/**
 * The demo company's fleet (issue 26 part 7): on first start the assets, returns and repairs screens show
 * what the demo history made. A newcomer finds a unit that was rented out, came back, was repaired with
 * the questionnaire and went out again: its page shows that history and a profit and loss from its
 * invoices and repair; its repair shows the answers and their costs. Read only (the demo's lists are
 * shared by other specs). Screenshots at 1280 and 390 wide: tests/e2e/artifacts/screenshots/demo-fleet-*.png.
 */

import type { Locator } from '@playwright/test';
import { assetsIds } from '../../../apps/web/src/features/assets/testids.ts';
import { repairsIds } from '../../../apps/web/src/features/repairs/testids.ts';
import { returnsIds } from '../../../apps/web/src/features/returns/testids.ts';
import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, dataListIds, pagerRange, screenshot, signInThroughApi, waitForList } from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** `ready`: shown at both widths (a list's rows are cards on a phone, so its page, not a row). */
async function bothWidths(page: Page, name: string, ready: Locator) {
  await expect(ready).toBeVisible();
  await screenshot(page, `demo-fleet-${name}`);
  await page.setViewportSize(PHONE);
  await expect(ready).toBeVisible();
  await screenshot(page, `demo-fleet-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

interface Asset {
  id: number;
  history: { action: string | null }[];
}

test('the demo fleet: assets, returns and repairs, and a repaired unit rented again with its profit and loss', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const user = USERS.northwindUser;
  await signInThroughApi(page, user, '/cms/assets');
  await waitForList(page);
  expect((await pagerRange(page, dataListIds.pagerRange)).total).toBeGreaterThan(100);
  await bothWidths(page, '01-assets', page.getByTestId(assetsIds.listPage));

  await page.goto('/cms/returns');
  await waitForList(page);
  expect((await pagerRange(page, dataListIds.pagerRange)).total).toBeGreaterThan(10);
  await expect(page.getByTestId(returnsIds.listPage)).toBeVisible();
  await bothWidths(page, '02-returns', page.getByTestId(returnsIds.listPage));

  await page.goto('/cms/repairs');
  await waitForList(page);
  await expect(page.getByTestId(repairsIds.listPage)).toBeVisible();
  await bothWidths(page, '03-repairs', page.getByTestId(repairsIds.listPage));

  // A unit that came back, was sent to repair by its return, repaired, and rented out again.
  const [company] = await callApi<{ id: number }[]>(page, 'GET', '/api/companies', undefined, user);
  const api = (path: string) => `/api/${company!.id}/rentloopdb/${path}`;
  const list = <T>(path: string, filters: object) =>
    callApi<T[]>(
      page,
      'GET',
      `/read-replica/${company!.id}/rentloopdb/${path}?per_page=100&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      undefined,
      user,
    );
  let found: { asset: number; repair: number } | null = null;
  for (const back of await list<{ product_tracking_id: number }>('returns', { outcome: 'to repair' })) {
    const asset = await callApi<Asset>(
      page,
      'GET',
      api(`product-tracking/${back.product_tracking_id}`),
      undefined,
      user,
    );
    // The history is newest first.
    const actions = asset.history.map((h) => h.action).reverse();
    const repaired = actions.lastIndexOf('repaired');
    if (repaired < 0 || !actions.slice(repaired).includes('rent_out')) continue;
    const [repair] = await list<{ id: number }>('repairs', {
      product_tracking_id: asset.id,
      status: 'closed',
    });
    if (repair) {
      found = { asset: asset.id, repair: repair.id };
      break;
    }
  }
  expect(found, 'a repaired unit rented out again').not.toBeNull();

  await page.goto(`/cms/assets/${found!.asset}`);
  await expect(page.getByTestId(assetsIds.detailPage)).toBeVisible();
  const history = page.getByTestId(assetsIds.history);
  await expect(history).toContainText(/repaired/i);
  await expect(page.getByTestId(repairsIds.assetRepairRow).first()).toBeVisible();
  await expect(page.getByTestId(returnsIds.assetReturnRow).first()).toBeVisible();
  // Its profit and loss: a purchase cost and a repair cost, figures from its records.
  await expect(page.getByTestId(assetsIds.pnlField('purchase_cost'))).toHaveText(/^CA\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId(assetsIds.pnlField('repair_costs'))).not.toHaveText('CA$0.00');
  await bothWidths(page, '04-asset', page.getByTestId(assetsIds.pnlField('profit')));

  await page.goto(`/cms/repairs/${found!.repair}`);
  await expect(page.getByTestId(repairsIds.detailPage)).toBeVisible();
  await expect(page.getByTestId(repairsIds.status)).toHaveAttribute('data-status', 'closed');
  await bothWidths(page, '05-repair', page.getByTestId(repairsIds.status));
});
