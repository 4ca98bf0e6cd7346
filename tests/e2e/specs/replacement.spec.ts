/**
 * A replacement unit (issue 26 part 6): an e-bike never arrived. The merchant swaps the missing product on
 * the order page (its subscription waits as pending replacement, the order is tagged "replacement"), then
 * scans the replacement's serial on the subscription page: the new unit is rented out, the missing one
 * is written off as stolen with its replacement named, the subscription runs again and the order is
 * tagged "replaced". Screenshots at 1440 and 390 wide: tests/e2e/artifacts/screenshots/replacement-*.png.
 */
import { assetsIds } from '../../../apps/web/src/features/assets/testids.ts';
import { ordersIds } from '../../../apps/web/src/features/orders/testids.ts';
import { assignUnitIds } from '../../../apps/web/src/features/subscriptions/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, MESSAGES, pickFromMenu, screenshot, signInToOwnCompany, toasts } from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `replacement-${name}`);
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await screenshot(page, `replacement-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('a merchant swaps an e-bike lost in delivery and sends the replacement by its serial', async ({
  page,
  a11y,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/assets', 'Assets', 'EUR');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const product = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'Trekking e-bike',
    rental_prices: { monthly: '69.00' },
    variants: [{ name: 'Medium frame', sku: 'TREK-M', price: '2600.00' }],
  });
  const variant = product.variants[0]!.id;
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name: 'Lena Lostparcel',
    email: `lena-${company.id}@velo.test`,
  });
  const order = await callApi<{ id: number; subscription_ids: number[] }>(page, 'POST', api('orders/full'), {
    customer_id: customer.id,
    items: [{ variant_id: variant, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
  });
  const sub = order.subscription_ids[0]!;
  const missing = await callApi<{ id: number }>(page, 'POST', api('product-tracking'), {
    serial_number: 'TREK-LOST-01',
    variant_id: variant,
  });
  await callApi(page, 'POST', api('product-tracking'), { serial_number: 'TREK-NEW-02', variant_id: variant });
  await callApi(page, 'POST', api(`subscriptions/${sub}/product-tracking`), {
    serial_number: 'TREK-LOST-01',
  });

  // The order page: swap the missing product, lost in transit.
  await page.goto(`/cms/orders/${order.id}`);
  await page.getByTestId(ordersIds.moreActions).click();
  await page.getByTestId(ordersIds.action('swap')).click();
  const swap = page.getByTestId(ordersIds.swapDialog);
  await expect(swap.getByRole('heading', { name: 'Swap missing product' })).toBeVisible();
  await pickFromMenu(page, ordersIds.swapReason, page.getByRole('option', { name: 'Lost in transit' }));
  await page.getByTestId(ordersIds.swapNote).fill('Courier has no scan after the depot');
  await page.getByTestId(ordersIds.swapConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.swapSucceeded })).toBeVisible();
  await expect(swap).toBeHidden();

  // The subscription waits for its replacement; it still holds the missing unit.
  await page.goto(`/cms/subscriptions/${sub}`);
  await expect(page.getByTestId('status-chip').first()).toHaveAttribute('data-status', 'pending replacement');
  await expect(page.getByTestId(assignUnitIds.asset)).toContainText('TREK-LOST-01');
  const send = page.getByTestId(assignUnitIds.open);
  await expect(send).toHaveText('Send replacement');
  await send.click();
  const dialog = page.getByTestId(assignUnitIds.dialog);
  await expect(dialog.getByRole('heading', { name: 'Send replacement unit' })).toBeVisible();
  // Lost in transit: the dialog says the unit it replaces is written off as stolen.
  await expect(dialog).toContainText('never arrived: it is written off as stolen');
  // A serial that is no unit of the company is refused on the field, and nothing changes.
  await page.getByTestId(assignUnitIds.serial).fill('TREK-NOPE');
  await page.getByTestId(assignUnitIds.confirm).click();
  await expect(dialog.getByText(MESSAGES.assetSerialNotFound)).toBeVisible();
  // Scanned: a scanner types the serial and presses Enter.
  await page.getByTestId(assignUnitIds.serial).fill('trek-new-02');
  await page.getByTestId(assignUnitIds.reason).fill('Sent by express');
  await a11y.check(page);
  await bothWidths(page, '01-send');
  await page.getByTestId(assignUnitIds.serial).press('Enter');
  await expect(toasts(page).filter({ hasText: MESSAGES.assetStatusChanged })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Running again with the new unit; the button is gone (it holds a unit).
  await expect(page.getByTestId('status-chip').first()).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId(assignUnitIds.asset)).toContainText('TREK-NEW-02');
  await expect(page.getByTestId(assignUnitIds.asset).getByTestId('status-chip')).toHaveAttribute(
    'data-status',
    'rented out',
  );
  await expect(page.getByTestId(assignUnitIds.open)).toHaveCount(0);
  await bothWidths(page, '02-running');

  // The missing unit: written off as stolen, its history naming the replacement.
  await page.goto(`/cms/assets/${missing.id}`);
  await expect(page.getByTestId(assetsIds.status)).toHaveAttribute('data-status', 'stolen');
  await expect(page.getByTestId(assetsIds.historyRow).first()).toContainText(
    'Missing: replaced by TREK-NEW-02. Sent by express',
  );
  await bothWidths(page, '03-missing-asset');

  // The order is tagged "replaced".
  const detail = await callApi<{ tag: string | null }>(page, 'GET', api(`orders/${order.id}`));
  expect(detail.tag).toBe('replaced');
});
