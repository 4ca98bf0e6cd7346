/**
 * Sending email from the screens (issue 27 part 2): an order's confirmation from the order screen found
 * in Email History; a mail written from the customer's screen ("Send email", the one dialog also in the
 * order screen's More actions) arrives as escaped HTML; a bad address is named on its field; an address
 * the mail server refuses says "Failed to send email." and stays failed in Email History. The test SMTP
 * server refuses mail to `refused.test` addresses (start-server.ts). A subscription's summary from its
 * screen's More actions, its "Send email" prefilled; a payment's receipt from the payment screen, and in
 * Email History its attached invoice PDF, downloaded from there.
 * Desktop and phone.
 */
import { REFUSED_DOMAIN, REFUSED_REPLY } from '../../../apps/api/src/testing/mail.ts';
import { sendEmailIds } from '../../../apps/web/src/features/email-history/testids.ts';
import { subscriptionsIds } from '../../../apps/web/src/features/subscriptions/testids.ts';
import { expect, test } from '../fixtures.ts';
import {
  callApi,
  emailHistoryIds,
  MESSAGES,
  ordersIds,
  screenshot,
  signInToOwnCompany,
  toasts,
  waitForMail,
} from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test('an order confirmation and a written mail are sent from the screens and listed in Email History', async ({
  page,
}) => {
  test.slow();
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Mailroom');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const helmet = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'Helmet',
    purchase_price: '59.99',
    variants: [{ sku: 'HLM-E', name: 'One size', price: '59.99' }],
  });
  const to = `erin-${company.id}@mailroom.test`;
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name: 'Erin Email',
    email: to,
  });
  const order = await callApi<{ id: number; number: string }>(page, 'POST', api('orders/full'), {
    customer_id: customer.id,
    items: [{ variant_id: helmet.variants[0]!.id, quantity: 1, kind: 'purchase' }],
  });

  // The order's confirmation, from the order screen: "Email sent." and it arrives.
  await page.goto(`/cms/orders/${order.id}`);
  await page.getByTestId(ordersIds.action('send')).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSent })).toBeVisible();
  await waitForMail(to);

  // A written mail from the customer's screen: recipient prefilled, the text sent escaped.
  await page.goto(`/cms/customers/${customer.id}`);
  await page.getByTestId(sendEmailIds.open).click();
  const dialog = page.getByTestId(sendEmailIds.dialog);
  await expect(page.getByTestId(sendEmailIds.field('to'))).toHaveValue(to);
  await page.getByTestId(sendEmailIds.field('subject')).fill('Your helmet');
  await page.getByTestId(sendEmailIds.field('bodyHtml')).fill('Hello Erin,\n\nyour helmet <ships> today.');
  await screenshot(page, 'email-send-01-dialog');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'email-send-02-dialog-phone');
  await page.setViewportSize(DESKTOP);
  await page.getByTestId(sendEmailIds.confirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSent })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const mail = await waitForMail(to, /Your helmet/);
  expect(mail.html).toContain('your helmet &lt;ships&gt; today.');

  // Both in Email History, sent.
  await page.goto('/admin/email-history');
  await page.getByText('Your helmet').first().click();
  const entry = page.getByTestId(emailHistoryIds.dialog);
  await expect(entry.getByTestId(emailHistoryIds.statusChip)).toHaveText('Sent');
  await expect(entry).toContainText(to);
  await screenshot(page, 'email-send-03-history-entry');
  await page.keyboard.press('Escape');
  await expect(page.getByText(`${order.number}`).first()).toBeVisible();
  await screenshot(page, 'email-send-04-history');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'email-send-05-history-phone');
});

test('a bad address is named on its field; a refused one says "Failed to send email." and stays failed', async ({
  page,
}) => {
  test.slow();
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Refusals');
  const refusedTo = `rex-${company.id}@${REFUSED_DOMAIN}`;
  const customer = await callApi<{ id: number }>(page, 'POST', `/api/${company.id}/rentloopdb/customers`, {
    name: 'Rex Refused',
    email: refusedTo,
  });
  await page.goto(`/cms/customers/${customer.id}`);
  await page.getByTestId(sendEmailIds.open).click();
  const dialog = page.getByTestId(sendEmailIds.dialog);
  await page.getByTestId(sendEmailIds.field('cc')).fill('not-an-address');
  await page.getByTestId(sendEmailIds.field('subject')).fill('About your rental');
  await page.getByTestId(sendEmailIds.field('bodyHtml')).fill('Hello Rex.');
  await page.getByTestId(sendEmailIds.confirm).click();
  await expect(dialog).toContainText(`${MESSAGES.emailInvalid} (not-an-address)`);
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSendFailed })).toBeVisible();

  // The mail server refuses the recipient: said in the dialog, which stays open.
  await page.getByTestId(sendEmailIds.field('cc')).fill('');
  await page.getByTestId(sendEmailIds.confirm).click();
  await expect(dialog).toContainText(REFUSED_REPLY);
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSent })).toHaveCount(0);
  await screenshot(page, 'email-send-06-refused');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'email-send-07-refused-phone');
  await page.setViewportSize(DESKTOP);
  await page.keyboard.press('Escape');

  await page.goto('/admin/email-history');
  await page.getByText(refusedTo).first().click();
  const entry = page.getByTestId(emailHistoryIds.dialog);
  await expect(entry.getByTestId(emailHistoryIds.statusChip)).toHaveText('Failed');
  await expect(entry).toContainText(REFUSED_REPLY);
});

