/**
 * "Download PDFs" on the invoices list (spec 01 §7 `POST invoices/zip`, §8): a staff member selects
 * invoices, confirms, and is told "Preparing the download, you will receive an email shortly."; the mail
 * arrives with the link, whose page downloads the ZIP. A request the server refuses (an invoice that is not
 * the company's) shows "Failed to download invoices in bulk.". Screenshots at desktop and phone width:
 * tests/e2e/artifacts/screenshots/invoices-zip-*.png.
 */
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  dataListIds,
  invoicesIds,
  linkIn,
  MESSAGES,
  screenshot,
  signInToOwnCompany,
  toasts,
  waitForMail,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Selects the first `count` rows of the list and opens "Download PDFs" on them. */
async function openDownload(page: Page, count: number) {
  await page.goto('/cms/invoices');
  // Rows of a table at desktop width, cards at phone width: each with its selection checkbox.
  const boxes = page.getByTestId(dataListIds.selectRow);
  await expect(boxes).toHaveCount(2);
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await expect(page.getByTestId(invoicesIds.zip)).toHaveText(`Download PDFs (${count})`);
  await page.getByTestId(invoicesIds.zip).click();
  await expect(page.getByTestId(invoicesIds.zipDialog)).toBeVisible();
}

test('staff download the PDFs of selected invoices through the mailed link', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company, user } = await signInToOwnCompany(page, 'user', '/cms/insights', 'Zip');
  const { first, second } = await seedOrders(page, company.id);
  for (const order of [first, second]) {
    await callApi(page, 'POST', `/api/${company.id}/rentloopdb/orders/${order.id}/charge`, {});
  }

  // Both invoices selected: the dialog says what happens, the toast that it is under way.
  await openDownload(page, 2);
  await expect(page.getByTestId(invoicesIds.zipDialog)).toContainText('Download the PDFs of 2 invoices');
  await screenshot(page, 'invoices-zip-01-dialog');
  await page.getByTestId(invoicesIds.zipConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.invoicesZipQueued })).toBeVisible();
  await expect(page.getByTestId(invoicesIds.zipDialog)).toHaveCount(0);
  await expect(page.getByTestId(dataListIds.selectionBar)).toHaveCount(0);
  await screenshot(page, 'invoices-zip-02-queued');

  // The mail's link opens the download page, which downloads the ZIP with the signed-in session.
  const mail = await waitForMail(user.email, /ready to download/);
  expect(mail.text).toContain('2 invoices');
  const link = linkIn(mail, '/cms/invoice-downloads/');
  expect(link.searchParams.get('company')).toBe(String(company.id));
  const download = page.waitForEvent('download');
  await page.goto(`${link.pathname}${link.search}`);
  expect((await download).suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}-\d+\.zip$/);
  await expect(page.getByTestId(invoicesIds.zipStatus)).toHaveAttribute('data-state', 'success');
  await screenshot(page, 'invoices-zip-03-download-page');

  // At phone width: one invoice, and the server refusing it (its id rewritten to one the company does not
  // have, on the way to the real server) shows the spec's failure text, the reason kept in the dialog.
  await page.setViewportSize(PHONE);
  await screenshot(page, 'invoices-zip-03-download-page-phone');
  await openDownload(page, 1);
  await expect(page.getByTestId(invoicesIds.zipDialog)).toContainText('Download the PDF of 1 invoice');
  await screenshot(page, 'invoices-zip-01-dialog-phone');
  await page.route('**/rentloopdb/invoices/zip', (route) =>
    route.continue({ postData: JSON.stringify({ ids: [999_999_999] }) }),
  );
  await page.getByTestId(invoicesIds.zipConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.invoicesZipFailed })).toBeVisible();
  await expect(page.getByTestId(invoicesIds.zipDialog)).toContainText(MESSAGES.notFound);
  await screenshot(page, 'invoices-zip-04-failed-phone');
  await page.unroute('**/rentloopdb/invoices/zip');
  await page.getByTestId(invoicesIds.zipConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.invoicesZipQueued })).toBeVisible();
  await screenshot(page, 'invoices-zip-02-queued-phone');
});
