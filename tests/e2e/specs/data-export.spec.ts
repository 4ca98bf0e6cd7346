/**
 * `/cms/data-export/{token?}` (issue 27 part 3): staff export the orders as CSV and as XLSX, see the
 * export's progress end in a Download button, download both files and find in them exactly the orders
 * the list shows; the link of the ready notification (the token in the URL) downloads at once, and a
 * token that is not the company's shows "Could not fetch export data."; the order items (decision 78), one
 * line per order line with its order's number. Screenshots at desktop and
 * phone width: tests/e2e/artifacts/screenshots/data-export-*.png.
 */
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { dataExportIds } from '../../../apps/web/src/features/data-export/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, MESSAGES, pickFromMenu, screenshot, signInToOwnCompany, toasts } from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `data-export-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `data-export-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** Requests an export of the orders in `format`, waits for it to be written; its id. */
async function requestOrders(page: Page, format: 'csv' | 'xlsx'): Promise<number> {
  await page.getByTestId(dataExportIds.format(format)).check();
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/data-export') && r.request().method() === 'POST',
  );
  await page.getByTestId(dataExportIds.submit).click();
  const { data } = (await (await answer).json()) as { data: { id: number } };
  await expect(toasts(page).filter({ hasText: MESSAGES.dataExportRequested }).first()).toBeVisible();
  const row = page.getByTestId(dataExportIds.row(data.id));
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(row).toContainText('2 of 2 rows');
  return data.id;
}

async function downloadOf(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('staff export the orders as CSV and XLSX, see them written and download them', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'user', '/cms/insights', 'Export');
  const { first, second } = await seedOrders(page, company.id);
  const listed = await callApi<{ id: number }[]>(
    page,
    'GET',
    `/read-replica/${company.id}/rentloopdb/orders?per_page=100`,
  );
  expect(listed.map((o) => o.id).sort()).toEqual([first.id, second.id].sort());

  await page.goto('/cms/data-export');
  await expect(page.getByRole('heading', { name: 'Data export' })).toBeVisible();
  await expect(page.getByTestId(dataExportIds.column('id'))).toBeChecked();
  await bothWidths(page, '01-form');

  // CSV: UTF-8 with a BOM, a header line, one line per order of the list.
  const csvId = await requestOrders(page, 'csv');
  await bothWidths(page, '02-ready');
  const csv = await downloadOf(page, () => page.getByTestId(dataExportIds.download(csvId)).click());
  expect(csv.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d+\.csv$/);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  const header = lines[0]!.split(',');
  const idAt = header.indexOf('id');
  expect(idAt).toBeGreaterThanOrEqual(0);
  expect(lines.slice(1).map((l) => Number(l.split(',')[idAt]))).toEqual(listed.map((o) => o.id));

  // XLSX of three columns: a workbook whose sheet holds those columns and the same orders.
  await page.getByTestId(dataExportIds.allColumns).click();
  for (const column of ['id', 'status', 'customer_name']) {
    await page.getByTestId(dataExportIds.column(column)).check();
  }
  const xlsxId = await requestOrders(page, 'xlsx');
  const xlsx = await downloadOf(page, () => page.getByTestId(dataExportIds.download(xlsxId)).click());
  expect(xlsx.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d+\.xlsx$/);
  const sheet = strFromU8(unzipSync(new Uint8Array(xlsx.bytes))['xl/worksheets/sheet1.xml']!);
  const rows = [...sheet.matchAll(/<row>(.*?)<\/row>/g)].map((m) =>
    [...m[1]!.matchAll(/<t xml:space="preserve">(.*?)<\/t>|<v>(.*?)<\/v>/g)].map((c) => c[1] ?? c[2]),
  );
  expect(rows[0]).toEqual(['id', 'status', 'customer_name']);
  expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(listed.map((o) => o.id));

  // The notification's link: the token in the URL downloads the export at once.
  const tokens = await page.evaluate(() => localStorage.getItem('rentloop.data-export-tokens'));
  const token = (JSON.parse(tokens ?? '{}') as Record<string, string>)[String(csvId)]!;
  const linked = await downloadOf(page, () =>
    page.goto(`/cms/data-export/${token}?company=${company.id}`).then(() => {}),
  );
  expect(linked.name).toBe(csv.name);
  await expect(page.getByTestId(dataExportIds.tokenStatus)).toHaveAttribute('data-state', 'success');
  await bothWidths(page, '03-link');

  // A token that is no export of this company.
  await page.goto(`/cms/data-export/${'x'.repeat(43)}`);
  await expect(toasts(page).filter({ hasText: MESSAGES.dataExportFetchFailed })).toBeVisible();
  await expect(page.getByTestId(dataExportIds.tokenStatus)).toHaveAttribute('data-state', 'error');
  await bothWidths(page, '04-bad-link');

  // Order items: one line per order line (each seeded order has one), with its order's number.
  await page.goto('/cms/data-export');
  await pickFromMenu(page, dataExportIds.kind, page.getByRole('option', { name: 'Order Items' }));
  await expect(page.getByTestId(dataExportIds.column('order_number'))).toBeChecked();
  await expect(page.getByTestId(dataExportIds.column('quantity'))).toBeChecked();
  const itemsId = await requestOrders(page, 'csv');
  await bothWidths(page, '05-order-items');
  const items = await downloadOf(page, () => page.getByTestId(dataExportIds.download(itemsId)).click());
  expect(items.name).toMatch(/^order-items-\d{4}-\d{2}-\d{2}-\d+\.csv$/);
  const itemLines = items.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  const itemHeader = itemLines[0]!.split(',');
  const [lineIds, numbers] = [itemHeader.indexOf('id'), itemHeader.indexOf('order_number')];
  expect(itemLines.slice(1).map((l) => l.split(',')[numbers])).toEqual([second, first].map((o) => o.number));
  expect(itemLines.slice(1).map((l) => Number(l.split(',')[lineIds]))).toEqual(
    [second, first].map((o) => o.items[0]!.id),
  );
});