test('a subscription’s summary and a payment’s receipt are mailed from their screens', async ({ page }) => {
  test.slow();
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Summaries');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const bike = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'City Bike',
    rental_prices: { monthly: '29.00' },
    variants: [{ sku: 'BIKE-E', name: 'Blue', price: '29.00', stock: 5 }],
  });
  const to = `sam-${company.id}@summaries.test`;
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name: 'Sam Summary',
    email: to,
  });
  const order = await callApi<{ id: number; subscription_ids: number[] }>(page, 'POST', api('orders/full'), {
    customer_id: customer.id,
    items: [{ variant_id: bike.variants[0]!.id, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
  });

  // The summary, from the subscription screen's More actions: "Email sent." and it arrives.
  await page.goto(`/cms/subscriptions/${order.subscription_ids[0]}`);
  await page.getByTestId(subscriptionsIds.moreActions).click();
  await screenshot(page, 'email-send-08-subscription-menu');
  await page.getByTestId(sendEmailIds.record).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSent })).toBeVisible();
  const summary = await waitForMail(to, /Your subscription/);
  expect(summary.html).toContain('City Bike');

  // The shared "Send email" dialog, prefilled with the subscription's customer.
  await page.getByTestId(subscriptionsIds.moreActions).click();
  await page.getByTestId(sendEmailIds.open).click();
  await expect(page.getByTestId(sendEmailIds.field('to'))).toHaveValue(to);
  await expect(page.getByTestId(sendEmailIds.field('subject'))).toHaveValue(/Your subscription/);
  await screenshot(page, 'email-send-09-subscription-dialog');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'email-send-10-subscription-dialog-phone');
  await page.setViewportSize(DESKTOP);
  await page.keyboard.press('Escape');

  // A payment settled by bank transfer: its receipt from the payment screen.
  const charged = await callApi<{ invoice: { id: number } }>(
    page,
    'POST',
    api(`orders/${order.id}/charge`),
    {},
  );
  const settled = await callApi<{ transaction_id: number }>(
    page,
    'POST',
    api(`invoices/${charged.invoice.id}/settle`),
    { transaction_id: 'SEPA-E2E' },
  );
  await page.goto(`/cms/transactions/${settled.transaction_id}`);
  // "Send email" waits for the customer's address (the payment carries none).
  await expect(page.getByRole('button', { name: 'Send email' })).toBeEnabled();
  await screenshot(page, 'email-send-11-payment');
  await page.getByTestId(sendEmailIds.record).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSent })).toBeVisible();
  const receipt = await waitForMail(to, /Your payment/);
  expect(receipt.html).toContain('SEPA-E2E');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'email-send-12-payment-phone');
  await page.setViewportSize(DESKTOP);

  // Email History: the receipt is marked as carrying a file; opened, it names the invoice's PDF, which
  // downloads as the stored file.
  const invoice = await callApi<{ number: string }>(page, 'GET', api(`invoices/${charged.invoice.id}`));
  await page.goto('/admin/email-history');
  const row = page.getByRole('row').filter({ hasText: 'Your payment' }).first();
  await expect(row.getByTestId(emailHistoryIds.attachmentCount)).toBeVisible();
  await row.click();
  const entry = page.getByTestId(emailHistoryIds.dialog);
  const file = entry.getByTestId(emailHistoryIds.attachment(charged.invoice.id));
  await expect(file).toHaveText(`Invoice ${invoice.number}.pdf`);
  await screenshot(page, 'email-send-13-history-attachment');
  const download = page.waitForEvent('download');
  await file.click();
  expect((await download).suggestedFilename()).toContain(invoice.number);
  // Closed before the viewport changes (a dialog still closing while the page is drawn again for a phone).
  await page.keyboard.press('Escape');
  await expect(entry).toBeHidden();
  await page.setViewportSize(PHONE);
  await page.getByText('Your payment').first().click();
  await expect(file).toBeVisible();
  await screenshot(page, 'email-send-14-history-attachment-phone');
});
