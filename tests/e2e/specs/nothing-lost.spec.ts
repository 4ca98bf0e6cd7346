/**
 * Nothing is lost, nothing irreversible happens by accident (issue 25 item 2): the order builder asks
 * before a half-built order is left (Back, the drawer, a breadcrumb); "Send quote" and "Finalise" ask
 * first and say what will happen; a cancelled order offers neither tracking nor a confirmation mail,
 * and a refusal (409) because the order changed meanwhile makes the page read it again. Desktop and phone.
 */
import { builderIds } from '../../../apps/web/src/features/order-builder/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  discardDialogIds,
  MESSAGES,
  ordersIds,
  screenshot,
  shellIds,
  signInToOwnCompany,
  toasts,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

/** Opens the builder from the orders list (in the app, so Back stays in the app) and picks the customer. */
async function startOrder(page: Page, customer: string) {
  await page.goto('/cms/orders');
  await page.getByTestId(ordersIds.newOrder).click();
  await page.getByTestId(builderIds.customer).fill(customer.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(customer) }).click();
  await expect(page.getByTestId(builderIds.billingAddress)).toContainText('Toronto');
}

test('leaving a half-built order asks first; quotes are finalised and sent only when confirmed', async ({
  page,
}) => {
  test.slow();
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'NoLost');
  const { name, first, second, quote } = await seedOrders(page, company.id);
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;

  // The builder untouched: leaving asks nothing.
  await page.goto('/cms/orders/create');
  await page.getByTestId(shellIds.drawerItem('cms-customers')).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);

  // Half-built: Back asks; "Keep editing" keeps the cart.
  await startOrder(page, name);
  await page.goBack();
  await expect(page.getByTestId(discardDialogIds.dialog)).toBeVisible();
  await screenshot(page, 'nothing-lost-01-builder-discard');
  await page.getByTestId(discardDialogIds.stay).click();
  await expect(page).toHaveURL(/\/cms\/orders\/create$/);
  await expect(page.getByTestId(builderIds.billingAddress)).toContainText('Toronto');

  // The drawer and a breadcrumb ask too; "Discard changes" leaves.
  await page.getByTestId(shellIds.drawerItem('cms-customers')).click();
  await expect(page.getByTestId(discardDialogIds.dialog)).toBeVisible();
  await page.getByTestId(discardDialogIds.stay).click();
  await page.getByTestId(shellIds.breadcrumbs).getByRole('link').first().click();
  await expect(page.getByTestId(discardDialogIds.dialog)).toBeVisible();
  await page.getByTestId(discardDialogIds.discard).click();
  await expect(page).not.toHaveURL(/\/cms\/orders\/create/);

  // Send quote: the dialog names the recipient and the template; nothing is sent until confirmed.
  await page.goto(`/cms/orders/drafts/${quote}`);
  await page.getByTestId(ordersIds.draftAction('send')).click();
  await expect(page.getByTestId(ordersIds.sendDialog)).toBeVisible();
  await expect(page.getByTestId(ordersIds.sendTo)).toContainText(name);
  await expect(page.getByTestId(ordersIds.sendTemplate)).toContainText('Quote');
  await screenshot(page, 'nothing-lost-02-send-quote');
  await page.getByTestId(ordersIds.sendConfirm).click();
  await expect(page.getByTestId(ordersIds.sendDialog)).toHaveCount(0);

  // Finalise: says it takes the next order number for good; Back changes nothing.
  await page.getByTestId(ordersIds.draftAction('finalise')).click();
  await expect(page.getByTestId(ordersIds.finaliseDialog)).toContainText('cannot be undone');
  await screenshot(page, 'nothing-lost-03-finalise');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'nothing-lost-04-finalise-phone');
  await page.getByTestId(ordersIds.finaliseConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.orderFinalised })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cms/orders/${quote}$`));

  // On a phone: the builder's question.
  await startOrder(page, name);
  await page.goBack();
  await expect(page.getByTestId(discardDialogIds.dialog)).toBeVisible();
  await screenshot(page, 'nothing-lost-05-builder-discard-phone');
  await page.getByTestId(discardDialogIds.discard).click();
  await page.setViewportSize({ width: 1280, height: 900 });

  // A cancelled order offers neither tracking nor a confirmation mail.
  await callApi(page, 'POST', api(`orders/${first.id}/cancel`), { refunded: false });
  await page.goto(`/cms/orders/${first.id}`);
  await expect(page.getByTestId(ordersIds.chip('status'))).toHaveText('Cancelled');
  await expect(page.getByTestId(ordersIds.action('send'))).toHaveCount(0);
  await expect(page.getByTestId(ordersIds.addTracking(first.items[0]!.id))).toHaveCount(0);

  // Cancelled behind the page's back: the refusal (409) makes the page read the order again.
  await page.goto(`/cms/orders/${second.id}`);
  await expect(page.getByTestId(ordersIds.action('send'))).toBeVisible();
  await callApi(page, 'POST', api(`orders/${second.id}/cancel`), { refunded: false });
  await page.getByTestId(ordersIds.action('cancel')).click();
  await page.getByTestId(ordersIds.cancelConfirm).click();
  await expect(page.getByTestId(ordersIds.chip('status'))).toHaveText('Cancelled');
  await page.getByTestId(ordersIds.dialogCancel).click();
  await expect(page.getByTestId(ordersIds.action('send'))).toHaveCount(0);
  await expect(page.getByTestId(ordersIds.action('cancel'))).toHaveCount(0);
  await screenshot(page, 'nothing-lost-06-cancelled-meanwhile');
});
