/**
 * Subscriptions: an order of two rented e-bikes makes two subscriptions; the list finds them and
 * changes their status in bulk; the detail toggles auto-renew, ends one with a reason and
 * reactivates it, and the API refuses a second reactivation.
 */
import { subscriptionsIds } from '../../../apps/web/src/features/subscriptions/testids.ts';
import { USERS } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import {
  callApi,
  choose,
  dataListIds,
  MESSAGES,
  pickFromMenu,
  screenshot,
  sessionToken,
  signInToOwnCompany,
  toasts,
  waitForList,
} from '../helpers.ts';
import { setUpOrderCatalog } from '../order-setup.ts';

test('staff find the subscriptions of a new order, change them in bulk, end one and reactivate it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/subscriptions', 'Subs');
  const { api, cart } = await setUpOrderCatalog(page, company.id);
  const order = await callApi<{ id: number; subscription_ids: number[] }>(
    page,
    'POST',
    api('orders/full'),
    cart,
  );
  expect(order.subscription_ids).toHaveLength(2);
  const [first, second] = order.subscription_ids as [number, number];

  // The list: both rented units, priced per month.
  await page.reload();
  await waitForList(page);
  const rows = page.getByTestId(dataListIds.row);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('E-bike');
  await expect(rows.first()).toContainText('CA$89.00 / month');
  await expect(rows.first()).toContainText('Camille Roy');
  await screenshot(page, 'subscriptions-01-list');

  // Filter by status: none is paused yet.
  await choose(page, subscriptionsIds.statusFilter, subscriptionsIds.statusOption('paused'));
  await expect(page.getByTestId(dataListIds.root)).toContainText('No subscriptions match.');
  await choose(page, subscriptionsIds.statusFilter, subscriptionsIds.statusOption('active'));
  await waitForList(page);
  await expect(rows).toHaveCount(2);

  // Bulk: pause both; each one's outcome is shown.
  await page.getByTestId(dataListIds.selectPage).click();
  await page.getByTestId(subscriptionsIds.bulkStatus).click();
  await choose(page, subscriptionsIds.bulkStatusField, subscriptionsIds.statusOption('paused'));
  await page.getByTestId(subscriptionsIds.bulkApply).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.subscriptionsUpdated })).toBeVisible();
  await expect(page.getByTestId(subscriptionsIds.bulkResult(first))).toContainText('Updated');
  await expect(page.getByTestId(subscriptionsIds.bulkResult(second))).toContainText('Updated');
  await screenshot(page, 'subscriptions-02-bulk-results');
  await page.getByTestId(subscriptionsIds.bulkClose).click();

  // The detail: resume, auto-renew, end with a reason, reactivate.
  await page.goto(`/cms/subscriptions/${first}`);
  const detail = page.getByTestId(subscriptionsIds.detailPage);
  await expect(detail.getByTestId('status-chip')).toHaveAttribute('data-status', 'paused');
  await page.getByTestId(subscriptionsIds.action('resume')).click();
  await expect(detail.getByTestId('status-chip')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId(subscriptionsIds.orderLink)).toHaveAttribute(
    'href',
    `/cms/orders/${order.id}`,
  );
  await expect(page.getByTestId('subscription-field-price')).toContainText('CA$89.00 / month');
  await expect(page.getByTestId('subscription-field-tax')).toContainText('14.975 %');

  const autoRenew = page.getByRole('switch', { name: 'Auto-renew' });
  const wasOn = await autoRenew.isChecked();
  await autoRenew.click();
  await expect(toasts(page).filter({ hasText: MESSAGES.autoRenewUpdated })).toBeVisible();
  await expect(autoRenew).toBeChecked({ checked: !wasOn });
  await screenshot(page, 'subscriptions-03-detail');

  await page.getByTestId(subscriptionsIds.action('end')).click();
  await page.getByTestId(subscriptionsIds.endConfirm).click();
  await expect(page.getByTestId(subscriptionsIds.endDialog)).toContainText(MESSAGES.required);
  await pickFromMenu(page, subscriptionsIds.endReasonCode, page.getByRole('option', { name: 'Moved away' }));
  await page.getByTestId(subscriptionsIds.endReason).fill('Customer moved abroad');
  await page.getByRole('radio', { name: 'Now' }).check();
  await screenshot(page, 'subscriptions-04-end-dialog');
  await page.getByTestId(subscriptionsIds.endConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.subscriptionEnded })).toBeVisible();
  await expect(detail.getByTestId('status-chip')).toHaveAttribute('data-status', 'ended');
  await expect(page.getByTestId('subscription-field-ended')).toContainText('Customer moved abroad');

  await page.getByTestId(subscriptionsIds.action('reactivate')).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.subscriptionReactivated })).toBeVisible();
  await expect(detail.getByTestId('status-chip')).toHaveAttribute('data-status', 'active');
  await screenshot(page, 'subscriptions-05-reactivated');

  // Reactivating an active subscription: 409 with the spec's words.
  const token = await sessionToken(page, USERS.operator);
  const again = await page.request.put(api(`subscriptions/${first}`), {
    data: { action: 'reactivate' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe(MESSAGES.subscriptionAlreadyActive);

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(detail.getByTestId('status-chip')).toHaveAttribute('data-status', 'active');
  await screenshot(page, 'subscriptions-06-phone');
});
