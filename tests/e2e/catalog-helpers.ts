/**
 * What the catalog's browser tests share (specs/products.spec.ts, specs/products-shop.spec.ts): the list's
 * rows, calls to the API as the signed-in user, and picking from the catalog's selects.
 */
import { ACCESS_TOKEN_KEY } from '../../apps/web/src/api/storage-keys.ts';
import { expect, type Page } from './fixtures.ts';
import { dataListIds, pickFromMenu } from './helpers.ts';

export const rows = (page: Page) => page.getByTestId(dataListIds.row);

/** Calls the API as the signed-in user of the page (to set up data a test is not about). */
export async function callApi<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate((key) => window.localStorage.getItem(key), ACCESS_TOKEN_KEY);
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Opens a select (a MUI TextField with `select`) by its input's test id and picks an option. */
export async function choose(page: Page, testId: string, option: string | RegExp) {
  await pickFromMenu(page, testId, page.getByRole('option', { name: option }));
}

/** Searches a data list and waits until the search is in the URL (the box sends it after a debounce). */
export async function search(page: Page, text: string) {
  await page.getByTestId(dataListIds.search).fill(text);
  await expect(page).toHaveURL(
    new RegExp(`[?&]search=${encodeURIComponent(text).replaceAll('%20', '(\\+|%20)')}`),
  );
}
