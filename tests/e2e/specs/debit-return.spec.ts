/**
 * A returned direct debit (decision 81): a merchant collected an order's first payment by direct debit
 * through their own bank (offline gateway) and booked it; the bank returns it with a SEPA reason code.
 * Staff open the payment, "Record returned debit", pick the reason (the select says whether dunning
 * retries it) and confirm: the payment is a classified decline, its invoice unpaid again and the order
 * owes its first payment again. Screenshots at desktop and phone width:
 * tests/e2e/artifacts/screenshots/debit-return-*.png.
 */
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  invoicesIds,
  MESSAGES,
  ordersIds,
  pickFromMenu,
  screenshot,
  signInToOwnCompany,
  toasts,
  transactionsIds,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `debit-return-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `debit-return-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('staff record a direct debit the bank returned: the payment declined, the invoice unpaid again', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Returns');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const { first } = await seedOrders(page, company.id);
  // Charged on the offline gateway and booked when the debit was credited.
  const charged = await callApi<{ invoice: { id: number }; transaction: { id: number } }>(
    page,
    'POST',
    api(`orders/${first.id}/charge`),
    {},
  );
  await callApi(page, 'POST', api(`invoices/${charged.invoice.id}/settle`), {
    transaction_id: 'SDD-2026-0117',
  });

  await page.goto(`/cms/transactions/${charged.transaction.id}`);
  await expect(page.getByTestId(transactionsIds.state)).toHaveAttribute('data-status', 'succeeded');
  await page.getByTestId(transactionsIds.returnDebit).click();
  const dialog = page.getByTestId(transactionsIds.returnDialog);
  await expect(dialog).toBeVisible();
  // Nothing chosen yet: nothing to confirm.
  await expect(page.getByTestId(transactionsIds.returnConfirm)).toBeDisabled();
  await pickFromMenu(
    page,
    transactionsIds.returnReason,
    page.getByRole('option', { name: /^AM04 · Insufficient funds/ }),
  );
  await page.getByTestId(transactionsIds.returnMessage).fill('Bank statement of 14 March, return fee 3.00');
  await bothWidths(page, '01-dialog');
  await page.getByTestId(transactionsIds.returnConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.debitReturned })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The payment is a soft decline with the bank's code; it cannot be returned twice.
  await expect(page.getByTestId(transactionsIds.state)).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId(transactionsIds.field('decline_code'))).toContainText('AM04');
  await expect(page.getByTestId(transactionsIds.field('decline_class'))).toContainText('Soft');
  await expect(page.getByTestId(transactionsIds.field('provider_status'))).toContainText('Chargeback');
  await expect(page.getByTestId(transactionsIds.returnDebit)).toHaveCount(0);
  await bothWidths(page, '02-payment');

  // Its invoice is unpaid again and offers Charge and Settle; the order owes its first payment again.
  await page.getByTestId(transactionsIds.field('invoice')).getByRole('link').click();
  await expect(page.getByTestId(invoicesIds.paymentStatus)).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId(invoicesIds.action('settle'))).toBeVisible();
  await bothWidths(page, '03-invoice');
  await page.goto(`/cms/orders/${first.id}`);
  await expect(page.getByTestId(ordersIds.chip('payment'))).toHaveAttribute(
    'data-status',
    'payment_required',
  );
});
