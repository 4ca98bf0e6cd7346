/**
 * The asset's "Profit and loss" panel (issue 26 part 5): an e-bike bought for 1,200.00 goes out to a
 * subscription whose order was charged; the panel shows the initial invoice's revenue as invoiced, not yet
 * collected, and what is left to pay the bike back; once the invoice is settled it counts as collected;
 * when the bike is marked stolen the panel states the loss. Screenshots at 1280 and 390 wide:
 * tests/e2e/artifacts/screenshots/asset-pnl-*.png.
 */
import { assetsIds } from '../../../apps/web/src/features/assets/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, MESSAGES, ordersIds, screenshot, signInToOwnCompany, toasts } from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function bothWidths(page: Page, name: string) {
  // Whole-page pictures: no scrolling (a scrolled page pictures the fixed app bar in its middle).
  const panel = page.getByTestId(assetsIds.pnl);
  await screenshot(page, `asset-pnl-${name}`);
  await page.setViewportSize(PHONE);
  await expect(panel).toBeVisible();
  await screenshot(page, `asset-pnl-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('the asset page shows its profit and loss, collected once paid, and the loss when stolen', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/assets', 'Assets', 'EUR');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const bike = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'City e-bike',
    rental_prices: { monthly: '59.00' },
    variants: [{ name: 'Large frame', sku: 'EBIKE-L', price: '2400.00' }],
  });
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name: 'Jonas Weber',
    email: `jonas.${company.id}@e2e.rentloop.test`,
    language: 'en',
  });
  const order = await callApi<{ id: number; subscription_ids: number[] }>(page, 'POST', api('orders/full'), {
    customer_id: customer.id,
    items: [{ variant_id: bike.variants[0]!.id, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
  });
  const charged = await callApi<{ invoice: { id: number }; transaction: unknown }>(
    page,
    'POST',
    api(`orders/${order.id}/charge`),
    {},
  );
  const asset = await callApi<{ id: number }>(page, 'POST', api('product-tracking'), {
    serial_number: 'EB-PNL-0001',
    variant_id: bike.variants[0]!.id,
    purchase_cost: '1200.00',
  });
  await callApi(page, 'POST', api(`product-tracking/${asset.id}/actions`), {
    action: 'rent_out',
    subscription_id: order.subscription_ids[0],
  });

  // Out, invoiced, not yet paid: nothing collected, the whole cost still to earn.
  await page.goto(`/cms/assets/${asset.id}`);
  const field = (name: string) => page.getByTestId(assetsIds.pnlField(name));
  await expect(field('purchase_cost')).toHaveText('€1,200.00');
  await expect(field('revenue_collected')).toHaveText('€0.00');
  await expect(field('revenue_invoiced')).not.toHaveText('€0.00');
  await expect(field('profit')).toHaveText('-€1,200.00');
  await expect(field('payback')).toHaveText('€1,200.00 to go');
  await expect(field('days')).toHaveText('0 / 0');
  await expect(field('loss')).toHaveCount(0);

  // Paid by transfer: what was invoiced is collected.
  await callApi(page, 'POST', api(`invoices/${charged.invoice.id}/settle`), {
    transaction_id: 'TRF-2026-77',
  });
  await page.reload();
  const invoiced = (await field('revenue_invoiced').textContent()) ?? '';
  await expect(field('revenue_collected')).toHaveText(invoiced);
  await bothWidths(page, '01-rented');

  // Stolen: the rest of the cost is written off.
  const remaining = (await field('payback').textContent())?.replace(' to go', '') ?? '';
  await page.getByTestId(assetsIds.action('mark_stolen')).click();
  await page.getByTestId(assetsIds.field('reason')).fill('Not returned, reported to the police');
  await page.getByTestId(assetsIds.actionConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.assetStatusChanged })).toBeVisible();
  await expect(field('loss')).toBeVisible();
  await expect(field('loss')).toContainText(`Loss written off: ${remaining}`);
  await expect(field('payback')).toHaveText('Not paid back');
  await bothWidths(page, '02-stolen');

  // The order's page names the unit its item's subscription had, with its status, linking to the asset.
  await page.goto(`/cms/orders/${order.id}`);
  const orderItem = (await callApi<{ items: { id: number }[] }>(page, 'GET', api(`orders/${order.id}`)))
    .items[0]!;
  const units = page.getByTestId(ordersIds.itemUnits(orderItem.id));
  await expect(units).toHaveText('Serial EB-PNL-0001 (stolen)');
  await screenshot(page, 'asset-pnl-03-order-unit');
  await page.setViewportSize(PHONE);
  await expect(units).toBeVisible();
  await screenshot(page, 'asset-pnl-03-order-unit-phone');
  await page.setViewportSize(DESKTOP);
  await units.getByRole('link', { name: 'EB-PNL-0001' }).click();
  await expect(page).toHaveURL(new RegExp(`/cms/assets/${asset.id}$`));
});
