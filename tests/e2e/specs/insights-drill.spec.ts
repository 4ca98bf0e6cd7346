/**
 * Insights drill-downs added by decision 75: the active-subscriptions figure of this month leads to the
 * subscriptions running today, the active-customers bar's period to the customers subscribed today, the
 * unpaid-invoices period to this month's unpaid invoices, and the cohort grid to the customers of a
 * first-order month. Each list shows the filter it was opened with and lists as many records as the
 * graph counts. Screenshots at desktop and phone width.
 */
import { subscriptionsIds } from '../../../apps/web/src/features/subscriptions/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  customersIds,
  dataListIds,
  insightsIds,
  invoicesIds,
  screenshot,
  signInToOwnCompany,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** This month's row of a graph's table (shown instead of the chart). */
async function thisMonth(page: Page, id: string) {
  const card = page.getByTestId(insightsIds.graph(id));
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Show as table' }).click();
  return page.getByTestId(insightsIds.graphTable(id)).locator('tbody tr').last();
}

/** A list with `n` records shows n rows, or says none match. */
async function expectRows(page: Page, n: number) {
  if (n === 0) await expect(page.getByTestId(dataListIds.empty)).toBeVisible();
  else await expect(page.getByTestId(dataListIds.row)).toHaveCount(n);
}

test('the active, unpaid and cohort figures lead to the lists of their records', async ({ page, a11y }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Drill more');
  const { first } = await seedOrders(page, company.id);
  await callApi(page, 'POST', `/api/${company.id}/rentloopdb/orders/${first.id}/charge`, {});
  const month = new Date().toISOString().slice(0, 7);
  const today = new Date().toISOString().slice(0, 10);

  // Active subscriptions: the figure links to the subscriptions running today.
  await page.goto('/cms/insights');
  let row = await thisMonth(page, 'active-customers');
  const running = Number(await row.locator('td').nth(1).textContent());
  expect(running).toBeGreaterThan(0);
  await row.locator('td').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/cms/subscriptions\\?filters=.*running_on.*${today}`));
  await expect(page.getByTestId(subscriptionsIds.runningOn)).not.toHaveValue('');
  await expectRows(page, running);
  await a11y.check(page);
  await screenshot(page, 'insights-drill-01-running-subscriptions');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(page.getByTestId(dataListIds.card)).toHaveCount(running);
  await screenshot(page, 'insights-drill-01-running-subscriptions-phone');
  await page.setViewportSize(DESKTOP);

  // Active customers: the period links to the customers with a subscription running today.
  await page.goto('/cms/insights');
  row = await thisMonth(page, 'active-customers');
  const customers = Number(await row.locator('td').first().textContent());
  expect(customers).toBe(1);
  await row.getByRole('link', { name: month }).click();
  await expect(page).toHaveURL(/\/cms\/customers\?filters=.*subscribed_on/);
  await expect(page.getByTestId(customersIds.subscribedOn)).not.toHaveValue('');
  await expectRows(page, customers);

  // Unpaid invoices: the period links to this month's invoices still owed, the Unpaid filter set.
  await page.goto('/cms/insights');
  row = await thisMonth(page, 'unpaid-invoices');
  const unpaid = Number(await row.locator('td').first().textContent());
  await row.getByRole('link', { name: month }).click();
  await expect(page).toHaveURL(/\/cms\/invoices\?filters=.*unpaid/);
  await expect(page.getByTestId(invoicesIds.filter('unpaid'))).toHaveValue('true');
  await expect(page.getByTestId(invoicesIds.filter('issued_from'))).not.toHaveValue('');
  await expectRows(page, unpaid);

  // The cohort grid: this month's cohort, and its month-0 cell (still subscribed today).
  await page.goto('/cms/insights');
  await page.getByTestId(insightsIds.cohorts).scrollIntoViewIfNeeded();
  const cohort = page.getByTestId(insightsIds.cohortsTable).locator('tbody tr').last();
  const size = Number(await cohort.locator('td').first().textContent());
  expect(size).toBe(1);
  await page.getByTestId(insightsIds.cohortLink(month)).click();
  await expect(page).toHaveURL(/\/cms\/customers\?filters=.*first_order_from/);
  await expect(page.getByTestId(customersIds.firstOrderFrom)).toHaveValue(/^1st /);
  await expectRows(page, size);
  await a11y.check(page);
  await screenshot(page, 'insights-drill-02-cohort-customers');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await screenshot(page, 'insights-drill-02-cohort-customers-phone');
  await page.setViewportSize(DESKTOP);
  await page.goto('/cms/insights');
  await page.getByTestId(insightsIds.cohorts).scrollIntoViewIfNeeded();
  await page.getByTestId(insightsIds.cohortCell(month, 0)).click();
  await expect(page).toHaveURL(/first_order_from.*subscribed_on/);
  await expectRows(page, 1);
});
