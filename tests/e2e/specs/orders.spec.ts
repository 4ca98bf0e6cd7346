/**
 * Orders (spec 01 §7): a merchant finds an order, adds a tracking number, tags it for delivery and
 * sees the tag history, cancels it; changes the status of two orders at once and reads the result of
 * each; finalises a quote into an order. The data is made through the API first.
 */
import { expect, test } from '../fixtures.ts';
import {
  dataListIds,
  MESSAGES,
  ordersIds,
  pickFromMenu,
  screenshot,
  signInToOwnCompany,
  toasts,
  waitForList,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

test('a merchant works through an order, a bulk status change and a quote', async ({ page }) => {
  test.slow();
  const { company } = await signInToOwnCompany(page, 'user', '/cms/insights', 'Orders');
  const { name, first, second, quote } = await seedOrders(page, company.id);

  // The list: the search finds the customer's orders.
  await page.goto('/cms/orders');
  await waitForList(page);
  await page.getByTestId(dataListIds.search).fill(name);
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(2);
  const firstRow = page.getByTestId(dataListIds.row).filter({ hasText: first.number ?? '' });
  await expect(firstRow).toContainText('CA$');
  await screenshot(page, 'orders-01-list');

  // The detail: a tracking number for the item.
  await firstRow.getByTestId(dataListIds.rowLink).first().click();
  await expect(page.getByTestId(ordersIds.detailTitle)).toHaveText(`Order ${first.number}`);
  await expect(page.getByTestId(ordersIds.chip('status'))).toHaveText('Open');
  const item = first.items[0]!.id;
  await page.getByTestId(ordersIds.addTracking(item)).click();
  await page.getByTestId(ordersIds.trackingSave).click();
  await expect(page.getByTestId(ordersIds.trackingDialog)).toContainText(MESSAGES.required);
  await page.getByTestId(ordersIds.trackingInput).fill('1Z999AA10123456784');
  await page.getByTestId(ordersIds.trackingSave).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.orderItemUpdated })).toBeVisible();
  await expect(page.getByTestId(ordersIds.itemTracking(item))).toHaveText('1Z999AA10123456784');

  // The tag: "delivery", in the history.
  await pickFromMenu(page, ordersIds.tagSelect, page.getByRole('option', { name: 'Delivery', exact: true }));
  await page.getByTestId(ordersIds.tagDate).fill('2026-12-01');
  await page.getByTestId(ordersIds.tagSave).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.orderUpdated })).toBeVisible();
  await expect(page.getByTestId(ordersIds.chip('tag'))).toHaveText('Delivery');
  await expect(page.getByTestId(ordersIds.history)).toContainText('Delivery');
  await expect(page.getByTestId(ordersIds.history)).toContainText('1st Dec 2026');
  // The header's buttons stay on one row beside the title at desktop width: the less frequent actions are
  // under "More actions" (issue 25: eight buttons wrapped onto two rows).
  const title = await page.getByTestId(ordersIds.detailTitle).boundingBox();
  const more = await page.getByTestId(ordersIds.moreActions).boundingBox();
  const cancel = await page.getByTestId(ordersIds.action('cancel')).boundingBox();
  expect(title && more && cancel).toBeTruthy();
  expect(Math.abs(more!.y - cancel!.y)).toBeLessThan(4);
  expect(more!.y).toBeLessThan(title!.y + title!.height);
  await screenshot(page, 'orders-02-detail');
  await page.getByTestId(ordersIds.moreActions).click();
  await expect(page.getByTestId(ordersIds.action('generate-invoice'))).toBeVisible();
  await expect(page.getByTestId(ordersIds.action('clone'))).toBeVisible();
  await screenshot(page, 'orders-02-more-actions');
  await page.keyboard.press('Escape');

  // Cancel, through the dialog.
  await page.getByTestId(ordersIds.action('cancel')).click();
  await pickFromMenu(page, ordersIds.cancelReason, page.getByRole('option', { name: 'Customer request' }));
  await page.getByTestId(ordersIds.cancelMessage).fill('Moved abroad.');
  await screenshot(page, 'orders-03-cancel-dialog');
  // The action dialog on a phone: the fields and both buttons fit at 390 px.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'orders-03-cancel-dialog-phone');
  if (desktop) await page.setViewportSize(desktop);
  await page.getByTestId(ordersIds.cancelConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.orderCancelled })).toBeVisible();
  await expect(page.getByTestId(ordersIds.chip('status'))).toHaveText('Cancelled');
  await expect(page.getByTestId(ordersIds.action('cancel'))).toHaveCount(0);

  // Both orders fulfilled at once: the cancelled one is refused, the other is updated.
  await page.goto(`/cms/orders?search=${encodeURIComponent(name)}`);
  await waitForList(page);
  for (const row of await page.getByTestId(dataListIds.row).all())
    await row.getByTestId(dataListIds.selectRow).check();
  await page.getByTestId(ordersIds.bulkChange).click();
  await pickFromMenu(page, ordersIds.bulkStatus, page.getByRole('option', { name: 'Fulfilled' }));
  await page.getByTestId(ordersIds.bulkSave).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.ordersUpdated })).toBeVisible();
  await expect(page.getByTestId(ordersIds.bulkResultRow(second.id))).toContainText('Updated');
  await expect(page.getByTestId(ordersIds.bulkResultRow(first.id))).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId(ordersIds.bulkResultRow(first.id))).toContainText(first.number ?? '');
  await screenshot(page, 'orders-04-bulk-result');
  await page.getByTestId(ordersIds.dialogCancel).click();

  // The quote: finalised, it is an order.
  await page.getByTestId(ordersIds.tab('drafts')).click();
  await expect(page).toHaveURL(/\/cms\/orders\/drafts$/);
  await waitForList(page);
  await screenshot(page, 'orders-05-quotes');
  await page
    .getByTestId(dataListIds.row)
    .filter({ hasText: `Quote #${quote}` })
    .getByTestId(dataListIds.rowLink)
    .first()
    .click();
  await expect(page.getByTestId(ordersIds.detailTitle)).toHaveText(`Quote #${quote}`);
  await screenshot(page, 'orders-06-quote');
  await page.getByTestId(ordersIds.draftAction('finalise')).click();
  await page.getByTestId(ordersIds.finaliseConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.orderFinalised })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cms/orders/${quote}$`));
  await expect(page.getByTestId(ordersIds.chip('status'))).toHaveText('Open');
  await screenshot(page, 'orders-07-finalised');
});
