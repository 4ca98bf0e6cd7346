/**
 * Billing's screens (issue 23): a merchant places an order on the offline gateway (the default of a new
 * company) through the API, charges it from the order's page, opens its invoice (the document, the VAT
 * breakdown, the payment status), settles it with a bank transfer's reference, follows the payment
 * attempt to Payments, finds both in their lists, downloads the PDF; then moves the test company's clock
 * and charges a recurring payment made ahead from the recurring payments list.
 * Desktop and phone screenshots of every screen: tests/e2e/artifacts/screenshots/billing-*.png; axe
 * judges every screen visited (fixtures.ts).
 */
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  dataListIds,
  invoicesIds,
  MESSAGES,
  ordersIds,
  recurringPaymentsIds,
  screenshot,
  signInToOwnCompany,
  toasts,
  transactionsIds,
  waitForList,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A screenshot at desktop width, then one at phone width of the same screen. */
async function bothWidths(page: Page, name: string) {
  await screenshot(page, `billing-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `billing-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('a merchant charges an order, settles its invoice and follows the payment', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Billing');
  // A test company (before it has orders): its clock can be moved to the next billing period below.
  await callApi(page, 'PUT', `/api/companies/${company.id}`, { is_test: true });
  const { first } = await seedOrders(page, company.id);

  // The order awaits its first payment: Charge is offered, and charging issues the invoice.
  await page.goto(`/cms/orders/${first.id}`);
  await expect(page.getByTestId(ordersIds.chip('payment'))).toHaveAttribute(
    'data-status',
    'payment_required',
  );
  await page.getByTestId(ordersIds.action('charge')).click();
  await page.getByTestId(ordersIds.chargeMessage).fill('First month and deposit.');
  await screenshot(page, 'billing-01-order-charge-dialog');
  await page.getByTestId(ordersIds.billingConfirm).click();
  await expect(page.getByTestId(ordersIds.billingDialog)).toHaveCount(0);
  await expect(page.getByTestId(ordersIds.action('charge'))).toHaveCount(0);
  const invoiceLink = page.getByTestId(ordersIds.invoices).getByRole('link');
  await expect(invoiceLink).toHaveCount(1);
  await bothWidths(page, '02-order-invoices');

  // The invoice as the customer sees it, waiting for the transfer.
  await invoiceLink.click();
  await expect(page.getByTestId(invoicesIds.detailTitle)).toHaveText(/^Invoice \S+/);
  const number =
    (await page.getByTestId(invoicesIds.detailTitle).textContent())?.replace('Invoice ', '') ?? '';
  await expect(page.getByTestId(invoicesIds.paymentStatus)).toHaveAttribute('data-status', 'pending payment');
  await expect(page.getByTestId(invoicesIds.buyer)).toContainText('Olive Orderly');
  await expect(page.getByTestId(invoicesIds.line(1))).toContainText('E-bike City 500');
  await expect(page.getByTestId(invoicesIds.total('gross'))).toContainText('CA$');
  await expect(page.getByTestId(invoicesIds.link('order'))).toHaveAttribute(
    'href',
    `/cms/orders/${first.id}`,
  );
  await expect(page.getByTestId(invoicesIds.attempts).getByRole('link')).toHaveCount(1);
  await bothWidths(page, '03-invoice');

  // Settled by hand with the transfer's reference: the reference is required, then the status is settled.
  await page.getByTestId(invoicesIds.action('settle')).click();
  await page.getByTestId(invoicesIds.confirm).click();
  await expect(page.getByTestId(invoicesIds.settleDialog)).toContainText(MESSAGES.required);
  await page.getByTestId(invoicesIds.settleReference).fill('BANK-REF-2026-0042');
  await screenshot(page, 'billing-04-settle-dialog');
  await page.getByTestId(invoicesIds.confirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.invoiceSettled })).toBeVisible();
  await expect(page.getByTestId(invoicesIds.paymentStatus)).toHaveAttribute('data-status', 'settled');
  await expect(page.getByTestId(invoicesIds.paymentStatus)).toHaveText('Settled');
  await expect(page.getByTestId(invoicesIds.action('settle'))).toHaveCount(0);
  await expect(page.getByTestId(invoicesIds.action('charge'))).toHaveCount(0);

  // The PDF, once its job has made it: asked of the API (the job runs beside the requests, so this waits on
  // its completion, not on a time), then the page shows the button enabled by `has_pdf`.
  const invoiceId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect
    .poll(
      async () =>
        (
          await callApi<{ has_pdf: boolean }>(
            page,
            'GET',
            `/api/${company.id}/rentloopdb/invoices/${invoiceId}`,
          )
        ).has_pdf,
      { timeout: 90_000 },
    )
    .toBe(true);
  await page.reload();
  await expect(page.getByTestId(invoicesIds.action('pdf'))).toBeEnabled();
  const download = page.waitForEvent('download');
  await page.getByTestId(invoicesIds.action('pdf')).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // The payment attempt, with the provider's answer folded away.
  await page.getByTestId(invoicesIds.attempts).getByRole('link').first().click();
  await expect(page.getByTestId(transactionsIds.detailTitle)).toHaveText(/^Payment #\d+$/);
  await expect(page.getByTestId(transactionsIds.field('invoice'))).toHaveText(number);
  await page.getByTestId(transactionsIds.rawToggle).click();
  await expect(page.getByTestId(transactionsIds.raw)).toBeVisible();
  await bothWidths(page, '05-payment');

  // Payments, settled ones: this invoice's attempt is there, linked to it.
  await page.goto(
    `/cms/transactions?filters=${encodeURIComponent(JSON.stringify({ settlement: 'settled' }))}`,
  );
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row).filter({ hasText: number })).toHaveCount(1);
  await bothWidths(page, '06-payments');

  // Invoices, settled ones, found by number, with the chip's colour from the spec's words.
  await page.goto('/cms/invoices');
  await waitForList(page);
  await page.getByTestId(dataListIds.search).fill(number);
  // The searched list, not the whole one (the box sends the search a moment after the typing).
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(number)}`));
  await waitForList(page);
  const row = page.getByTestId(dataListIds.row).filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-status="settled"]')).toHaveClass(/colorSuccess/);
  await bothWidths(page, '07-invoices');

  // Recurring payments: the company is a test company, so its clock can move. Moved a day, the payments of
  // the coming week are made ahead (scheduled, not yet due); staff select one and charge it: the result
  // says it is not due, and nothing was charged.
  await page.goto('/cms/recurring-payments');
  await expect(page.getByTestId(dataListIds.empty)).toHaveText('No recurring payments yet.');
  const advanced = await callApi<{ steps: { ran: Record<string, number> }[] }>(
    page,
    'POST',
    `/api/companies/${company.id}/clock/advance`,
    { days: 25 },
  );
  expect(advanced.steps.some((step) => (step.ran['recurring-payments-create'] ?? 0) > 0)).toBe(true);
  await page.reload();
  await waitForList(page);
  const scheduled = page.getByTestId(dataListIds.row).filter({ hasText: 'Scheduled' });
  await expect(scheduled).toHaveCount(3);
  await bothWidths(page, '08-recurring-payments');
  await waitForList(page);
  await scheduled.first().getByRole('checkbox').check();
  await expect(page.getByTestId(recurringPaymentsIds.charge)).toHaveText('Charge 1');
  await page.getByTestId(recurringPaymentsIds.charge).click();
  await page.getByTestId(recurringPaymentsIds.chargeConfirm).click();
  const result = page.getByTestId(recurringPaymentsIds.chargeResult);
  await expect(result).toContainText(MESSAGES.recurringPaymentNotDue);
  await expect(page.getByTestId(recurringPaymentsIds.chargeDialog)).toContainText(
    '0 charged, 1 not charged.',
  );
  await screenshot(page, 'billing-09-recurring-charge-result');
  await page.getByTestId(recurringPaymentsIds.chargeDone).click();
  await expect(scheduled).toHaveCount(3);
});
