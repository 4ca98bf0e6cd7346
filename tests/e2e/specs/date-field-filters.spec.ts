/**
 * Issue 25 items 6 and 7: the one date field (its placeholder the format or "Any date", what is typed
 * read in the app's format), a phone's list with its filters behind a "Filters" button, and the
 * template preview filled from a record the merchant picks.
 */
import { USERS } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import { dataListIds, invoicesIds, screenshot, signInThroughApi, templatesIds } from '../helpers.ts';

test('the invoices list’s date filter shows no date as placeholder, and reads what is typed', async ({
  page,
}) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/invoices');
  await expect(page.getByTestId(dataListIds.placeholderRow)).toHaveCount(0);
  const from = page.getByTestId(invoicesIds.filter('issued_from'));
  await expect(from).toHaveAttribute('placeholder', 'Any date');
  await expect(from).toHaveValue('');
  await from.fill('2 march 2026');
  await from.press('Enter');
  await expect(page).toHaveURL(/issued_from/);
  await expect(from).toHaveValue('2nd Mar 2026');
  // Not a date: said so, and the filter stays as it was.
  await from.fill('11/12/2026');
  await from.press('Tab');
  await expect(page.getByText('Date like 24th Nov 2026')).toBeVisible();
  await screenshot(page, 'date-field-01-invoices-filter');
});

test('a phone keeps the search inline and puts the filters behind a Filters button', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInThroughApi(page, USERS.northwindUser, '/cms/invoices');
  await expect(page.getByTestId(dataListIds.placeholderRow)).toHaveCount(0);
  await expect(page.getByTestId(dataListIds.search)).toBeVisible();
  await expect(page.getByTestId(invoicesIds.filter('issued_from'))).toHaveCount(0);
  const toggle = page.getByTestId(dataListIds.filtersToggle);
  await expect(toggle).toHaveText('Filters');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await screenshot(page, 'date-field-02-phone-list');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const from = page.getByTestId(invoicesIds.filter('issued_from'));
  await expect(from).toBeVisible();
  await from.fill('2026-01-01');
  await from.press('Enter');
  await expect(toggle).toHaveText('Filters (1)');
  await expect(from).toHaveValue('1st Jan 2026');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'date-field-03-phone-filters-open');
  await context.close();
});

test('the template preview is filled from an order the merchant picks', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindOwner, '/cms/email-templates');
  // The language chip's name starts with what it shows.
  const chip = page.getByTestId(templatesIds.locale('order_confirmation', 'en'));
  await expect(chip).toHaveAccessibleName(/^EN\b.*edit Order confirmation in English/);
  await chip.click();
  await expect(page.getByTestId('breadcrumbs')).toContainText('Order confirmation · English');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Home');
  await page.getByTestId(templatesIds.previewTab).click();
  // By default the latest placed order (it has a number) fills it, and the picker says which.
  const picker = page.getByTestId(templatesIds.previewRecord);
  await expect(picker).not.toHaveValue('');
  const first = await picker.inputValue();
  await expect(page.getByTestId(templatesIds.previewSource)).toContainText('order');
  await screenshot(page, 'date-field-04-template-preview-default');
  await picker.click();
  const options = page.getByRole('option');
  await expect(options.nth(1)).toBeVisible();
  const second = (await options.nth(1).textContent()) ?? '';
  await options.nth(1).click();
  await expect(picker).toHaveValue(second);
  expect(second).not.toBe(first);
  const number = second.split(' · ')[0]!;
  await expect(page.getByTestId(templatesIds.previewSource)).toContainText(number);
  await screenshot(page, 'date-field-05-template-preview-picked');
});

test('the template preview picker at phone width', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInThroughApi(page, USERS.northwindOwner, '/cms/email-templates/subscription_ending/en/edit');
  await page.getByTestId(templatesIds.previewTab).click();
  await expect(page.getByTestId(templatesIds.previewRecord)).not.toHaveValue('');
  await screenshot(page, 'date-field-06-template-preview-phone');
  await context.close();
});
