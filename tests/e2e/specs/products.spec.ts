/**
 * The products area: a merchant without a shop builds the catalog by hand (products with variants,
 * rental terms, buyout prices in bulk, collections, bundles, tax, availability). The WooCommerce shop's
 * sync is specs/products-shop.spec.ts.
 */

import {
  availabilityIds,
  bundlesIds,
  buyoutIds,
  catalogTabsIds,
  collectionsIds,
  productsIds,
  taxIds,
} from '../../../apps/web/src/features/products/testids.ts';
import { callApi, choose, rows, search } from '../catalog-helpers.ts';
import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  dataListIds,
  MESSAGES,
  screenshot,
  shellIds,
  signInThroughApi,
  signInToOwnCompany,
  toasts,
  waitForList,
} from '../helpers.ts';

interface Seeded {
  id: number;
  name: string;
  variants: { id: number; sku: string | null; name: string }[];
}

/** A hand-made product with two variants, through the API. */
async function seedProduct(page: Page, company: number, name: string, sku: string): Promise<Seeded> {
  return callApi<Seeded>(page, 'POST', `/api/${company}/rentloopdb/products`, {
    name,
    rental_prices: { monthly: '25.00' },
    variants: [
      { sku: `${sku}-S`, name: `${name} S`, options: { Size: 'S' }, price: '25.00', stock: 2 },
      { sku: `${sku}-L`, name: `${name} L`, options: { Size: 'L' }, price: '29.00', stock: 1 },
    ],
  });
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/**
 * A merchant without a shop: an admin of a company of the test's own (CAD, no shop connected), so
 * what one test changes company-wide (tax rules, the default rate) never reaches another running
 * beside it. Returns the company's id.
 */
async function ownCatalog(page: Page): Promise<number> {
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/products', 'Catalog');
  await expect(page.getByTestId(productsIds.listPage)).toBeVisible();
  return company.id;
}

test.describe('a merchant without a shop', () => {
  test('creates a product with two variants, finds it, edits rental prices and stock', async ({ page }) => {
    // Many saves, reloads and screenshots: it once ran out of the default 60 s on its last step.
    test.slow();
    await ownCatalog(page);
    const id = stamp();
    const name = `Trail camera ${id}`;
    await expect(page.getByTestId(shellIds.drawerItem('cms-products'))).toBeVisible();
    // No shop is connected: the sync cannot start.
    await expect(page.getByTestId(productsIds.sync)).toBeDisabled();
    await screenshot(page, 'products-01-list');

    await page.getByTestId(productsIds.newProduct).click();
    await expect(page).toHaveURL(/\/cms\/products\/create$/);
    const dialog = page.getByTestId(productsIds.createDialog);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId(productsIds.shopNote)).toHaveCount(0);

    // The schema's rules run before anything is sent: name, variant name, amounts.
    await dialog.locator('input[name="buyout_price"]').fill('12,,50');
    await dialog.locator('input[name="rental_prices.monthly"]').fill('abc');
    await dialog.getByTestId(productsIds.save).click();
    await expect(dialog.locator('input[name="buyout_price"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(MESSAGES.amountInvalid)).toHaveCount(2);
    await expect(dialog.getByText(MESSAGES.required).first()).toBeVisible();
    await screenshot(page, 'products-02-create-errors');

    await dialog.locator('input[name="name"]').fill(name);
    await dialog
      .locator('textarea[name="description"]')
      .fill('A weatherproof camera for the trail, rented with its mount.');
    await dialog.locator('input[name="rental_prices.monthly"]').fill('39');
    await dialog.locator('input[name="rental_prices.annually"]').fill('$399.00');
    await dialog.locator('input[name="minimum_term_months"]').fill('3');
    await dialog.locator('input[name="deposit"]').fill('100');
    await dialog.locator('input[name="buyout_price"]').fill('1,250.50');
    await dialog.locator('input[name="purchase_price"]').fill('640');
    await dialog.locator('input[name="variants.0.sku"]').fill(`CAM-${id}-BLK`);
    await dialog.locator('input[name="variants.0.name"]').fill('Black');
    await dialog.locator('input[name="variants.0.options"]').fill('Color: Black');
    await dialog.locator('input[name="variants.0.price"]').fill('39');
    await dialog.locator('input[name="variants.0.stock"]').fill('4');
    await dialog.getByTestId(productsIds.addVariant).click();
    await dialog.locator('input[name="variants.1.sku"]').fill(`CAM-${id}-GRN`);
    await dialog.locator('input[name="variants.1.name"]').fill('Forest green');
    await dialog.locator('input[name="variants.1.options"]').fill('Color: Green');
    await dialog.locator('input[name="variants.1.price"]').fill('42.50');
    await dialog.locator('input[name="variants.1.stock"]').fill('2');
    await screenshot(page, 'products-03-create');
    await dialog.getByTestId(productsIds.save).click();

    await expect(toasts(page).filter({ hasText: 'Product created.' })).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/products\/\d+$/);
    await expect(page.getByTestId(productsIds.detailName)).toHaveText(name);
    await expect(page.getByTestId(productsIds.field('rental_prices.monthly'))).toHaveText('CA$39.00');
    await expect(page.getByTestId(productsIds.field('rental_prices.annually'))).toHaveText('CA$399.00');
    await expect(page.getByTestId(productsIds.field('buyout_price'))).toHaveText('CA$1,250.50');
    await expect(page.getByTestId(productsIds.field('minimum_term_months'))).toHaveText('3 months');
    await expect(page.getByTestId(productsIds.variantRow)).toHaveCount(2);
    // The crumb names the product (its name from the page's data), not "Product 520".
    await expect(page.getByTestId(shellIds.breadcrumbs)).toContainText(`Products${name}`);
    const detailUrl = page.url();

    // The list finds it by search and shows its prices in the company currency.
    await page.goto('/cms/products');
    await search(page, id);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByTestId(productsIds.name)).toHaveText(name);
    await expect(row.getByTestId(productsIds.monthly)).toHaveText('CA$39.00');
    await expect(row.getByTestId(productsIds.buyout)).toHaveText('CA$1,250.50');
    await expect(row.getByTestId(productsIds.stock)).toHaveText('6');
    await screenshot(page, 'products-04-search');

    // Edit the rental prices.
    await row.click();
    await expect(page).toHaveURL(detailUrl);
    await page.getByTestId(productsIds.edit).click();
    const edit = page.getByTestId(productsIds.editDialog);
    await expect(edit.locator('input[name="rental_prices.monthly"]')).toHaveValue('39.00');
    await edit.locator('input[name="rental_prices.monthly"]').fill('44.90');
    await edit.locator('input[name="rental_prices.quarterly"]').fill('125');
    await screenshot(page, 'products-05-edit');
    await edit.getByTestId(productsIds.save).click();
    await expect(toasts(page).filter({ hasText: 'Product updated.' })).toBeVisible();
    await expect(page.getByTestId(productsIds.editDialog)).toHaveCount(0);
    await expect(page.getByTestId(productsIds.field('rental_prices.monthly'))).toHaveText('CA$44.90');
    await expect(page.getByTestId(productsIds.field('rental_prices.quarterly'))).toHaveText('CA$125.00');

    // Edit a variant's stock in place; a bad price is refused before sending.
    const green = page.getByTestId(productsIds.variantRow).nth(1);
    await green.getByRole('textbox', { name: 'Price of Forest green' }).fill('4x');
    await page.getByTestId(productsIds.variantsSave).click();
    await expect(green.getByText(MESSAGES.amountInvalid)).toBeVisible();
    await green.getByRole('textbox', { name: 'Price of Forest green' }).fill('42.50');
    await green.getByRole('textbox', { name: 'Stock of Forest green' }).fill('7');
    await page.getByTestId(productsIds.variantsSave).click();
    await expect(toasts(page).filter({ hasText: 'Variants updated.' })).toBeVisible();
    await expect(page.getByTestId(productsIds.variantsSave)).toBeDisabled();
    await screenshot(page, 'products-06-detail');

    await page.reload();
    await expect(
      page.getByTestId(productsIds.variantRow).nth(1).getByRole('textbox', { name: 'Stock of Forest green' }),
    ).toHaveValue('7');
    await expect(page.getByTestId(productsIds.field('rental_prices.monthly'))).toHaveText('CA$44.90');
  });

  test('sets the buyout prices of two products with one save', async ({ page }) => {
    const company = await ownCatalog(page);
    const id = stamp();
    const first = await seedProduct(page, company, `Buyout kayak ${id}`, `KY-${id}`);
    const second = await seedProduct(page, company, `Buyout paddle ${id}`, `PD-${id}`);

    await page.getByTestId(productsIds.buyoutPrices).click();
    await expect(page).toHaveURL(/\/cms\/products\/buyout-prices$/);
    await expect(page.getByTestId(shellIds.breadcrumbs)).toContainText(/Products.*Buyout prices/);
    await search(page, id);
    await expect(rows(page)).toHaveCount(2);

    await page.getByTestId(buyoutIds.input(first.id)).fill('1,500');
    await page.getByTestId(buyoutIds.input(second.id)).fill('75.2.5');
    await expect(page.getByText(MESSAGES.amountInvalid)).toBeVisible();
    await page.getByTestId(buyoutIds.save).click();
    await expect(toasts(page).filter({ hasText: 'not a valid amount' })).toBeVisible();
    await screenshot(page, 'products-07-buyout-error');

    await page.getByTestId(buyoutIds.input(second.id)).fill('75.25');
    await expect(page.getByTestId(buyoutIds.pending)).toContainText(`Buyout kayak ${id}`);
    await expect(page.getByTestId(buyoutIds.save)).toHaveText('Save 2 changes');
    const saved = page.waitForRequest(
      (r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/${company}/rentloopdb/products`,
    );
    await page.getByTestId(buyoutIds.save).click();
    expect((await saved).postDataJSON()).toEqual({
      products: [
        { id: first.id, buyout_price: '1500.00' },
        { id: second.id, buyout_price: '75.25' },
      ],
    });
    await expect(toasts(page).filter({ hasText: 'Buyout prices updated.' })).toBeVisible();
    await expect(page.getByTestId(buyoutIds.pending)).toHaveCount(0);
    await screenshot(page, 'products-08-buyout-saved');

    await page.goto(`/cms/products?search=${id}`);
    await waitForList(page);
    const buyouts = await rows(page).getByTestId(productsIds.buyout).allTextContents();
    expect(buyouts.sort()).toEqual(['CA$1,500.00', 'CA$75.25']);
  });

  test('creates a collection with two products and filters the list by it', async ({ page }) => {
    const company = await ownCatalog(page);
    const id = stamp();
    await seedProduct(page, company, `Snow tent ${id}`, `TN-${id}`);
    await seedProduct(page, company, `Snow stove ${id}`, `SV-${id}`);

    await page.getByTestId(catalogTabsIds.tab('collections')).click();
    await expect(page).toHaveURL(/\/cms\/products\/collections$/);
    await page.getByTestId(collectionsIds.newCollection).click();
    const dialog = page.getByTestId(collectionsIds.createDialog);
    await dialog.locator('input[name="name"]').fill(`Winter camp ${id}`);
    await dialog.locator('textarea[name="description"]').fill('Everything for a night in the snow.');
    const picker = dialog.getByTestId(collectionsIds.products);
    await picker.fill(id);
    await page.getByRole('option', { name: `Snow tent ${id}` }).click();
    await page.getByRole('option', { name: `Snow stove ${id}` }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'products-09-collection-create');
    await dialog.getByTestId(collectionsIds.save).click();
    await expect(toasts(page).filter({ hasText: 'Collection created.' })).toBeVisible();

    await search(page, `Winter camp ${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('2 products');
    await screenshot(page, 'products-10-collections');

    // Filter the product list by the new collection.
    await page.getByTestId(catalogTabsIds.tab('products')).click();
    await expect(page).toHaveURL(/\/cms\/products$/);
    await waitForList(page);
    await choose(page, productsIds.collectionFilter, `Winter camp ${id}`);
    await expect(page).toHaveURL(/filters=.*collection_id/);
    await waitForList(page);
    await expect(rows(page)).toHaveCount(2);
    expect((await rows(page).getByTestId(productsIds.name).allTextContents()).sort()).toEqual([
      `Snow stove ${id}`,
      `Snow tent ${id}`,
    ]);
    await screenshot(page, 'products-11-filtered-by-collection');
  });

  test('creates a bundle and adds variants with quantities', async ({ page }) => {
    const company = await ownCatalog(page);
    const id = stamp();
    const board = await seedProduct(page, company, `Snowboard ${id}`, `SB-${id}`);

    await page.getByTestId(catalogTabsIds.tab('bundles')).click();
    await page.getByTestId(bundlesIds.newBundle).click();
    const dialog = page.getByTestId(bundlesIds.createDialog);
    await dialog.locator('input[name="name"]').fill(`Board weekend ${id}`);
    await dialog.locator('input[name="price"]').fill('89');
    await dialog.getByTestId(bundlesIds.save).click();
    await expect(toasts(page).filter({ hasText: 'Bundle created.' })).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/products\/bundles\/\d+$/);
    await expect(page.getByTestId(bundlesIds.detailName)).toHaveText(`Board weekend ${id}`);

    const [small, large] = board.variants;
    await page.getByTestId(bundlesIds.picker).fill(`SB-${id}-S`);
    await page.getByRole('option', { name: new RegExp(`Snowboard ${id} S`) }).click();
    await page.getByTestId(bundlesIds.pickerQuantity).fill('2');
    await page.getByTestId(bundlesIds.add).click();
    await expect(page.getByTestId(bundlesIds.variantRow)).toHaveCount(1);
    await expect(page.getByTestId(bundlesIds.quantity(small?.id ?? 0))).toHaveValue('2');

    await page.getByTestId(bundlesIds.picker).fill(`SB-${id}-L`);
    await page.getByRole('option', { name: new RegExp(`Snowboard ${id} L`) }).click();
    await page.getByTestId(bundlesIds.add).click();
    await expect(page.getByTestId(bundlesIds.variantRow)).toHaveCount(2);
    await screenshot(page, 'products-12-bundle');

    // Quantities change in place; a variant can be removed.
    await page.getByTestId(bundlesIds.quantity(large?.id ?? 0)).fill('3');
    await page.getByTestId(bundlesIds.quantity(large?.id ?? 0)).press('Enter');
    await expect(toasts(page).filter({ hasText: 'set to 3' })).toBeVisible();
    await page.getByTestId(bundlesIds.remove(small?.id ?? 0)).click();
    await expect(page.getByTestId(bundlesIds.variantRow)).toHaveCount(1);

    // The product shows the bundle it is in.
    await page.goto(`/cms/products/${board.id}`);
    await expect(page.getByTestId(productsIds.field('bundles'))).toContainText(`Board weekend ${id}`);

    await page.goto('/cms/products/bundles');
    await search(page, id);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('CA$89.00');
    await screenshot(page, 'products-13-bundles');
  });

  test('defines tax rules and changes the default rate', async ({ page }) => {
    // A new company has no tax rules: the rules this test makes are the only ones.
    const company = await ownCatalog(page);

    await page.getByTestId(catalogTabsIds.tab('tax')).click();
    await expect(page).toHaveURL(/\/cms\/products\/tax$/);
    const rate = page.getByTestId(taxIds.configForm).locator('input[name="default_rate"]');
    await rate.fill('150');
    await page.getByTestId(taxIds.configSave).click();
    await expect(page.getByTestId(taxIds.configForm).getByText(MESSAGES.maxHundredPercent)).toBeVisible();
    await rate.fill('7.5');
    await page.getByTestId(taxIds.configSave).click();
    await expect(toasts(page).filter({ hasText: 'Tax configuration updated.' })).toBeVisible();

    // Canada 5 %, with a percentage over 100 refused first.
    await page.getByTestId(taxIds.newRule).click();
    let dialog = page.getByTestId(taxIds.ruleDialog);
    await dialog.getByTestId(taxIds.country).fill('Canada');
    await page.getByRole('option', { name: /^Canada/ }).click();
    await dialog.locator('input[name="percentage"]').fill('105');
    await dialog.getByTestId(taxIds.ruleSave).click();
    await expect(dialog.getByText(MESSAGES.maxHundredPercent)).toBeVisible();
    await screenshot(page, 'products-14-tax-rule-error');
    await dialog.locator('input[name="percentage"]').fill('5');
    await dialog.locator('input[name="name"]').fill('GST');
    await dialog.getByTestId(taxIds.ruleSave).click();
    await expect(toasts(page).filter({ hasText: 'Tax rule created.' })).toBeVisible();
    // The dialog has closed (its route is left only after its exit transition).
    await expect(page).toHaveURL(/\/cms\/products\/tax$/);

    // Ontario 13 %.
    await page.getByTestId(taxIds.newRule).click();
    dialog = page.getByTestId(taxIds.ruleDialog);
    await dialog.getByTestId(taxIds.country).fill('Canada');
    await page.getByRole('option', { name: /^Canada/ }).click();
    await choose(page, taxIds.region, /^Ontario/);
    await dialog.locator('input[name="percentage"]').fill('13');
    await dialog.locator('input[name="name"]').fill('HST');
    await dialog.getByTestId(taxIds.ruleSave).click();
    await expect(page.getByTestId(taxIds.ruleDialog)).toHaveCount(0);

    const canada = page.locator(`[data-testid="${taxIds.ruleRow}"][data-country="ca"]`);
    await expect(canada).toHaveCount(2);
    await expect(
      page.locator(`[data-testid="${taxIds.ruleRow}"][data-country="ca"][data-region=""]`),
    ).toContainText('5 %');
    await expect(page.locator(`[data-testid="${taxIds.ruleRow}"][data-region="ON"]`)).toContainText('13 %');
    await expect(page.locator(`[data-testid="${taxIds.ruleRow}"][data-region="ON"]`)).toContainText(
      'Ontario (ON)',
    );
    // Quebec: GST + QST is 14.975 %, four decimals kept.
    await page.getByTestId(taxIds.newRule).click();
    dialog = page.getByTestId(taxIds.ruleDialog);
    await dialog.getByTestId(taxIds.country).fill('Canada');
    await page.getByRole('option', { name: /^Canada/ }).click();
    await choose(page, taxIds.region, /^Quebec/);
    await dialog.locator('input[name="percentage"]').fill('14.97512');
    await dialog.getByTestId(taxIds.ruleSave).click();
    await expect(dialog.getByText(MESSAGES.percentInvalid)).toBeVisible();
    await dialog.locator('input[name="percentage"]').fill('14.975');
    await dialog.locator('input[name="name"]').fill('GST + QST');
    await dialog.getByTestId(taxIds.ruleSave).click();
    await expect(page.getByTestId(taxIds.ruleDialog)).toHaveCount(0);
    await expect(page.locator(`[data-testid="${taxIds.ruleRow}"][data-region="QC"]`)).toContainText(
      '14.975 %',
    );

    await page.reload();
    await expect(rate).toHaveValue('7.5');
    await screenshot(page, 'products-15-tax');

    // A product's page shows the rules of its tax class and the default rate, with a link to this page.
    const tent = await seedProduct(page, company, `Tax tent ${stamp()}`, `TX-${stamp()}`);
    await page.goto(`/cms/products/${tent.id}`);
    await expect(page.getByTestId(productsIds.field('product_class'))).toHaveText('Standard rate');
    await expect(page.getByTestId(productsIds.field('default_rate'))).toHaveText('7.5 %');
    const rates = page.getByTestId(productsIds.taxRate);
    await expect(rates.and(page.locator('[data-country="ca"][data-region=""]'))).toContainText('Canada');
    await expect(rates.and(page.locator('[data-country="ca"][data-region=""]'))).toContainText('5 %');
    await expect(rates.and(page.locator('[data-region="ON"]'))).toContainText('Ontario (ON), Canada');
    await expect(rates.and(page.locator('[data-region="ON"]'))).toContainText('13 %');
    await expect(rates.and(page.locator('[data-region="QC"]'))).toContainText('14.975 %');
    await page.getByTestId(productsIds.taxRates).scrollIntoViewIfNeeded();
    await screenshot(page, 'products-15b-product-tax');
    await page.getByTestId(productsIds.taxLink).click();
    await expect(page).toHaveURL(/\/cms\/products\/tax$/);
  });

  test('shows a failure to read the sync status as an error, not as "no sync yet"', async ({ page }) => {
    await ownCatalog(page);
    await page.route(/\/api\/\d+\/rentloopdb\/products\/sync$/, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: JSON.stringify({ status: false, message: 'Route not found.', code: 'not_found' }),
          })
        : route.fallback(),
    );
    await page.reload();
    const panel = page.getByTestId(productsIds.syncPanel);
    await expect(panel).toHaveAttribute('data-status', 'error');
    await expect(page.getByTestId(productsIds.syncError)).toHaveText('Route not found.');
    await screenshot(page, 'products-01b-sync-status-error');
  });

  test('creates availability settings for a SKU', async ({ page }) => {
    const company = await ownCatalog(page);
    const id = stamp();
    await seedProduct(page, company, `Climbing rope ${id}`, `RP-${id}`);

    await page.getByTestId(catalogTabsIds.tab('availability')).click();
    await page.getByTestId(availabilityIds.newSetting).click();
    const dialog = page.getByTestId(availabilityIds.createDialog);
    await dialog.getByTestId(availabilityIds.sku).fill(`RP-${id}-S`);
    await dialog.locator('input[name="min_stock"]').fill('1');
    await dialog.locator('input[name="lead_time_days"]').fill('2');
    await dialog.locator('input[name="max_rental_days"]').fill('0');
    await dialog.getByTestId(availabilityIds.save).click();
    await expect(dialog.getByText(MESSAGES.onlyPositive)).toBeVisible();
    await dialog.locator('input[name="max_rental_days"]').fill('90');
    await dialog.locator('textarea[name="note"]').fill('Inspect before each rental.');
    await screenshot(page, 'products-16-availability-create');
    await dialog.getByTestId(availabilityIds.save).click();
    await expect(toasts(page).filter({ hasText: 'Availability settings saved.' })).toBeVisible();

    await search(page, `RP-${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('90 days');
    await expect(rows(page).first()).toContainText('Available');

    // Edit: no longer rentable.
    await rows(page).first().click();
    const edit = page.getByTestId(availabilityIds.editDialog);
    await expect(edit.locator('input[name="lead_time_days"]')).toHaveValue('2');
    await edit.getByTestId(availabilityIds.isAvailable).uncheck();
    await edit.getByTestId(availabilityIds.save).click();
    await expect(page.getByTestId(availabilityIds.editDialog)).toHaveCount(0);
    await expect(rows(page).first()).toContainText('Not available');
    await screenshot(page, 'products-17-availability');
  });
});

test('staff read the catalog without the tools that change it', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/products');
  await expect(page.getByTestId(productsIds.listPage)).toBeVisible();
  await expect(page.getByTestId(catalogTabsIds.tab('tax'))).toBeVisible();
  await expect(page.getByTestId(catalogTabsIds.tab('shop'))).toHaveCount(0);
  await expect(page.getByTestId(productsIds.newProduct)).toHaveCount(0);
  await expect(page.getByTestId(productsIds.sync)).toHaveCount(0);
  await expect(page.getByTestId(productsIds.buyoutPrices)).toHaveCount(0);
  await expect(page.getByTestId(dataListIds.placeholderRow)).toHaveCount(0);
  await screenshot(page, 'products-24-staff-read-only');
  // An admin-only route sends staff back to the index.
  await page.goto('/cms/products/shop');
  await expect(page).not.toHaveURL(/\/cms\/products\/shop/);
});
