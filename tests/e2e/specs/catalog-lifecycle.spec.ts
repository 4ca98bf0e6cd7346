/**
 * After a product or customer exists (issue 11, "Catalog"): a product's variants are added, renamed
 * and removed on its page, each price explained beside the rent; products and customers are
 * archived (out of the list, shown by "Show archived"), restored, and deleted only where nothing
 * refers to them. Each test works in a company of its own.
 */

import { ACCESS_TOKEN_KEY } from '../../../apps/web/src/api/storage-keys.ts';
import { archiveIds } from '../../../apps/web/src/components/testids.ts';
import { productsIds } from '../../../apps/web/src/features/products/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  confirmDialogIds,
  customersIds,
  dataListIds,
  screenshot,
  signInToOwnCompany,
  toasts,
  uniqueEmail,
  waitForList,
} from '../helpers.ts';

const rows = (page: Page) => page.getByTestId(dataListIds.row);

async function showArchived(page: Page, on: boolean) {
  const toggle = page.getByTestId(archiveIds.showArchived);
  // A click, then the state: the switch follows the URL, which changes a moment after the click
  // (Playwright's check() looks at the box at once and gives up).
  await toggle.click();
  if (on) await expect(toggle).toBeChecked();
  else await expect(toggle).not.toBeChecked();
  await expect(page).toHaveURL(on ? /archived/ : /^(?!.*archived).*$/);
  await waitForList(page);
}

test('a product’s variants after creation, its price beside the rent, archive, restore and delete', async ({
  page,
}) => {
  // A long walk through the product page and the list (30 steps): more than the default 60 s.
  test.slow();
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/products', 'Catalog');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const bike = await callApi<{ id: number; variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'E-bike City 500',
    rental_prices: { monthly: '49.00', annually: '499.00' },
    purchase_price: '1299.00',
    variants: [
      { sku: 'EB-500-M', name: 'Frame M', options: { Frame: 'M' }, price: '1299.00', stock: 3 },
      { sku: 'EB-500-L', name: 'Frame L', options: { Frame: 'L' }, price: '1349.00', stock: 1 },
    ],
  });
  const kit = await callApi<{ id: number }>(page, 'POST', api('bundles'), {
    name: 'Commuter kit',
    price: '59.00',
  });
  await callApi(page, 'POST', api(`bundles/${kit.id}/variants/add`), {
    variants: [{ variant_id: bike.variants[1]!.id }],
  });
  const lamp = await callApi<{ id: number }>(page, 'POST', api('products'), {
    name: 'Bike lamp',
    rental_prices: { monthly: '3.00' },
    variants: [{ sku: 'LAMP', name: 'Lamp', price: '39.00' }],
  });

  await page.goto(`/cms/products/${bike.id}`);
  await expect(page.getByTestId(productsIds.detailName)).toHaveText('E-bike City 500');
  const variantRows = page.getByTestId(productsIds.variantRow);
  await expect(variantRows).toHaveCount(2);
  // The price is explained next to the rent, on every row and above the table.
  await expect(variantRows.first().getByTestId(productsIds.variantPricing)).toHaveText(
    'Price: CA$1,299.00 (purchase) · Rent: CA$49.00 / month, CA$499.00 / year',
  );
  await expect(page.getByTestId(productsIds.variantsPricing)).toContainText('Rent is set on the product');

  // Add a variant: the schema names the empty field first, then it saves.
  await page.getByTestId(productsIds.newVariant).click();
  await expect(page).toHaveURL(new RegExp(`/cms/products/${bike.id}/variants/create$`));
  const dialog = page.getByTestId(productsIds.variantDialog);
  await dialog.getByTestId(productsIds.save).click();
  await expect(dialog.locator('input[name="name"]')).toHaveAttribute('aria-invalid', 'true');
  await dialog.locator('input[name="name"]').fill('Frame S');
  await dialog.locator('input[name="sku"]').fill('EB-500-S');
  await dialog.locator('input[name="options"]').fill('Frame: S');
  await dialog.locator('input[name="price"]').fill('1,249');
  await dialog.locator('input[name="stock"]').fill('2');
  await screenshot(page, 'catalog-01-variant-add');
  await dialog.getByTestId(productsIds.save).click();
  await expect(toasts(page).filter({ hasText: 'Variant added.' })).toBeVisible();
  await expect(page.getByTestId(productsIds.variantDialog)).toHaveCount(0);
  await expect(variantRows).toHaveCount(3);

  // Rename one in place.
  await variantRows.first().getByRole('textbox', { name: 'Name of Frame M' }).fill('Frame M (54 cm)');
  await page.getByTestId(productsIds.variantsSave).click();
  await expect(toasts(page).filter({ hasText: 'Variants updated.' })).toBeVisible();
  await expect(variantRows.first().getByRole('textbox', { name: 'Name of Frame M (54 cm)' })).toHaveValue(
    'Frame M (54 cm)',
  );

  // Removing the variant a bundle holds is refused with the reason; removing a free one works.
  await page.getByTestId(productsIds.variantDelete(bike.variants[1]!.id)).click();
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(
    toasts(page).filter({ hasText: 'Frame L is in a bundle (Commuter kit): remove it there first.' }),
  ).toBeVisible();
  await expect(variantRows).toHaveCount(3);
  const added = variantRows.nth(2);
  const addedId = Number(await added.getAttribute('data-variant-id'));
  await page.getByTestId(productsIds.variantDelete(addedId)).click();
  await expect(page.getByTestId(confirmDialogIds.dialog)).toContainText('Remove Frame S?');
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(toasts(page).filter({ hasText: 'Variant removed.' })).toBeVisible();
  await expect(variantRows).toHaveCount(2);

  // A bundle refers to it: no Delete, the reason, Archive offered.
  await expect(page.getByTestId(archiveIds.delete)).toHaveCount(0);
  await expect(page.getByTestId(archiveIds.deleteRefused)).toContainText('Commuter kit');
  await screenshot(page, 'catalog-02-product-variants');
  await page.getByTestId(archiveIds.archive).click();
  await expect(toasts(page).filter({ hasText: 'Product archived.' })).toBeVisible();
  await expect(page.getByTestId(archiveIds.notice)).toBeVisible();
  await screenshot(page, 'catalog-03-product-archived');

  // Out of the list; "Show archived" lists it; restored, it is back.
  await page.goto('/cms/products');
  await waitForList(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Bike lamp');
  await showArchived(page, true);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('E-bike City 500');
  await screenshot(page, 'catalog-04-products-archived-list');
  await rows(page).first().click();
  await page.getByTestId(archiveIds.restore).click();
  await expect(toasts(page).filter({ hasText: 'Product restored.' })).toBeVisible();
  await expect(page.getByTestId(archiveIds.notice)).toHaveCount(0);

  // Nothing refers to the lamp: it can be deleted, after a confirmation.
  await page.goto(`/cms/products/${lamp.id}`);
  await expect(page.getByTestId(archiveIds.deleteRefused)).toHaveCount(0);
  await page.getByTestId(archiveIds.delete).click();
  await expect(page.getByTestId(confirmDialogIds.dialog)).toContainText('Delete Bike lamp?');
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(toasts(page).filter({ hasText: 'Product deleted.' })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/products$/);
  await waitForList(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('E-bike City 500');
});

