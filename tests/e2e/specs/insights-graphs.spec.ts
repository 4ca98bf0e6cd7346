/**
 * The Insights graphs (issue 28): a company with two placed orders, one charged (its invoice issued);
 * the stat cards count its subscriptions, the revenue graph shows the invoice, the period switch redraws
 * every graph with 12, 6 and 6 labels, each graph reads as a table too, and a graph that cannot load
 * says "Failed to fetch insights.". Screenshots at desktop and phone width.
 */
import { GRAPH_IDS } from '../../../packages/domain/src/graphs.ts';
import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  customersIds,
  dataListIds,
  insightsIds,
  invoicesIds,
  screenshot,
  signInThroughApi,
  signInToOwnCompany,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * A graph is asked for when its card comes near the screen (GraphCard): scroll past each card, waiting
 * for its table, so that the whole page is drawn.
 */
async function seeEveryGraph(page: Page) {
  const cards = page.locator('[data-testid^="insights-graph-"][aria-labelledby]');
  // Awaited, not counted once: after a resize the page is drawn again for the new width.
  await expect(cards).toHaveCount(GRAPH_IDS.length);
  for (let i = 0; i < GRAPH_IDS.length; i++) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    await expect(
      card.locator('[data-testid^="insights-graph-table-"], [data-testid^="insights-graph-error-"]'),
    ).toHaveCount(1);
  }
}

