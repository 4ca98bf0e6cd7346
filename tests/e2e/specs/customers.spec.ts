import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  customersIds,
  dataListIds,
  discardDialogIds,
  MESSAGES,
  pagerRange,
  pickFromMenu,
  screenshot,
  shellIds,
  signInThroughApi,
  signInToOwnCompany,
  toasts,
  waitForList,
} from '../helpers.ts';

const rows = (page: Page) => page.getByTestId(dataListIds.row);
// The data cells, after the selection checkbox (the first cell: "Export selected").
const DATA_CELL = 'td:not(.MuiTableCell-paddingCheckbox)';
const cell = (page: Page, row: number, column: number) => rows(page).nth(row).locator(DATA_CELL).nth(column);

/** The demo company's 300 customers, read (and one of them edited) by the tests below; none adds one. */
async function openDemoCustomers(page: Page) {
  await signInThroughApi(page, USERS.northwindUser, '/cms/customers');
  await waitForList(page);
}

test('the list pages with wrap-around, keeps its state in the URL and searches', async ({ page }) => {
  await openDemoCustomers(page);
  await expect(rows(page)).toHaveCount(10);
  const first = await pagerRange(page, dataListIds.pagerRange);
  expect(first).toMatchObject({ from: 1, to: 10 });
  expect(first.total).toBeGreaterThan(100);
  const lastPage = Math.ceil(first.total / 10);
  await screenshot(page, 'customers-01-list');

  await page.getByTestId(dataListIds.pagerNext).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByTestId(dataListIds.pagerRange)).toHaveText(/^11–20 of/);

  // Previous from page 1 wraps to the last page; next from the last wraps to page 1.
  await page.getByTestId(dataListIds.pagerPrevious).click();
  await expect(page.getByTestId(dataListIds.pagerRange)).toHaveText(/^1–10 of/);
  await page.getByTestId(dataListIds.pagerPrevious).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${lastPage}\\b`));
  await expect(page.getByTestId(dataListIds.pagerPage)).toHaveText(`Page ${lastPage} of ${lastPage}`);
  await page.getByTestId(dataListIds.pagerNext).click();
  await expect(page.getByTestId(dataListIds.pagerRange)).toHaveText(/^1–10 of/);

  // A search by surname, from a name on the list; a new search starts again at page 1.
  await page.getByTestId(dataListIds.pagerNext).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await waitForList(page);
  const name = (await cell(page, 0, 0).textContent()) ?? '';
  const surname = name.trim().split(/\s+/).at(-1) ?? '';
  expect(surname.length).toBeGreaterThan(1);
  await page.getByTestId(dataListIds.search).fill(surname);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(surname)}`));
  await expect(page).not.toHaveURL(/[?&]page=/);
  await waitForList(page);
  const found = await rows(page).locator(`${DATA_CELL}:nth-child(2)`).allTextContents();
  expect(found.length).toBeGreaterThan(0);
  for (const n of found) expect(n.toLowerCase()).toContain(surname.toLowerCase());
  await screenshot(page, 'customers-02-search');

  // The state is in the URL: a reload shows the same search.
  await page.reload();
  await expect(page.getByTestId(dataListIds.search)).toHaveValue(surname);
  await waitForList(page);
  expect(await rows(page).locator(`${DATA_CELL}:nth-child(2)`).allTextContents()).toEqual(found);

  await page.getByTestId(dataListIds.searchClear).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByTestId(dataListIds.pagerRange)).toHaveText(`1–10 of ${first.total}`);
});

test('the list sorts by clicking a header and filters by language', async ({ page }) => {
  await openDemoCustomers(page);
  await page.getByTestId(dataListIds.sort('name')).click();
  await expect(page).toHaveURL(/sort=name&desc=false/);
  await waitForList(page);
  const ascending = (await cell(page, 0, 0).textContent()) ?? '';
  await page.getByTestId(dataListIds.sort('name')).click();
  await expect(page).toHaveURL(/sort=name&desc=true/);
  await waitForList(page);
  const descending = (await cell(page, 0, 0).textContent()) ?? '';
  expect(ascending.localeCompare(descending, 'en', { sensitivity: 'base' })).toBeLessThan(0);

  // Language filter: every row then reads French.
  await pickFromMenu(page, customersIds.languageFilter, page.getByRole('option', { name: 'French' }));
  await expect(page).toHaveURL(/filters=%7B%22language%22%3A%22fr%22%7D/);
  await waitForList(page);
  const languages = await rows(page).locator(`${DATA_CELL}:nth-child(5)`).allTextContents();
  expect(languages.length).toBeGreaterThan(0);
  expect(new Set(languages)).toEqual(new Set(['French']));
  await screenshot(page, 'customers-03-sorted-filtered');
});

