/**
 * Navigation (issue 11): a signed-out deep link returns to its target after sign-in, a user sent away
 * from a page they may not open is told why, and the global search (Ctrl/Cmd+K, "/") finds customers
 * and products and opens them.
 */
import { searchIds } from '../../../apps/web/src/features/search/testids.ts';
import { PASSWORD, USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  authIds,
  dataListIds,
  screenshot,
  shellIds,
  signInThroughApi,
  toasts,
  waitForList,
} from '../helpers.ts';

/** The name in the first row of the list on screen (the first line of its first data cell). */
async function firstRowName(page: Page): Promise<string> {
  await waitForList(page);
  const cell = page
    .getByTestId(dataListIds.row)
    .first()
    .locator('td:not(.MuiTableCell-paddingCheckbox)')
    .first();
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText gives the rendered lines (name, then type).
  return (await cell.innerText()).split('\n')[0]?.trim() ?? '';
}

test('a signed-out deep link returns to its target, with its query, after sign-in', async ({ page }) => {
  await page.goto('/cms/customers?search=tremblay');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fcms%2Fcustomers%3Fsearch%3Dtremblay$/);
  await screenshot(page, 'navigation-01-deep-link-sign-in');

  await page.getByTestId(authIds.loginEmail).fill(USERS.northwindUser);
  await page.getByTestId(authIds.loginPassword).fill(PASSWORD);
  await page.getByTestId(authIds.loginSubmit).click();
  await expect(page).toHaveURL(/\/cms\/customers\?search=tremblay$/);
  await expect(page.getByTestId(dataListIds.search)).toHaveValue('tremblay');
});

test('a link that leads out of the app is not followed after sign-in', async ({ page }) => {
  await page.goto('/auth/login?next=%2F%2Fevil.example%2Fcms');
  await page.getByTestId(authIds.loginEmail).fill(USERS.northwindUser);
  await page.getByTestId(authIds.loginPassword).fill(PASSWORD);
  await page.getByTestId(authIds.loginSubmit).click();
  await expect(page).toHaveURL(/\/cms\/insights$/);
});

test('a user sent away from an admin page is told why', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/admin/users');
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await expect(
    toasts(page).filter({
      hasText: "You don't have access to that page: it is for the company's owners and admins.",
    }),
  ).toBeVisible();
  await screenshot(page, 'navigation-02-refused');

  await page.goto('/super/companies');
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await expect(
    toasts(page).filter({
      hasText: "You don't have access to that page: it is for the platform's operators.",
    }),
  ).toBeVisible();
});

test('the global search finds customers and products and opens them from the keyboard', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/products');
  const product = await firstRowName(page);
  await page.goto('/cms/customers');
  const customer = await firstRowName(page);
  const surname = customer.split(/\s+/).at(-1) ?? '';
  expect(surname.length).toBeGreaterThan(1);

  // Ctrl+K from anywhere opens it, the field focused.
  await page.getByTestId(shellIds.mainContent).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+k');
  const dialog = page.getByTestId(searchIds.dialog);
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId(searchIds.input)).toBeFocused();
  await page.keyboard.type(surname);
  const customers = dialog.getByTestId(searchIds.group('customers'));
  await expect(customers.getByTestId(searchIds.result).filter({ hasText: customer }).first()).toBeVisible();
  // Polled, once no search runs: the search starts a moment after the last key (debounced), so a pause
  // between two keys on a busy machine searches a part of the surname first, and those results stay on
  // screen until the whole surname's arrive.
  const searching = dialog.getByRole('progressbar', { name: 'Searching' });
  await expect
    .poll(async () => {
      if ((await searching.count()) > 0) return ['(searching)'];
      const titles = await customers.getByTestId(searchIds.result).allTextContents();
      if (titles.length === 0) return ['(no customer)'];
      return titles.filter((title) => !title.toLowerCase().includes(surname.toLowerCase()));
    })
    .toEqual([]);
  await screenshot(page, 'navigation-03-search-customers');

  // The first result is highlighted; Enter opens it.
  await expect(dialog.getByTestId(searchIds.result).first()).toHaveAttribute('aria-selected', 'true');
  const opened =
    (await customers.getByTestId(searchIds.result).first().locator('p').first().textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/cms\/customers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(opened.trim());

  // "/" opens it too (outside a field); arrows move; Esc closes without going anywhere.
  const detailUrl = page.url();
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('/');
  await expect(dialog).toBeVisible();
  await page.keyboard.type(product);
  const products = dialog.getByTestId(searchIds.group('products'));
  await expect(products.getByTestId(searchIds.result).filter({ hasText: product }).first()).toBeVisible();
  await screenshot(page, 'navigation-04-search-products');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(detailUrl);

  // Nothing found says so.
  await page.getByTestId(searchIds.open).click();
  await page.getByTestId(searchIds.input).fill('zzqx-nothing-matches');
  await expect(dialog.getByTestId(searchIds.empty)).toHaveText(
    'No customer or product matches “zzqx-nothing-matches”.',
  );
});
