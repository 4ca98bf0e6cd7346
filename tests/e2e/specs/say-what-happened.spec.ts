/**
 * Say what really happened (issue 25 item 3): a quote or an order's confirmation the mail server refuses
 * is said so in the toast and the dialog, and Email History and the customer's page show it failed, where
 * one it accepts says "Email sent."; the order builder will not save or place a cart the server refuses
 * (a voucher that does not exist), and a refusal at placement (the voucher used up meanwhile) names its
 * reason and puts the focus on the voucher; an invitation the mail server refuses leaves the person
 * invited and says the mail was not sent. The test SMTP server refuses mail to `refused.test`
 * addresses (start-server.ts). Desktop and phone.
 */

import { REFUSED_DOMAIN, REFUSED_REPLY } from '../../../apps/api/src/testing/mail.ts';
import { builderIds } from '../../../apps/web/src/features/order-builder/testids.ts';
import { VOUCHER_REFUSALS } from '../../../packages/domain/src/vouchers.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  dataListIds,
  emailHistoryIds,
  MESSAGES,
  ordersIds,
  screenshot,
  signInToOwnCompany,
  supportIds,
  toasts,
  usersIds,
  waitForList,
  waitForMail,
} from '../helpers.ts';
import { setUpOrderCatalog } from '../order-setup.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function customerWithQuote(page: Page, company: number, name: string, email: string, variant: number) {
  const api = (path: string) => `/api/${company}/rentloopdb/${path}`;
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), { name, email });
  const items = [{ variant_id: variant, quantity: 1, kind: 'purchase' }];
  const quote = await callApi<{ draft_id: number }>(page, 'POST', api('draft-orders'), {
    customer_id: customer.id,
    items,
  });
  return { customer: customer.id, quote: quote.draft_id, items };
}

test('a mail the mail server refuses is said so, in the toast, the dialog and Email History', async ({
  page,
}) => {
  test.slow();
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Mailing');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const helmet = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'Helmet',
    purchase_price: '59.99',
    variants: [{ sku: 'HLM-W', name: 'One size', price: '59.99' }],
  });
  const variant = helmet.variants[0]!.id;
  const refusedTo = `nora-${company.id}@${REFUSED_DOMAIN}`;
  const refused = await customerWithQuote(page, company.id, 'Nora Nomail', refusedTo, variant);
  const takenTo = `gina-${company.id}@words.test`;
  const taken = await customerWithQuote(page, company.id, 'Gina Gotmail', takenTo, variant);

  // Refused: the toast and the dialog say why, in the mail server's words; the dialog stays.
  await page.goto(`/cms/orders/drafts/${refused.quote}`);
  await page.getByTestId(ordersIds.draftAction('send')).click();
  await page.getByTestId(ordersIds.sendConfirm).click();
  const said = `${MESSAGES.emailSendFailed} The mail server refused it:`;
  await expect(toasts(page).filter({ hasText: said })).toBeVisible();
  await expect(toasts(page).filter({ hasText: REFUSED_REPLY })).toBeVisible();
  await expect(page.getByTestId(ordersIds.sendDialog)).toContainText(said);
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSent })).toHaveCount(0);
  await screenshot(page, 'say-01-quote-refused');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'say-02-quote-refused-phone');
  await page.setViewportSize(DESKTOP);

  // The customer's mails and Email History show it failed, with the reason.
  await page.goto(`/cms/customers/${refused.customer}`);
  await expect(page.getByTestId(supportIds.card('mails'))).toContainText('Failed');
  await page.goto('/admin/email-history');
  await page.getByText(refusedTo).first().click();
  await expect(page.getByTestId(emailHistoryIds.dialog)).toContainText(REFUSED_REPLY);
  await expect(page.getByTestId(emailHistoryIds.dialog).getByTestId(emailHistoryIds.statusChip)).toHaveText(
    'Failed',
  );
  await screenshot(page, 'say-03-email-history-failed');
  await page.keyboard.press('Escape');

  // Taken by the mail server: "Email sent.", and it arrives.
  await page.goto(`/cms/orders/drafts/${taken.quote}`);
  await page.getByTestId(ordersIds.draftAction('send')).click();
  await page.getByTestId(ordersIds.sendConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.emailSent })).toBeVisible();
  await expect(page.getByTestId(ordersIds.sendDialog)).toHaveCount(0);
  await waitForMail(takenTo);

  // An order's confirmation to the refused address: the same, from the order page's button.
  const order = await callApi<{ id: number }>(page, 'POST', api('orders/full'), {
    customer_id: refused.customer,
    items: refused.items,
  });
  await page.goto(`/cms/orders/${order.id}`);
  await page.getByTestId(ordersIds.action('send')).click();
  await expect(toasts(page).filter({ hasText: said })).toBeVisible();
  await screenshot(page, 'say-04-confirmation-refused');
});