test('open a customer, edit it, see the message and the change after a reload', async ({ page }) => {
  await openDemoCustomers(page);
  // Take a customer from the second page so parallel tests do not edit the same one.
  await page.goto('/cms/customers?page=3');
  await waitForList(page);
  const name = ((await cell(page, 0, 0).textContent()) ?? '').trim();
  await rows(page).first().click();
  await expect(page).toHaveURL(/\/cms\/customers\/\d+$/);
  const url = page.url();
  await expect(page.getByTestId(customersIds.detailName)).toHaveText(name);
  await expect(page.getByTestId(customersIds.addressLines('billing'))).not.toBeEmpty();
  // The crumb names the customer, not "Customer 520".
  await expect(page.getByTestId(shellIds.breadcrumbs)).toContainText(`Customers${name}`);
  await screenshot(page, 'customers-04-detail');

  await page.getByTestId(customersIds.edit).click();
  await expect(page).toHaveURL(/\/cms\/customers\/\d+\/edit$/);
  const dialog = page.getByTestId(customersIds.editDialog);
  await expect(dialog).toBeVisible();

  // The schema's own rules run before anything is sent.
  const nameInput = dialog.locator('input[name="name"]');
  await nameInput.fill('');
  await dialog.getByTestId(customersIds.save).click();
  await expect(dialog.getByText(MESSAGES.required).first()).toBeVisible();
  await nameInput.fill(name);

  const city = `Kelowna ${Date.now().toString(36)}`;
  const phone = '+1 250 555 0199';
  await dialog.locator('input[name="billing_address.city"]').fill(city);
  await dialog.locator('input[name="phone"]').fill(phone);
  await screenshot(page, 'customers-05-edit');
  await dialog.getByTestId(customersIds.save).click();

  await expect(toasts(page).filter({ hasText: MESSAGES.customerUpdated })).toBeVisible();
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId(customersIds.editDialog)).toHaveCount(0);
  await expect(page.getByTestId(customersIds.addressLines('billing'))).toContainText(city);
  await screenshot(page, 'customers-06-saved');

  await page.reload();
  await expect(page.getByTestId(customersIds.addressLines('billing'))).toContainText(city);
  await expect(page.getByTestId(customersIds.field('phone'))).toHaveText(phone);
});

test('a server refusal shows its message and puts the field error on the field', async ({ page }) => {
  await openDemoCustomers(page);
  await page.goto('/cms/customers?page=4');
  await waitForList(page);
  const otherEmail = ((await cell(page, 1, 1).textContent()) ?? '').trim();
  await rows(page).first().click();
  await page.getByTestId(customersIds.edit).click();
  const dialog = page.getByTestId(customersIds.editDialog);
  // Another customer's email: the server answers 422 with errors.email.
  await dialog.locator('input[name="email"]').fill(otherEmail);
  await dialog.getByTestId(customersIds.save).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.customerUpdateFailed })).toBeVisible();
  await expect(dialog.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('A customer with this email already exists.')).toBeVisible();
  await screenshot(page, 'customers-07-server-field-error');
  // Closing the dialog asks first (the change was not saved), then goes back to the detail, unchanged.
  await page.keyboard.press('Escape');
  await page.getByTestId(discardDialogIds.discard).click();
  await expect(page).toHaveURL(/\/cms\/customers\/\d+$/);
  await expect(page.getByTestId(customersIds.field('email'))).not.toHaveText(otherEmail);
});

test('create a customer with a billing address', async ({ page }) => {
  // A company of its own: the new customer never changes the demo list the tests above count.
  await signInToOwnCompany(page, 'user', '/cms/customers', 'Customers');
  const stamp = Date.now().toString(36);
  const email = `e2e.${stamp}@example.com`;
  await page.getByTestId(customersIds.newCustomer).click();
  await expect(page).toHaveURL(/\/cms\/customers\/create$/);
  const dialog = page.getByTestId(customersIds.createDialog);
  await expect(dialog).toBeVisible();

  await dialog.locator('input[name="name"]').fill('Émilie Tremblay');
  await dialog.locator('input[name="email"]').fill(email);
  await dialog.locator('input[name="phone"]').fill('+1 514 555 0142');
  await dialog.getByTestId(customersIds.billingToggle).check();
  await expect(dialog.locator('input[name="billing_address.first_name"]')).toHaveValue('Émilie');
  await expect(dialog.locator('input[name="billing_address.last_name"]')).toHaveValue('Tremblay');
  await dialog.locator('input[name="billing_address.street"]').fill('Rue Sainte-Catherine Ouest 1250');
  await dialog.locator('input[name="billing_address.street_number"]').fill('1250');
  // The company's currency is CAD: a new address starts in Canada; the postal code gives the province.
  await expect(dialog.locator('input[name="billing_address.country"]')).toHaveValue('Canada');
  await dialog.locator('input[name="billing_address.city"]').fill('Montréal');
  await dialog.locator('input[name="billing_address.postal_code"]').fill('H3G 1P1');
  await expect(dialog.locator('input[name="billing_address.region"]')).toHaveValue('Quebec');
  await dialog.locator('input[name="billing_address.phone"]').fill('514 555 0142');
  await dialog.getByTestId(customersIds.copyBilling).click();
  await expect(dialog.locator('input[name="shipping_address.city"]')).toHaveValue('Montréal');
  await screenshot(page, 'customers-08-create');
  await dialog.getByTestId(customersIds.save).click();

  await expect(toasts(page).filter({ hasText: MESSAGES.customerCreated })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/customers\/\d+$/);
  await expect(page.getByTestId(customersIds.detailName)).toHaveText('Émilie Tremblay');
  await expect(page.getByTestId(customersIds.field('email'))).toHaveText(email);
  await expect(page.getByTestId(customersIds.addressLines('billing'))).toContainText('Canada');
  await expect(page.getByTestId(customersIds.addressLines('shipping'))).toContainText('Montréal QC H3G 1P1');
  await expect(page.getByTestId(customersIds.address('shipping', 'phone'))).toHaveText('+1 514 555 0142');
  await screenshot(page, 'customers-09-created');

  // The new customer is found by the list's search.
  await page.goto('/cms/customers');
  await page.getByTestId(dataListIds.search).fill(email);
  // The searched list, not the whole one (the box sends the search a moment after the typing).
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(email)}`));
  await waitForList(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(cell(page, 0, 1)).toHaveText(email);
});
