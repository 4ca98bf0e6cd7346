/**
 * A customer's opt-out of record mails (docs/decisions.md 74): switched on in the customer's edit dialog,
 * shown on the customer's page as "Opted out", and then the order screen's "Send confirmation" is held
 * back with the server's reason, nothing mailed, until staff choose "Send anyway". Desktop and phone.
 */
import { sendEmailIds } from '../../../apps/web/src/features/email-history/testids.ts';
import { expect, test } from '../fixtures.ts';
import {
  callApi,
  customersIds,
  MESSAGES,
  ordersIds,
  screenshot,
  signInToOwnCompany,
  toasts,
} from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test('a customer opted out of record mails: set in the form, shown, and the confirmation held back', async ({
  page,
}) => {
  test.slow();
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Quiet Mail');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const helmet = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'Helmet',
    purchase_price: '59.99',
    variants: [{ sku: 'HLM-Q', name: 'One size', price: '59.99' }],
  });
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name: 'Quinn Quiet',
    email: `quinn-${company.id}@quiet.test`,
  });
  const order = await callApi<{ id: number }>(page, 'POST', api('orders/full'), {
    customer_id: customer.id,
    items: [{ variant_id: helmet.variants[0]!.id, quantity: 1, kind: 'purchase' }],
  });

  await page.goto(`/cms/customers/${customer.id}`);
  const shown = page.getByTestId(customersIds.field('record_mail_opt_out'));
  await expect(shown).toHaveText('Sent');
  await page.getByTestId(customersIds.edit).click();
  const dialog = page.getByTestId(customersIds.editDialog);
  const toggle = dialog.getByTestId(customersIds.field('record_mail_opt_out'));
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(dialog).toContainText('Payment reminders still go out.');
  await screenshot(page, 'customer-record-mail-01-edit');
  await page.setViewportSize(PHONE);
  await toggle.scrollIntoViewIfNeeded();
  await screenshot(page, 'customer-record-mail-02-edit-phone');
  await page.setViewportSize(DESKTOP);
  await dialog.getByTestId(customersIds.save).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.customerUpdated })).toBeVisible();
  await expect(shown).toHaveText('Opted out');
  await page.reload();
  await expect(shown).toHaveText('Opted out');
  await screenshot(page, 'customer-record-mail-03-detail');

  // The order's confirmation is held back, with why, and staff are asked whether to send it anyway.
  await page.goto(`/cms/orders/${order.id}`);
  await page.getByTestId(ordersIds.action('send')).click();
  const anyway = page.getByTestId(sendEmailIds.anywayDialog);
  await expect(anyway.getByRole('heading', { name: 'Send anyway?' })).toBeVisible();
  await expect(anyway).toContainText('The customer opted out of record mails.');
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSent })).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await screenshot(page, 'customer-record-mail-04-held-phone');
  await page.setViewportSize(DESKTOP);
  // Sent anyway (override): the mail goes out and the dialog closes.
  await page.getByTestId(sendEmailIds.anywayConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSent })).toBeVisible();
  await expect(anyway).toBeHidden();
  const entries = await callApi<{ kind: string; status: string }[]>(
    page,
    'GET',
    `/api/${company.id}/rentloopdb/email-entries`,
  );
  expect(entries.filter((e) => e.kind === 'order_confirmation').map((e) => e.status)).toEqual(['sent']);
});
