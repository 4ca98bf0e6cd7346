/**
 * The form kit (issue 11, "Forms"): a filled field is checked when the person leaves it, with the
 * expected format; an empty one on Save, with the spec's "Required field."; unsaved changes are asked
 * about before a dialog closes (Esc, Cancel) or the page is left (the browser's back button, the
 * drawer), never after a successful save.
 */
import { expect, type Page, test } from '../fixtures.ts';
import {
  customersIds,
  discardDialogIds,
  MESSAGES,
  profileIds,
  screenshot,
  shellIds,
  signInToOwnCompany,
  toasts,
} from '../helpers.ts';

const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text });

test('a dialog checks fields on leaving them and asks before its unsaved changes are lost', async ({
  page,
}) => {
  await signInToOwnCompany(page, 'admin', '/cms/customers', 'Forms');
  await page.getByTestId(customersIds.newCustomer).click();
  await expect(page).toHaveURL(/\/cms\/customers\/create$/);
  const dialog = page.getByTestId(customersIds.createDialog);
  const name = dialog.locator('input[name="name"]');
  const email = dialog.locator('input[name="email"]');

  // A bad email names the format as soon as it is left; leaving an empty field says nothing yet (an
  // error appearing under the pointer would move the button being clicked), Save says "Required field.".
  await email.focus();
  await name.focus();
  await expect(dialog.getByText(MESSAGES.required)).toHaveCount(0);
  await email.fill('daan@example');
  await name.focus();
  await expect(dialog.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.required)).toHaveCount(0);
  await dialog.getByTestId(customersIds.save).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(MESSAGES.required)).toBeVisible();
  await name.fill('Daan Gagnon');
  await expect(dialog.getByText(MESSAGES.required)).toHaveCount(0);
  await screenshot(page, 'forms-01-checked-on-leaving');

  // Esc with changes: asked; keeping them leaves the dialog as it was.
  await page.keyboard.press('Escape');
  const discard = page.getByTestId(discardDialogIds.dialog);
  await expect(discard).toContainText('Discard unsaved changes?');
  await screenshot(page, 'forms-02-discard-question');
  await discard.getByTestId(discardDialogIds.stay).click();
  await expect(discard).toBeHidden();
  await expect(name).toHaveValue('Daan Gagnon');

  // The browser's back button is asked about too.
  await page.goBack();
  await expect(discard).toBeVisible();
  await discard.getByTestId(discardDialogIds.stay).click();
  await expect(page).toHaveURL(/\/cms\/customers\/create$/);
  await expect(name).toHaveValue('Daan Gagnon');

  // Cancel, then discard: the dialog closes to the list.
  await dialog.getByTestId(customersIds.cancel).click();
  await discard.getByTestId(discardDialogIds.discard).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await expect(dialog).toBeHidden();

  // Untouched, the dialog closes without a question.
  await page.getByTestId(customersIds.newCustomer).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await expect(discard).toHaveCount(0);
});

test('a page form asks before the page is left with unsaved changes, not after saving', async ({ page }) => {
  await signInToOwnCompany(page, 'user', '/auth/profile', 'Leave');
  const nameField = page.getByTestId(profileIds.name);
  await expect(nameField).not.toHaveValue('');
  await nameField.fill('Robin Unsaved');

  // Leaving through the drawer: asked, and staying keeps the typed name.
  await page.getByTestId(shellIds.drawerItem('cms-customers')).click();
  const discard = page.getByTestId(discardDialogIds.dialog);
  await expect(discard).toBeVisible();
  await discard.getByTestId(discardDialogIds.stay).click();
  await expect(page).toHaveURL(/\/auth\/profile$/);
  await expect(nameField).toHaveValue('Robin Unsaved');

  // Saved: leaving is no longer asked about.
  await page.getByTestId(profileIds.saveDetails).click();
  await expect(toast(page, MESSAGES.profileUpdated)).toBeVisible();
  await page.getByTestId(shellIds.drawerItem('cms-customers')).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await expect(discard).toHaveCount(0);
});
