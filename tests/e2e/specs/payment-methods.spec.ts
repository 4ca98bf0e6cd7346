/**
 * A customer's payment methods (issue 23, gateways): a merchant whose company charges through Stripe (the
 * local fake the test server runs) opens a customer, adds the card the customer set up at Stripe by its
 * references (a wrong one is refused on its field, as Stripe answered), adds a second one that is not the
 * default, and removes the default: the other becomes the default. Screenshots at 1440 and 390 wide:
 * tests/e2e/artifacts/screenshots/payment-methods-*.png; axe judges every screen visited (fixtures.ts).
 */
import { FAKE_STRIPE } from '../../../apps/api/src/integrations/payments/testing/fake-stripe.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, MESSAGES, paymentMethodIds, screenshot, signInToOwnCompany, toasts } from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `payment-methods-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `payment-methods-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

async function fillAndAdd(page: Page, method: string, isDefault = true) {
  const dialog = page.getByTestId(paymentMethodIds.addDialog);
  await dialog.getByTestId(paymentMethodIds.customerReference).fill(FAKE_STRIPE.customerId);
  await dialog.getByTestId(paymentMethodIds.methodReference).fill(method);
  const toggle = dialog.getByTestId(paymentMethodIds.isDefault);
  if ((await toggle.isChecked()) !== isDefault) await toggle.click();
  await dialog.getByTestId(paymentMethodIds.confirm).click();
}

test('a merchant stores a customer’s Stripe cards, and removes the default one', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Methods', 'EUR');
  await callApi(page, 'PUT', `/api/companies/${company.id}/settings/payment_service_provider`, {
    enabled_gateways: ['offlinegateway', 'stripe'],
    default_gateway: 'stripe',
    test_mode: true,
    credentials: { stripe: { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret } },
  });
  const customer = await callApi<{ id: number }>(page, 'POST', `/api/${company.id}/rentloopdb/customers`, {
    name: 'Amira Haddad',
    email: `amira.${company.id}@e2e.rentloop.test`,
    language: 'en',
  });

  await page.goto(`/cms/customers/${customer.id}`);
  const card = page.getByTestId(paymentMethodIds.card);
  await expect(card.getByTestId(paymentMethodIds.empty)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await bothWidths(page, '01-empty');

  // A reference Stripe does not know: refused on its field with Stripe's words, nothing stored.
  await card.getByTestId(paymentMethodIds.add).click();
  await expect(page.getByTestId(paymentMethodIds.addDialog)).toBeVisible();
  await fillAndAdd(page, 'pm_typo');
  const methodField = page
    .getByTestId(paymentMethodIds.addDialog)
    .getByTestId(paymentMethodIds.methodReference);
  await expect(methodField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId(paymentMethodIds.addDialog)).toContainText(
    'Stripe has no payment method pm_typo.',
  );
  await bothWidths(page, '02-add-refused');

  await fillAndAdd(page, 'pm_card_visa');
  await expect(page.getByTestId(paymentMethodIds.addDialog)).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: MESSAGES.paymentMethodAdded })).toBeVisible();
  const rows = card.locator('li');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Visa •••• 4242, 12/28');
  await expect(rows.first()).toContainText('Default');

  // A second card, kept as a spare: the Visa stays the default.
  await card.getByTestId(paymentMethodIds.add).click();
  await fillAndAdd(page, 'pm_card_mastercard', false);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Visa •••• 4242, 12/28');
  await expect(rows.nth(0)).toContainText('Default');
  await expect(rows.nth(1)).toContainText('Mastercard •••• 4444, 12/28');
  await expect(rows.nth(1)).not.toContainText('Default');
  await bothWidths(page, '03-two-cards');

  // Removing the default: the Mastercard is the one charged from now on.
  const methods = await callApi<{ id: number; label: string }[]>(
    page,
    'GET',
    `/api/${company.id}/rentloopdb/customers/${customer.id}/payment-methods`,
  );
  const visa = methods.find((m) => m.label.startsWith('Visa'))!;
  await card.getByTestId(paymentMethodIds.remove(visa.id)).click();
  await expect(page.getByTestId(paymentMethodIds.removeDialog)).toContainText(
    'The newest method left becomes the default.',
  );
  await screenshot(page, 'payment-methods-04-remove');
  await page.getByTestId(paymentMethodIds.removeDialog).getByTestId(paymentMethodIds.confirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.paymentMethodRemoved })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Mastercard •••• 4444, 12/28');
  await expect(rows.first()).toContainText('Default');
  await bothWidths(page, '05-after-remove');
});
