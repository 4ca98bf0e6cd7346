/**
 * The demo company a newcomer signs in to has a history to look at (issue 14, item 6): hundreds of
 * orders made over 18 months, quotes, and subscriptions in many statuses, each opening on its screen.
 * Its last months are billed (npm test starts the server with DEMO_BILLING_DAYS=40): numbered invoices and
 * recurring payments. Read only: the demo's lists
 * are shared by other specs.
 */
import { invoicesIds } from '../../../apps/web/src/features/invoices/testids.ts';
import { subscriptionsIds } from '../../../apps/web/src/features/subscriptions/testids.ts';
import { USERS } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import { dataListIds, ordersIds, pagerRange, screenshot, signInThroughApi, waitForList } from '../helpers.ts';

test('the demo company shows 18 months of orders, quotes and subscriptions', async ({ page }) => {
  test.slow();
  await signInThroughApi(page, USERS.northwindUser, '/cms/orders');
  await waitForList(page);
  const orders = await pagerRange(page, dataListIds.pagerRange);
  expect(orders.total).toBeGreaterThan(100);
  // Newest first: the first row is a recent order, the last page's from a year and more ago.
  await expect(page.getByTestId(dataListIds.row).first()).toContainText('ORD-');
  await screenshot(page, 'demo-01-orders');

  await page.getByTestId(dataListIds.row).first().getByTestId(dataListIds.rowLink).first().click();
  await expect(page.getByTestId(ordersIds.detailTitle)).toHaveText(/^Order ORD-\d+$/);
  await expect(page.getByTestId(ordersIds.chip('status'))).toBeVisible();
  await screenshot(page, 'demo-02-order');

  await page.goto('/cms/orders/drafts');
  await waitForList(page);
  expect((await pagerRange(page, dataListIds.pagerRange)).total).toBeGreaterThan(0);

  await page.goto('/cms/subscriptions');
  await waitForList(page);
  const subscriptions = await pagerRange(page, dataListIds.pagerRange);
  expect(subscriptions.total).toBeGreaterThan(100);
  await screenshot(page, 'demo-03-subscriptions');
  await page.getByTestId(dataListIds.row).first().getByTestId(dataListIds.rowLink).first().click();
  await expect(page.getByTestId(subscriptionsIds.detailPage)).toBeVisible();
  await expect(page.getByTestId(subscriptionsIds.orderLink)).toContainText('ORD-');
  await screenshot(page, 'demo-04-subscription');
});

test('the demo company shows the invoices its months of billing made', async ({ page }) => {
  test.slow();
  await signInThroughApi(page, USERS.northwindUser, '/cms/invoices');
  await waitForList(page);
  // Weeks of a few hundred subscriptions' recurring payments and new orders' first payments.
  expect((await pagerRange(page, dataListIds.pagerRange)).total).toBeGreaterThan(100);
  await screenshot(page, 'demo-05-invoices');
  await page.getByTestId(dataListIds.row).first().getByTestId(dataListIds.rowLink).first().click();
  await expect(page.getByTestId(invoicesIds.detailTitle)).toHaveText(/^Invoice INV-\d{4}-\d+$/);
  await expect(page.getByTestId(invoicesIds.paymentStatus)).toHaveAttribute(
    'data-status',
    /^(settled|pending payment)$/,
  );
  await screenshot(page, 'demo-06-invoice');

  await page.goto('/cms/recurring-payments');
  await waitForList(page);
  expect((await pagerRange(page, dataListIds.pagerRange)).total).toBeGreaterThan(100);
});
