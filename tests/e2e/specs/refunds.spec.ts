/**
 * Refunds (issue 24 part 2): a merchant whose company charges through Stripe (the local fake the test
 * server runs) opens a paid invoice of two bikes, refunds one of them by units from the Refund action,
 * sees the refund invoice and its refund attempt in the dialog and on the invoice's page, and opens the
 * refund invoice (negative lines, "Corrects" the original, its attempt settled). Then refunds an amount.
 * Screenshots at 1280 and 390 wide: tests/e2e/artifacts/screenshots/refunds-*.png; axe judges every
 * screen visited (fixtures.ts).
 */

import { FAKE_STRIPE } from '../../../apps/api/src/integrations/payments/testing/fake-stripe.ts';
import { actionDialogIds } from '../../../apps/web/src/components/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  invoicesIds,
  MESSAGES,
  pickFromMenu,
  screenshot,
  signInToOwnCompany,
  toasts,
} from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `refunds-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `refunds-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('a merchant refunds one of two bikes of a paid invoice, then an amount', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Refunds', 'EUR');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  await callApi(page, 'PUT', `/api/companies/${company.id}/settings/payment_service_provider`, {
    enabled_gateways: ['offlinegateway', 'stripe'],
    default_gateway: 'stripe',
    test_mode: true,
    credentials: { stripe: { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret } },
  });
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name: 'Jonas Berger',
    email: `jonas.${company.id}@e2e.rentloop.test`,
    language: 'en',
  });
  await callApi(page, 'POST', api(`customers/${customer.id}/payment-methods`), {
    gateway: 'stripe',
    customer_reference: FAKE_STRIPE.customerId,
    method_reference: 'pm_card_visa',
  });
  const bike = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'Cargo bike',
    rental_prices: { monthly: '49.90' },
    variants: [{ sku: `CB-${company.id}`, name: 'Long', price: '3200.00' }],
  });
  const order = await callApi<{ id: number }>(page, 'POST', api('orders/full'), {
    customer_id: customer.id,
    items: [{ variant_id: bike.variants[0]!.id, quantity: 2, kind: 'rental', billing_interval: 'monthly' }],
  });
  const charged = await callApi<{ invoice: { id: number; gross: string } }>(
    page,
    'POST',
    api(`orders/${order.id}/charge`),
    {},
  );
  const invoiceId = charged.invoice.id;

  await page.goto(`/cms/invoices/${invoiceId}`);
  await expect(page.getByTestId(invoicesIds.paymentStatus)).toHaveAttribute('data-status', 'settled');
  await page.getByTestId(invoicesIds.action('refund')).click();
  const dialog = page.getByTestId(invoicesIds.refundDialog);
  await expect(dialog).toBeVisible();
  await pickFromMenu(page, invoicesIds.refundMode, page.getByRole('option', { name: 'Units of lines' }));
  await dialog.getByTestId(invoicesIds.refundUnits(1)).fill('1');
  await dialog.getByTestId(invoicesIds.refundMessage).fill('One bike came back unused.');
  await bothWidths(page, '01-dialog-items');
  await dialog.getByTestId(invoicesIds.confirm).click();

  // The outcome: the refund invoice and its attempt at Stripe, settled.
  const outcome = page.getByTestId(invoicesIds.refundOutcome);
  await expect(outcome).toBeVisible();
  await expect(toasts(page).filter({ hasText: MESSAGES.invoiceRefunded })).toBeVisible();
  await expect(outcome.locator('[data-status="succeeded"]')).toBeVisible();
  await bothWidths(page, '02-outcome');
  await page.getByTestId(actionDialogIds.done).click();

  // The invoice lists its refund.
  const refunds = page.getByTestId(invoicesIds.refunds);
  await expect(refunds).toBeVisible();
  await expect(refunds.getByRole('link')).toHaveCount(1);
  await refunds.scrollIntoViewIfNeeded();
  await bothWidths(page, '03-invoice-refunds');

  // The refund invoice: negative lines, it corrects the original, its refund attempt settled it.
  await refunds.getByRole('link').click();
  await expect(page.getByTestId(invoicesIds.field('original'))).toBeVisible();
  await expect(page.getByTestId(invoicesIds.paymentStatus)).toHaveAttribute('data-status', 'settled');
  await expect(page.getByTestId(invoicesIds.action('refund'))).toHaveCount(0);
  await expect(page.getByTestId(invoicesIds.total('gross'))).toContainText(/[-−]/);
  await bothWidths(page, '04-refund-invoice');

  // An amount, on the original: a second refund invoice.
  await page.goto(`/cms/invoices/${invoiceId}`);
  await page.getByTestId(invoicesIds.action('refund')).click();
  await pickFromMenu(page, invoicesIds.refundMode, page.getByRole('option', { name: 'An amount' }));
  await page.getByTestId(invoicesIds.refundAmount).fill('10');
  await page.getByTestId(invoicesIds.confirm).click();
  await expect(page.getByTestId(invoicesIds.refundOutcome)).toBeVisible();
  await page.getByTestId(actionDialogIds.done).click();
  await expect(page.getByTestId(invoicesIds.refunds).getByRole('link')).toHaveCount(2);
});