test('customers are archived, listed with “Show archived”, restored and deleted', async ({ page }) => {
  // A long walk through two screens (14 steps): more than the default 60 s when the machine is busy.
  test.slow();
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/customers', 'Customers');
  const made = [];
  for (const name of ['Daan Gagnon', 'Amélie Roy']) {
    const token = await page.evaluate((key) => window.localStorage.getItem(key), ACCESS_TOKEN_KEY);
    const response = await page.request.post(`/api/${company.id}/rentloopdb/customers`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, email: uniqueEmail('customer'), language: 'en' },
    });
    const body = await response.text();
    expect(response.status(), body).toBe(201);
    made.push((JSON.parse(body) as { data: { id: number } }).data);
  }
  await page.reload();
  await waitForList(page);
  await expect(rows(page)).toHaveCount(2);

  await page.goto(`/cms/customers/${made[0]!.id}`);
  await expect(page.getByTestId(customersIds.detailName)).toHaveText('Daan Gagnon');
  await page.getByTestId(archiveIds.archive).click();
  await expect(toasts(page).filter({ hasText: 'Customer archived.' })).toBeVisible();
  await expect(page.getByTestId(archiveIds.notice)).toContainText('Archived on');
  await screenshot(page, 'catalog-05-customer-archived');

  await page.goto('/cms/customers');
  await waitForList(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Amélie Roy');
  await showArchived(page, true);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Daan Gagnon');
  await screenshot(page, 'catalog-06-customers-archived-list');
  await rows(page).first().click();
  await page.getByTestId(archiveIds.restore).click();
  await expect(toasts(page).filter({ hasText: 'Customer restored.' })).toBeVisible();

  await page.goto(`/cms/customers/${made[1]!.id}`);
  await page.getByTestId(archiveIds.delete).click();
  await expect(page.getByTestId(confirmDialogIds.dialog)).toContainText('Delete Amélie Roy?');
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(toasts(page).filter({ hasText: 'Customer deleted.' })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await waitForList(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Daan Gagnon');
});