test('the builder will not place a cart the server refuses, and a refusal names why and focuses the field', async ({
  page,
}) => {
  test.slow();
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Refusal');
  const { api, cart } = await setUpOrderCatalog(page, company.id);
  await callApi(page, 'POST', api('vouchers'), {
    code: 'ONEUSE',
    kind: 'percentage',
    value: '5',
    usage_limit: 1,
  });
  const quote = await callApi<{ draft_id: number }>(page, 'POST', api('draft-orders'), {
    ...cart,
    voucher_code: 'ONEUSE',
  });
  await page.goto(`/cms/orders/create?draft=${quote.draft_id}`);
  await expect(page.getByTestId(builderIds.discount)).toContainText('ONEUSE');
  await expect(page.getByTestId(builderIds.totalsLoading)).toHaveCount(0);
  await expect(page.getByTestId(builderIds.placeOrder)).toBeEnabled();

  // A code that does not exist: the server refuses the cart; saving and placing wait.
  await page.getByTestId(builderIds.voucher).fill('NOPE-404');
  await page.getByTestId(builderIds.voucherApply).click();
  await expect(page.getByTestId(builderIds.placeOrder)).toBeDisabled();
  await expect(page.getByTestId(builderIds.saveQuote)).toBeDisabled();
  await expect(page.getByTestId(builderIds.blocked)).toBeVisible();
  await screenshot(page, 'say-05-builder-blocked');
  await page.setViewportSize(PHONE);
  await page.getByTestId(builderIds.placeOrder).scrollIntoViewIfNeeded();
  await screenshot(page, 'say-06-builder-blocked-phone');
  await page.setViewportSize(DESKTOP);

  // Back to the good voucher: placing is offered again.
  await page.getByTestId(builderIds.voucher).fill('ONEUSE');
  await page.getByTestId(builderIds.voucherApply).click();
  await expect(page.getByTestId(builderIds.discount)).toContainText('ONEUSE');
  await expect(page.getByTestId(builderIds.placeOrder)).toBeEnabled();
  await expect(page.getByTestId(builderIds.blocked)).toHaveCount(0);

  // Used up by another order meanwhile: the refusal names it and the focus goes to the voucher.
  await callApi(page, 'POST', api('orders/full'), { ...cart, voucher_code: 'ONEUSE' });
  await page.getByTestId(builderIds.placeOrder).click();
  await expect(
    toasts(page).filter({ hasText: `${MESSAGES.orderFinaliseFailed} ${VOUCHER_REFUSALS.used_up}` }),
  ).toBeVisible();
  await expect(page.getByTestId(builderIds.voucher)).toBeFocused();
  await expect(page.getByTestId(builderIds.placeOrder)).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(`draft=${quote.draft_id}`));
  await screenshot(page, 'say-07-builder-refused');
});

test('an invitation the mail server refuses: the person is invited, and the toast says the mail was not sent', async ({
  page,
}) => {
  const { company } = await signInToOwnCompany(page, 'owner', '/admin/users', 'Invitee');
  await waitForList(page);
  await page.getByTestId(usersIds.newUser).click();
  const invitee = `ivy-${company.id}@${REFUSED_DOMAIN}`;
  await page.getByTestId(usersIds.name).fill('Ivy Invitee');
  await page.getByTestId(usersIds.email).fill(invitee);
  await page.getByTestId(usersIds.save).click();
  const said = toasts(page).filter({
    hasText: `${invitee} is invited, but the invitation email was not sent.`,
  });
  await expect(said).toBeVisible();
  await expect(said).toContainText(REFUSED_REPLY);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId(dataListIds.row).filter({ hasText: invitee })).toBeVisible();
  await screenshot(page, 'say-08-invitation-refused');
});
