import { USERS } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import {
  callApi,
  choose,
  confirmDialogIds,
  dataListIds,
  discardDialogIds,
  MESSAGES,
  screenshot,
  signInThroughApi,
  signInToOwnCompany,
  toasts,
  vouchersIds,
  waitForList,
} from '../helpers.ts';

test('staff create a voucher for 10 % off the first three payments of two products, edit it and delete it', async ({
  page,
}) => {
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/vouchers', 'Vouchers');
  for (const name of ['City e-bike', 'Bike helmet', 'Tent'])
    await callApi(page, 'POST', `/api/${company.id}/rentloopdb/products`, {
      name,
      variants: [{ name: 'Standard' }],
    });
  await expect(page.getByTestId(vouchersIds.listPage)).toContainText('No vouchers yet.');

  // Create: the form names what is missing before anything is sent.
  await page.getByTestId(vouchersIds.newVoucher).click();
  const dialog = page.getByTestId(vouchersIds.createDialog);
  await expect(dialog.getByRole('heading', { name: 'New voucher' })).toBeVisible();
  await page.getByTestId(vouchersIds.save).click();
  await expect(dialog.getByText('Use 2 to 40 letters, digits, dashes or underscores.')).toBeVisible();
  await screenshot(page, 'vouchers-01-create-errors');
  await page.getByTestId(vouchersIds.field('code')).fill('WELCOME10');
  await page.getByTestId(vouchersIds.field('value')).fill('10');
  await page.getByTestId(vouchersIds.field('minimum_cart_value')).fill('50');
  await choose(page, vouchersIds.field('applies_to'), 'voucher-applies-first_payments');
  await page.getByTestId(vouchersIds.field('recurring_payments')).fill('3');
  await page.getByTestId(vouchersIds.field('description')).fill('Welcome offer for new riders');
  await screenshot(page, 'vouchers-02-create-filled');
  await page.getByTestId(vouchersIds.save).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.voucherCreated })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(dataListIds.row).filter({ hasText: 'WELCOME10' });
  await expect(row).toContainText('10 % off');
  await expect(row).toContainText('First 3 payments');
  await expect(row).toContainText('All products');

  // The same code in another case is refused by the server, on the field.
  await page.getByTestId(vouchersIds.newVoucher).click();
  await page.getByTestId(vouchersIds.field('code')).fill('welcome10');
  await choose(page, vouchersIds.field('kind'), 'voucher-kind-free_shipping');
  await page.getByTestId(vouchersIds.save).click();
  await expect(dialog.getByText('A voucher with this code already exists.')).toBeVisible();
  await expect(toasts(page).filter({ hasText: MESSAGES.voucherCreateFailed })).toBeVisible();
  await screenshot(page, 'vouchers-02b-code-taken');
  await page.getByTestId(vouchersIds.cancel).click();
  await page.getByTestId(discardDialogIds.discard).click();
  await expect(dialog).toBeHidden();

  // Limit it to two products.
  const id = Number((await row.getAttribute('data-row-id')) ?? '0');
  await row.getByRole('link', { name: 'All products' }).click();
  const products = page.getByTestId(vouchersIds.productsDialog);
  await expect(products.getByRole('heading', { name: 'Products of WELCOME10' })).toBeVisible();
  for (const name of ['City e-bike', 'Bike helmet']) {
    await page.getByTestId(vouchersIds.productAdd).fill(name);
    await page.getByRole('option', { name }).click();
    await expect(page.getByTestId(vouchersIds.productsList)).toContainText(name);
  }
  await expect(page.getByTestId(vouchersIds.productRow)).toHaveCount(2);
  await screenshot(page, 'vouchers-03-products');
  await page.keyboard.press('Escape');
  await expect(products).toBeHidden();
  await expect(row).toContainText('2 products');

  // Edit: a fixed amount now.
  await row.getByTestId(dataListIds.rowLink).first().click();
  const edit = page.getByTestId(vouchersIds.editDialog);
  await expect(page.getByTestId(vouchersIds.field('code'))).toHaveValue('WELCOME10');
  await choose(page, vouchersIds.field('kind'), 'voucher-kind-fixed_amount');
  await page.getByTestId(vouchersIds.field('value')).fill('15');
  await screenshot(page, 'vouchers-04-edit');
  await page.getByTestId(vouchersIds.save).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.voucherUpdated })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('CA$15.00 off');

  // Delete, after the confirmation.
  await page.getByTestId(vouchersIds.remove(id)).click();
  await expect(page.getByTestId(confirmDialogIds.dialog)).toContainText('Delete the voucher WELCOME10?');
  await screenshot(page, 'vouchers-05-confirm-delete');
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.voucherDeleted })).toBeVisible();
  await expect(page.getByTestId(vouchersIds.listPage)).toContainText('No vouchers yet.');
});

test('the demo company lists its vouchers, filters the expired one, and warns when products cannot be read', async ({
  page,
}) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/vouchers');
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row).filter({ hasText: 'WELCOME10' })).toContainText(
    '2 products',
  );
  await expect(page.getByTestId(dataListIds.row).filter({ hasText: 'SUMMER25' })).toContainText('Expired');
  await screenshot(page, 'vouchers-06-demo-list');
  await choose(page, 'vouchers-validity-filter', 'vouchers-expired-true');
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await expect(page.getByTestId(dataListIds.row)).toContainText('SUMMER25');
  await screenshot(page, 'vouchers-07-expired-filter');

  await page.route('**/vouchers/*/products', (route) =>
    route.fulfill({ status: 500, json: { status: false, message: 'Internal Server Error', data: null } }),
  );
  await page.getByRole('link', { name: 'All products' }).first().click();
  await expect(page.getByTestId(vouchersIds.productsWarning)).toHaveText(MESSAGES.voucherProductsFetchFailed);
  await screenshot(page, 'vouchers-08-products-warning');
});
