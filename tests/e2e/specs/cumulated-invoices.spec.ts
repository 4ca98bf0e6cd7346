/**
 * Cumulated invoices (issue 24 part 5): staff switch a customer to a monthly collective invoice on the
 * customer's page, the test company's clock moves past the next billing date and the month's end, and the
 * card lists the month's one collective invoice, whose page shows its title, its lines (one per charge)
 * and its single VAT breakdown. Desktop and phone screenshots: artifacts/screenshots/cumulated-*.png.
 */
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  cumulatedIds,
  customersIds,
  invoicesIds,
  screenshot,
  signInToOwnCompany,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `cumulated-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `cumulated-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('a customer on a monthly collective invoice gets one invoice at the end of the month', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Cumulated');
  await callApi(page, 'PUT', `/api/companies/${company.id}`, { is_test: true });
  const { first } = await seedOrders(page, company.id);
  const order = await callApi<{ customer_id: number }>(
    page,
    'GET',
    `/api/${company.id}/rentloopdb/orders/${first.id}`,
  );

  // The setting, off at first, switched on the card.
  await page.goto(`/cms/customers/${order.customer_id}`);
  await expect(page.getByTestId(customersIds.detailName)).toBeVisible();
  const card = page.getByTestId(cumulatedIds.card);
  await expect(card.getByTestId(cumulatedIds.empty)).toBeVisible();
  await card.getByRole('combobox').click();
  await page.getByTestId(cumulatedIds.option('collective')).click();
  await expect(card.getByTestId(cumulatedIds.saved)).toBeVisible();
  await expect(card.getByRole('combobox')).toHaveText('Monthly collective invoice');
  await card.scrollIntoViewIfNeeded();
  await bothWidths(page, '01-setting');

  // Past the next billing date and the month's end: the charges were collected, then invoiced once.
  await callApi(page, 'POST', `/api/companies/${company.id}/clock/advance`, { days: 40 });
  await callApi(page, 'POST', `/api/companies/${company.id}/clock/advance`, { days: 30 });
  await page.reload();
  const rows = card.locator(`[data-testid^="customer-cumulated-row-"]`);
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('Collective invoice');
  await card.scrollIntoViewIfNeeded();
  await bothWidths(page, '02-documents');

  const open = card.locator('[data-testid^="customer-cumulated-open-"]').last();
  await open.click();
  await expect(page.getByTestId(invoicesIds.detailTitle)).toHaveText(/^Collective invoice \S+/);
  await expect(page.getByTestId(invoicesIds.line(1))).toContainText('E-bike City 500');
  await expect(page.getByTestId(invoicesIds.line(3))).toBeVisible();
  await bothWidths(page, '03-invoice');
});
