/**
 * One-time payments and buyouts (issue 24 parts 3 and 4): a merchant whose company charges through
 * Stripe (the local fake the test server runs) opens a subscription of a paid order, charges a one-time
 * payment from its page and one from the order's page, then opens the Buyout action: the dialog shows the offer (catalog buyout price,
 * what was paid so far, what is left), confirms, and shows the buyout invoice and its charge; the
 * subscription has ended, bought out, and offers no reactivation. Screenshots at 1280 and 390 wide:
 * tests/e2e/artifacts/screenshots/buyouts-*.png; axe judges every screen visited (fixtures.ts).
 */

import { FAKE_STRIPE } from '../../../apps/api/src/integrations/payments/testing/fake-stripe.ts';
import { actionDialogIds } from '../../../apps/web/src/components/testids.ts';
import { ordersIds } from '../../../apps/web/src/features/orders/testids.ts';
import { oneTimeIds, subscriptionsIds } from '../../../apps/web/src/features/subscriptions/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, MESSAGES, screenshot, signInToOwnCompany, toasts } from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `buyouts-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `buyouts-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('a merchant charges a one-time payment on a subscription, then buys it out', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Buyouts', 'EUR');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  await callApi(page, 'PUT', `/api/companies/${company.id}/settings/payment_service_provider`, {
    enabled_gateways: ['offlinegateway', 'stripe'],
    default_gateway: 'stripe',
    test_mode: true,
    credentials: { stripe: { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret } },
  });
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name: 'Mira Lehmann',
    email: `mira.${company.id}@e2e.rentloop.test`,
    language: 'en',
  });
  await callApi(page, 'POST', api(`customers/${customer.id}/payment-methods`), {
    gateway: 'stripe',
    customer_reference: FAKE_STRIPE.customerId,
    method_reference: 'pm_card_visa',
  });
  const bike = await callApi<{ id: number; variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'Cargo bike',
    rental_prices: { monthly: '49.90' },
    variants: [{ sku: `CB-${company.id}`, name: 'Long', price: '3200.00' }],
  });
  await callApi(page, 'PUT', api('products'), { products: [{ id: bike.id, buyout_price: '900.00' }] });
  const order = await callApi<{ id: number; subscription_ids: number[] }>(page, 'POST', api('orders/full'), {
    customer_id: customer.id,
    items: [{ variant_id: bike.variants[0]!.id, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
  });
  await callApi(page, 'POST', api(`orders/${order.id}/charge`), {});
  const subscriptionId = order.subscription_ids[0]!;

  // A one-time payment from the subscription's page.
  await page.goto(`/cms/subscriptions/${subscriptionId}`);
  await page.getByTestId(oneTimeIds.open).click();
  const oneTime = page.getByTestId(oneTimeIds.dialog);
  await expect(oneTime).toBeVisible();
  await oneTime.getByTestId(oneTimeIds.message).fill('Replacement lock');
  await oneTime.getByTestId(oneTimeIds.amount).fill('25.00');
  await bothWidths(page, '01-one-time-dialog');
  await oneTime.getByTestId(oneTimeIds.confirm).click();
  const charged = page.getByTestId(oneTimeIds.outcome);
  await expect(charged).toBeVisible();
  await expect(toasts(page).filter({ hasText: MESSAGES.oneTimePaymentCharged })).toBeVisible();
  await expect(charged.locator('[data-status="succeeded"]')).toBeVisible();
  await bothWidths(page, '02-one-time-outcome');
  await page.getByTestId(actionDialogIds.done).click();

  // The same action on the order's page: an amount at the rate of the order's first item.
  // On the order's page the action is under "More actions" (the header keeps its everyday buttons).
  await page.goto(`/cms/orders/${order.id}`);
  await page.getByTestId(ordersIds.moreActions).click();
  await page.getByTestId(oneTimeIds.open).click();
  const fromOrder = page.getByTestId(oneTimeIds.dialog);
  await fromOrder.getByTestId(oneTimeIds.message).fill('Late return fee');
  await fromOrder.getByTestId(oneTimeIds.amount).fill('10');
  await fromOrder.getByTestId(oneTimeIds.confirm).click();
  await expect(page.getByTestId(oneTimeIds.outcome).locator('[data-status="succeeded"]')).toBeVisible();
  await bothWidths(page, '03-order-one-time-outcome');
  await page.getByTestId(actionDialogIds.done).click();
  await page.goto(`/cms/subscriptions/${subscriptionId}`);

  // The buyout: the offer, the price left to pay by default, confirmed.
  await page.getByTestId(subscriptionsIds.action('bought_out')).click();
  const dialog = page.getByTestId(subscriptionsIds.buyoutDialog);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('buyout-offer-price')).toContainText('900.00');
  await expect(dialog.getByTestId('buyout-offer-paid')).toContainText('49.90');
  await expect(dialog.getByTestId(subscriptionsIds.buyoutPrice)).toHaveValue('850.10');
  await dialog.getByTestId(subscriptionsIds.buyoutMessage).fill('The customer keeps the bike.');
  await bothWidths(page, '04-buyout-dialog');
  await dialog.getByTestId(subscriptionsIds.buyoutConfirm).click();
  const outcome = page.getByTestId(subscriptionsIds.buyoutOutcome);
  await expect(outcome).toBeVisible();
  await expect(toasts(page).filter({ hasText: MESSAGES.buyoutProcessed })).toBeVisible();
  await expect(outcome.locator('[data-status="succeeded"]')).toBeVisible();
  await bothWidths(page, '05-buyout-outcome');
  await page.getByTestId(actionDialogIds.done).click();

  // Ended, bought out: no reactivation, no second buyout.
  await expect(page.getByTestId('subscription-field-bought-out')).toBeVisible();
  await expect(page.getByTestId(subscriptionsIds.action('reactivate'))).toHaveCount(0);
  await expect(page.getByTestId(subscriptionsIds.action('bought_out'))).toHaveCount(0);
  await bothWidths(page, '06-bought-out');
});
