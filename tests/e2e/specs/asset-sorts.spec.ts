/**
 * The assets list sorted by profit and by utilisation (issue 26 part 5, decision 83), on the demo
 * company's fleet: a merchant clicks the "Profit" header (worst first, then best first) and the
 * "Utilisation" header; the rows shown are the list's in that order, and the first units' figures are
 * their own pages' profit and utilisation. On a phone the same sort is chosen from "Sort by" behind the
 * "Filters" button. The table is wider than 1280 px: scrolled sideways, the selection box and the serial
 * number stay in view (a sticky first column). Read only (the demo's lists are shared by other specs).
 * Screenshots at 1280 and 390 wide: tests/e2e/artifacts/screenshots/asset-sorts-*.png.
 */

import { assetsIds } from '../../../apps/web/src/features/assets/testids.ts';
import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, dataListIds, pickFromMenu, screenshot, signInThroughApi, waitForList } from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Asset {
  id: number;
  serial_number: string;
  profit: string | null;
  utilisation: string | null;
}

/** The serial numbers the table shows, top to bottom (the first cell is the row's selection box). */
const shownSerials = async (page: Page) =>
  (await page.getByTestId(dataListIds.row).locator('td:nth-child(2)').allInnerTexts()).map((s) => s.trim());

test('the assets list sorts by profit and by utilisation, as the assets’ own pages figure them', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const user = USERS.northwindUser;
  await signInThroughApi(page, user, '/cms/assets');
  // The first answer may wait for the demo's history still being made on a busy machine.
  await expect(page.getByTestId(dataListIds.row).first()).toBeVisible({ timeout: 90_000 });
  await waitForList(page);
  const [{ id: company }] = (await callApi<{ id: number }[]>(
    page,
    'GET',
    '/api/companies',
    undefined,
    user,
  )) as [{ id: number }];
  const listed = (sort: string, desc: boolean) =>
    callApi<Asset[]>(
      page,
      'GET',
      `/read-replica/${company}/rentloopdb/product-tracking?sort=${sort}&desc=${desc}&per_page=10`,
      undefined,
      user,
    );
  const pageFigures = (id: number) =>
    callApi<{ profit: string; utilisation: string | null }>(
      page,
      'GET',
      `/api/${company}/insights/assets/${id}`,
      undefined,
      user,
    );
  const keptFigure = async (id: number, sort: 'profit' | 'utilisation') =>
    (await callApi<Asset>(page, 'GET', `/api/${company}/rentloopdb/product-tracking/${id}`, undefined, user))[
      sort
    ];

  for (const [sort, header] of [
    ['profit', 'Profit'],
    ['utilisation', 'Utilisation'],
  ] as const) {
    for (const desc of [false, true]) {
      // The first click sorts ascending, the second descending.
      await page.getByTestId(dataListIds.sort(sort)).click();
      await expect(page).toHaveURL(new RegExp(`sort=${sort}`));
      if (desc) await expect(page).toHaveURL(/desc=true/);
      await waitForList(page);
      const api = await listed(sort, desc);
      expect(api.length).toBe(10);
      // Polled: the previous order's rows stay on screen until the sorted ones arrive, and the URL changes
      // before the list renders them, so one read just after it could see the old order (it did in CI).
      await expect
        .poll(async () => (await shownSerials(page)).slice(0, 10))
        .toEqual(api.map((a) => a.serial_number));
      // Each unit's figure is its page's, and the figures come in order.
      const figures: (string | null)[] = [];
      for (const a of api.slice(0, 4)) {
        const pnl = await pageFigures(a.id);
        // A unit another test has just changed (the browser tests run side by side on one demo company) is
        // stale until the `asset-figures` job computes it, within seconds (decision 91; the job comes back for
        // a unit another transaction held): the list answers null for its figure meanwhile (a CI run:
        // EBK-FOLD-RED-0020, null against its page's 0.00). Then the kept figure and the page's agree.
        if (a[sort] !== pnl[sort]) {
          await expect
            .poll(async () => (await keptFigure(a.id, sort)) === (await pageFigures(a.id))[sort], {
              timeout: 30_000,
              message: a.serial_number,
            })
            .toBe(true);
        }
        figures.push(pnl[sort]);
      }
      const numbers = figures.filter((f) => f !== null).map(Number);
      const ordered = [...numbers].sort((x, y) => (desc ? y - x : x - y));
      expect(numbers).toEqual(ordered);
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
      await screenshot(page, `asset-sorts-${sort}-${desc ? 'desc' : 'asc'}`);
    }
  }

  // Nine columns are wider than 1280 px beside the drawer: scrolled to the last column, the selection box
  // and the serial number stay in view, the serial right after the box, over the cells scrolling under.
  const table = page.locator('.MuiTableContainer-root');
  const { scrollWidth, clientWidth } = await table.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const firstRow = page.getByTestId(dataListIds.row).first();
  const box = (await table.boundingBox())!;
  const check = (await firstRow.locator('td:nth-child(1)').boundingBox())!;
  const serial = (await firstRow.locator('td:nth-child(2)').boundingBox())!;
  expect(Math.round(check.x)).toBe(Math.round(box.x));
  expect(Math.round(serial.x)).toBe(Math.round(check.x + check.width));
  await expect(page.getByRole('columnheader', { name: 'Profit' })).toBeInViewport();
  // The serial cell is on top at its own place: what the pointer finds there is the serial's link.
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('td')?.textContent ?? '',
    [serial.x + 8, serial.y + serial.height / 2],
  );
  expect(hit.trim()).toBe((await shownSerials(page))[0]);
  await screenshot(page, 'asset-sorts-scrolled');
  await table.evaluate((el) => el.scrollTo({ left: 0 }));

  // A phone: the cards, sorted from "Sort by" behind the "Filters" button.
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId(assetsIds.listPage)).toBeVisible();
  await page.getByTestId(dataListIds.filtersToggle).click();
  await pickFromMenu(page, dataListIds.mobileSort, page.getByRole('option', { name: 'Profit ↓' }));
  await expect(page).toHaveURL(/sort=profit/);
  await expect(page).toHaveURL(/desc=true/);
  await expect(page.getByTestId(dataListIds.placeholderRow)).toHaveCount(0);
  const best = (await listed('profit', true))[0]!;
  await expect(page.getByTestId(dataListIds.card).first()).toContainText(best.serial_number);
  await screenshot(page, 'asset-sorts-profit-desc-phone');
  await page.setViewportSize(DESKTOP);
});
