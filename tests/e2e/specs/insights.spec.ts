import { USERS } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import {
  callApi,
  companyAdminIds,
  createCompany,
  insightsIds,
  screenshot,
  signInThroughApi,
} from '../helpers.ts';

const bar = (name: string, key: string) =>
  `[data-testid="${insightsIds.breakdown(name)}"] [data-testid="${insightsIds.bar}"][data-key="${key}"]`;

test('Insights shows what the data holds: customers by country and language, products by type, the catalog value', async ({
  page,
}) => {
  // Much setting up through the API on a shared, busy machine: more time than the default.
  test.slow();
  // A company of the test's own, so every figure is known.
  const company = await createCompany(page, 'Insights', 'CAD');
  const address = {
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@example.com',
    phone: '+1 416 555 0123',
    street: 'King Street West',
    street_number: '100',
    postal_code: 'M5V 2T6',
    city: 'Toronto',
    region: 'ON',
    country: 'ca',
  };
  const customer = (n: number, language: string, billing: object | null) =>
    callApi(page, 'POST', `/api/${company.id}/rentloopdb/customers`, {
      name: `Insight Customer ${n}`,
      email: `insight-${n}-${company.id}@e2e.rentloop.test`,
      phone: '+1 416 555 0123',
      language,
      billing_address: billing,
    });
  await customer(1, 'fr', address);
  await customer(2, 'en', address);
  await customer(3, 'de', {
    ...address,
    phone: '+49 30 901820',
    postal_code: '10115',
    city: 'Berlin',
    region: null,
    country: 'de',
  });
  // 0.10 + 0.20 is 0.30000000000000004 in floating point: the value must still be exact.
  await callApi(page, 'POST', `/api/${company.id}/rentloopdb/products`, {
    name: 'E-bike City 500',
    type: 'normal',
    variants: [
      { name: 'Small', price: '0.10', stock: 3 },
      { name: 'Medium', price: '0.20', stock: 0 },
      { name: 'Large', price: '1299.99', stock: 2 },
    ],
  });
  await callApi(page, 'POST', `/api/${company.id}/rentloopdb/products`, {
    name: 'Gift card',
    type: 'digital',
    variants: [{ name: 'Card', price: '25.00', stock: 100 }],
  });

  await signInThroughApi(page, USERS.operator, `/super/companies/${company.id}`);
  await page.getByTestId(companyAdminIds.switchTo).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await page.goto('/cms/insights');

  await expect(page.getByTestId(insightsIds.customersTotal)).toHaveText('3');
  await expect(page.getByTestId(insightsIds.customersNewThisMonth)).toHaveText('3');
  await expect(page.getByTestId(insightsIds.productsTotal)).toHaveText('2');
  await expect(page.getByTestId(insightsIds.catalogValue)).toHaveText('CA$1,325.29');
  await expect(page.getByTestId(insightsIds.stockValue)).toHaveText('CA$5,100.28');
  await expect(page.locator(bar('country', 'CA'))).toHaveAttribute('data-count', '2');
  await expect(page.locator(bar('country', 'CA'))).toContainText('Canada');
  await expect(page.locator(bar('country', 'DE'))).toContainText('Germany');
  await expect(page.locator(bar('language', 'fr'))).toContainText('French');
  await expect(page.locator(bar('type', 'normal'))).toHaveAttribute('data-count', '1');
  await expect(page.locator(bar('type', 'digital'))).toContainText('Digital');
  await screenshot(page, 'insights-01-summary');

  // A figure opens its list.
  await page.getByTestId(insightsIds.productsTotal).click();
  await expect(page).toHaveURL(/\/cms\/products$/);
});

test('Insights of a company without data says so instead of drawing empty bars', async ({ page }) => {
  test.slow();
  const company = await createCompany(page, 'Empty insights', 'EUR');
  await signInThroughApi(page, USERS.operator, `/super/companies/${company.id}`);
  await page.getByTestId(companyAdminIds.switchTo).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await page.goto('/cms/insights');
  await expect(page.getByTestId(insightsIds.customersTotal)).toHaveText('0');
  await expect(page.getByTestId(insightsIds.catalogValue)).toHaveText('€0.00');
  await expect(page.getByTestId(insightsIds.breakdown('country'))).toContainText('No customers yet.');
  await expect(page.getByTestId(insightsIds.breakdown('type'))).toContainText('No products yet.');
  await screenshot(page, 'insights-02-empty');
});
