/**
 * The products area with a WooCommerce shop: a merchant connects a shop and syncs it from a fake
 * WooCommerce server started here (the hand-made catalog is specs/products.spec.ts).
 */
import { FakeCatalog } from '../../../apps/api/src/integrations/shops/testing/catalog.ts';
import {
  type FakeWooCommerce,
  startFakeWooCommerce,
  WOO_KEY,
  WOO_SECRET,
} from '../../../apps/api/src/integrations/shops/testing/fake-woocommerce.ts';
import { productsIds, shopIds, taxIds } from '../../../apps/web/src/features/products/testids.ts';
import { callApi, choose, rows } from '../catalog-helpers.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  MESSAGES,
  screenshot,
  signInThroughApi,
  signInToOwnCompany,
  type TestUser,
  toasts,
  waitForList,
} from '../helpers.ts';

const SHOP_PRODUCTS = 250;

test.describe('a merchant with a WooCommerce shop', () => {
  // One shop connection of one company: the steps build on each other, in one worker.
  test.describe.configure({ mode: 'serial' });
  let shop: FakeWooCommerce;
  /** The owner of a company of this run's own (EUR, as the fake shop), per repetition of the group. */
  const owners = new Map<number, TestUser & { companyId: number }>();

  /** Signs the shop's owner in on `path`, making the company and its owner the first time. */
  async function signInShopOwner(page: Page, path: string) {
    const key = test.info().repeatEachIndex;
    const owner = owners.get(key);
    if (!owner) {
      const own = await signInToOwnCompany(page, 'owner', path, 'Shop', 'EUR');
      owners.set(key, { ...own.user, companyId: own.company.id });
      return own.company.id;
    }
    await signInThroughApi(page, owner.email, path, owner.password);
    return owner.companyId;
  }

  /** Connects the fake shop through the API (for the steps that are about something else). */
  async function connectShop(page: Page, company: number, secret = WOO_SECRET) {
    await callApi(page, 'PUT', `/api/companies/${company}/settings/shop_system`, {
      shop_system: 'woocommerce',
      url: shop.url,
      credentials: { consumer_key: WOO_KEY, consumer_secret: secret },
    });
  }

  test.beforeAll(async () => {
    // Three pages of 100: the sync's progress can be watched halfway (Alpine's currency is EUR).
    shop = await startFakeWooCommerce(new FakeCatalog(SHOP_PRODUCTS, { currency: 'EUR' }));
  });
  test.afterAll(async () => {
    await shop?.close();
  });

  test('connects the shop: saved, connected, credentials never shown', async ({ page }) => {
    await signInShopOwner(page, '/cms/products/shop');
    await expect(page.getByTestId(shopIds.page)).toBeVisible();
    await choose(page, shopIds.system, 'WooCommerce');
    const form = page.getByTestId(shopIds.form);
    await form.locator('input[name="url"]').fill('not a url');
    await form.getByTestId(shopIds.save).click();
    await expect(form.getByText(MESSAGES.validUrl)).toBeVisible();

    await form.locator('input[name="url"]').fill(shop.url);
    await form.locator('input[name="consumer_key"]').fill(WOO_KEY);
    await form.locator('input[name="consumer_secret"]').fill(WOO_SECRET);
    await form.getByTestId(shopIds.save).click();
    await expect(toasts(page).filter({ hasText: 'Shop settings saved.' })).toBeVisible();
    // Saved, but nothing has read the shop yet: the badge does not claim a connection it has not made.
    await expect(page.getByTestId(shopIds.status)).toHaveAttribute('data-reach', 'not-reached-yet');
    await expect(page.getByTestId(shopIds.status)).toContainText('Saved, not reached yet');
    await expect(page.getByTestId(shopIds.status)).toContainText(shop.url);
    // Write-only: the fields are empty and say the stored credentials are kept.
    await expect(form.locator('input[name="consumer_key"]')).toHaveValue('');
    await expect(form.locator('input[name="consumer_secret"]')).toHaveValue('');
    await expect(form.locator('input[name="consumer_key"]')).toHaveAttribute(
      'placeholder',
      'Stored encrypted; leave empty to keep',
    );
    expect(await page.content()).not.toContain(WOO_SECRET);
    await screenshot(page, 'products-18-shop-connected');

    // A new product notes that the shop is connected.
    await page.goto('/cms/products/create');
    await expect(page.getByTestId(productsIds.shopNote)).toContainText('WooCommerce');
  });

  test('syncs the catalog and shows a failure clearly', async ({ page }) => {
    const company = await signInShopOwner(page, '/cms/products');

    // Wrong credentials: the sync fails with the shop's message and changes nothing.
    await connectShop(page, company, 'cs_wrong');
    await page.reload();
    await expect(page.getByTestId(productsIds.sync)).toBeEnabled();
    await page.getByTestId(productsIds.sync).click();
    const panel = page.getByTestId(productsIds.syncPanel);
    await expect(panel).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(page.getByTestId(productsIds.syncError)).toContainText('The shop refused the credentials.');
    await screenshot(page, 'products-19-sync-failed');

    // The right credentials: the sync runs to the end and the catalog appears.
    await connectShop(page, company);
    await page.reload();
    // The shop holds its second page: the sync shows how far it has read, and nothing is written yet.
    const release = shop.hold((r) => r.path === '/wp-json/wc/v3/products' && r.query.get('page') === '2');
    try {
      await page.getByTestId(productsIds.sync).click();
      await expect(panel).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
      await expect(page.getByTestId(productsIds.syncProgress)).toHaveText(
        `100 of ${SHOP_PRODUCTS} products read`,
        { timeout: 30_000 },
      );
      await expect(page.getByTestId(productsIds.syncStatus)).toHaveText('Reading products from WooCommerce');
      await expect(page.getByTestId(productsIds.syncBar)).toHaveAttribute('aria-valuenow', '40');
      await expect(page.getByTestId(productsIds.sync)).toBeDisabled();
      await screenshot(page, 'products-19b-sync-in-progress');
    } finally {
      release();
    }
    await expect(panel).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(page.getByTestId(productsIds.syncCounts)).toContainText(
      `${SHOP_PRODUCTS} products read: ${SHOP_PRODUCTS} created, 0 updated, 0 unchanged, 0 removed`,
    );
    await screenshot(page, 'products-19c-sync-done');
    await choose(page, productsIds.typeFilter, 'Normal');
    await expect(page).toHaveURL(/filters=.*type/);
    await waitForList(page);
    await expect(rows(page).first()).toContainText('WooCommerce');
    await screenshot(page, 'products-20-synced');

    // A synced product: the shop's fields are read-only, Rentloop's are not.
    await rows(page).first().click();
    await expect(page.getByTestId(productsIds.fromShop)).toBeVisible();
    await expect(page.getByTestId(productsIds.field('source'))).toContainText('WooCommerce');
    await expect(page.getByTestId(productsIds.variantRow).first()).toBeVisible();
    await screenshot(page, 'products-21-synced-detail');
    await page.getByTestId(productsIds.edit).click();
    const dialog = page.getByTestId(productsIds.editDialog);
    await expect(dialog.locator('input[name="name"]')).toBeDisabled();
    await expect(dialog.getByText('Comes from the shop').first()).toBeVisible();
    await expect(dialog.locator('input[name="buyout_price"]')).toBeEnabled();
    await expect(dialog.locator('textarea[name="description"]')).not.toHaveValue(/<p>/);
    await screenshot(page, 'products-22-synced-edit');
  });

  test('imports the tax rates of the shop', async ({ page }) => {
    const company = await signInShopOwner(page, '/cms/products/tax');
    await connectShop(page, company);
    await expect(page.getByTestId(taxIds.page)).toBeVisible();
    await page.getByTestId(taxIds.refresh).click();
    await expect(toasts(page).filter({ hasText: 'Tax rules refreshed from the shop.' })).toBeVisible();
    await expect(page.getByTestId(taxIds.ruleRow).first()).toBeVisible();
    await page.getByTestId(taxIds.countryFilter).fill('Canada');
    await page.getByRole('option', { name: /^Canada/ }).click();
    await expect(page).toHaveURL(/filters=.*country/);
    const ontario = page.locator(`[data-testid="${taxIds.ruleRow}"][data-region="ON"]`);
    await expect(ontario).toContainText('13 %');
    await expect(ontario).toContainText('WooCommerce');
    await screenshot(page, 'products-23-tax-from-shop');
  });
});