async function bothWidths(page: Page, name: string) {
  await seeEveryGraph(page);
  await screenshot(page, `insights-graphs-${name}`);
  await page.setViewportSize(PHONE);
  await seeEveryGraph(page);
  await screenshot(page, `insights-graphs-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

const rows = (page: Page, id: string) => page.getByTestId(insightsIds.graphTable(id)).locator('tbody tr');

test('Insights draws the graphs from the records and switches period', async ({ page, a11y }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Graphs');
  const { first } = await seedOrders(page, company.id);
  await callApi(page, 'POST', `/api/${company.id}/rentloopdb/orders/${first.id}/charge`, {});

  await page.goto('/cms/insights');
  const revenue = page.getByTestId(insightsIds.graph('invoice-revenue'));
  await expect(revenue.getByRole('heading', { name: 'Invoice revenue' })).toBeVisible();
  // Graphs far below the fold are not asked for until they come near the screen.
  const lifetime = page.getByTestId(insightsIds.graph('lifetime-value'));
  await expect(lifetime.getByRole('heading')).toBeAttached();
  await expect(page.getByTestId(insightsIds.graphTable('lifetime-value'))).toHaveCount(0);
  await revenue.scrollIntoViewIfNeeded();
  // Monthly: 12 rows in the table alternative, the last this month with the charged order's invoice.
  await expect(rows(page, 'invoice-revenue')).toHaveCount(12);
  await expect(rows(page, 'invoice-revenue').last().locator('td')).not.toHaveText(/^\D*0\.00$/);
  // The charged order's invoice, issued today, is this month's revenue.
  await expect(page.getByTestId(insightsIds.statCard('revenue_this_month'))).not.toContainText(
    /Revenue this month\D*0\.00/,
  );
  await expect(revenue.locator('.recharts-wrapper')).toBeVisible();
  await bothWidths(page, '01-monthly');

  // The cohort grid: this month's first orders, still subscribed (a share in percent).
  const cohorts = page.getByTestId(insightsIds.cohortsTable);
  await page.getByTestId(insightsIds.cohorts).scrollIntoViewIfNeeded();
  const thisMonth = cohorts.locator('tbody tr').last();
  await expect(thisMonth.locator('th')).toHaveText(new Date().toISOString().slice(0, 7));
  await expect(thisMonth.locator('td').first()).not.toHaveText('0');
  await expect(thisMonth.locator('td').nth(1)).toHaveText(/^\d+\.\d{2} %$/);
  // Judged with every card drawn: a wide table scrolls sideways, and its region must take the focus.
  await a11y.check(page);

  // Quarterly and annually: 6 labels each, every graph.
  await page.getByRole('button', { name: 'Quarterly' }).click();
  await expect(rows(page, 'invoice-revenue')).toHaveCount(6);
  await page.getByTestId(insightsIds.graph('new-customers')).scrollIntoViewIfNeeded();
  await expect(rows(page, 'new-customers')).toHaveCount(6);
  await expect(rows(page, 'invoice-revenue').last().locator('th')).toHaveText(/^\d{4}-Q[1-4]$/);
  await page.getByRole('button', { name: 'Annually' }).click();
  await page.getByTestId(insightsIds.graph('churn-and-retention')).scrollIntoViewIfNeeded();
  await expect(rows(page, 'churn-and-retention')).toHaveCount(6);
  await expect(rows(page, 'churn-and-retention').last().locator('th')).toHaveText(
    String(new Date().getFullYear()),
  );

  // The table, shown instead of the chart.
  await revenue.scrollIntoViewIfNeeded();
  await revenue.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByTestId(insightsIds.graphTable('invoice-revenue'))).toBeVisible();
  await expect(revenue.locator('.recharts-wrapper')).toHaveCount(0);
  await bothWidths(page, '02-annually-table');
  await a11y.check(page);

  // The data downloads as CSV.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    revenue.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('invoice-revenue-annually.csv');

  // Drill-down: this year's revenue leads to the invoices issued this year, the filter shown on the list.
  const year = String(new Date().getFullYear());
  await page.getByTestId(insightsIds.graphTable('invoice-revenue')).getByRole('link', { name: year }).click();
  await expect(page).toHaveURL(/\/cms\/invoices\?filters=/);
  await expect(page.getByTestId(invoicesIds.filter('issued_from'))).toHaveValue(`1st Jan ${year}`);
  await expect(page.getByTestId(dataListIds.row).first()).toBeVisible();
  await screenshot(page, 'insights-graphs-03-drilled-to-invoices');
});

test('a new-customers bar leads to the customers created in its month', async ({ page, a11y }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Graphs drill');
  await seedOrders(page, company.id); // one customer, created today
  await page.goto('/cms/insights');
  const card = page.getByTestId(insightsIds.graph('new-customers'));
  await card.scrollIntoViewIfNeeded();
  await expect(rows(page, 'new-customers')).toHaveCount(12);
  await card.getByRole('button', { name: 'Show as table' }).click();
  const month = new Date().toISOString().slice(0, 7);
  await page.getByTestId(insightsIds.graphTable('new-customers')).getByRole('link', { name: month }).click();
  await expect(page).toHaveURL(/\/cms\/customers\?filters=/);
  const year = month.slice(0, 4);
  await expect(page.getByTestId(customersIds.createdFrom)).toHaveValue(new RegExp(`^1st \\S+ ${year}$`));
  await expect(page.getByTestId(customersIds.createdTo)).not.toHaveValue('');
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await a11y.check(page);
  await screenshot(page, 'insights-graphs-05-drilled-to-customers');
  await page.setViewportSize(PHONE);
  // On a phone the filters fold into a button that counts them.
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await expect(page.getByTestId(dataListIds.card)).toHaveCount(1);
  await screenshot(page, 'insights-graphs-05-drilled-to-customers-phone');
});

test('a graph that cannot load says "Failed to fetch insights."', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  await signInToOwnCompany(page, 'admin', '/cms/insights', 'Graphs failing');
  await page.route('**/graphs/lifetime?*', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/cms/insights');
  await page.getByTestId(insightsIds.graph('lifetime')).scrollIntoViewIfNeeded();
  await expect(page.getByTestId(insightsIds.graphError('lifetime'))).toContainText(
    'Failed to fetch insights.',
  );
  await page.getByTestId(insightsIds.graph('lifetime-value')).scrollIntoViewIfNeeded();
  await expect(rows(page, 'lifetime-value')).toHaveCount(12);
});

test('a cohort grid wider than the phone scrolls sideways and takes the keyboard focus', async ({
  page,
  a11y,
}) => {
  test.slow();
  // The demo company has 18 months of history: its grid is wider than a phone.
  await page.setViewportSize(PHONE);
  await signInThroughApi(page, USERS.northwindOwner, '/cms/insights');
  await page.getByTestId(insightsIds.cohorts).scrollIntoViewIfNeeded();
  const region = page.getByRole('region', { name: 'Cohorts table' });
  await expect(page.getByTestId(insightsIds.cohortsTable).locator('tbody tr')).not.toHaveCount(0);
  const overflows = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflows).toBe(true);
  // A keyboard user reaches the grid and scrolls it with the arrow keys.
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await a11y.check(page);
  await screenshot(page, 'insights-graphs-04-cohorts-phone');
});
