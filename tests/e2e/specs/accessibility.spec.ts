/**
 * Keyboard use of the shell (issue 11, "Accessibility"): the skip link, focus after navigating, the
 * visible focus ring and the Sign out button's name. Axe itself runs on every screen of every spec
 * (fixtures.ts); this spec also checks the states axe reaches only through the keyboard.
 */
import { USERS } from '../credentials.ts';
import { expect, type Locator, test } from '../fixtures.ts';
import { dataListIds, screenshot, shellIds, signInThroughApi, waitForList } from '../helpers.ts';

/** The element's outline as drawn, to tell a visible focus ring from none. */
const outlineOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      style: style.outlineStyle,
      width: style.outlineWidth,
      focusVisible: el.matches(':focus-visible'),
    };
  });

test('the skip link is the first tab stop and moves focus to the main content', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/customers');
  await waitForList(page);

  await page.keyboard.press('Tab');
  const skip = page.getByTestId(shellIds.skipLink);
  await expect(skip).toBeFocused();
  await expect(skip).toHaveAccessibleName('Skip to content');
  await expect(skip).toBeInViewport();
  await screenshot(page, 'a11y-01-skip-link-focused');

  await page.keyboard.press('Enter');
  await expect(page.getByTestId(shellIds.mainContent)).toBeFocused();
  // The fragment stays out of the URL: the router owns it.
  await expect(page).toHaveURL(/\/cms\/customers$/);
  // The next Tab starts in the page, not in the drawer or the app bar.
  await page.keyboard.press('Tab');
  const focusedInMain = await page.evaluate(
    (id) => document.getElementById(id)?.contains(document.activeElement) ?? false,
    shellIds.mainContent,
  );
  expect(focusedInMain).toBe(true);
});

test('after navigating with the drawer, focus is on the new page heading', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindAdmin, '/cms/customers');
  await waitForList(page);

  const usersItem = page.getByTestId(shellIds.drawerItem('admin-users'));
  await usersItem.focus();
  // The drawer item shows it has the keyboard's focus.
  expect(await outlineOf(usersItem)).toMatchObject({ style: 'solid', width: '2px', focusVisible: true });
  await usersItem.press('Enter');

  await expect(page).toHaveURL(/\/admin\/users$/);
  const heading = page.getByTestId(shellIds.mainContent).getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveText('Users');

  // And a mouse click in the drawer does the same.
  await page.getByTestId(shellIds.drawerItem('cms-customers')).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await expect(heading).toBeFocused();
  await expect(heading).toHaveText('Customers');
});

test('a focused table row shows a focus ring', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/customers');
  await waitForList(page);
  // A row is a link (its first linked cell takes the focus); the whole row shows the ring.
  const row = page.getByTestId(dataListIds.row).first();
  const link = row.getByTestId(dataListIds.rowLink);
  await link.focus();
  await expect(link).toBeFocused();
  expect(await outlineOf(row)).toMatchObject({ style: 'solid', width: '2px' });
  await screenshot(page, 'a11y-03-row-focused');
  // Enter opens the row, as a click does.
  await link.press('Enter');
  await expect(page).toHaveURL(/\/cms\/customers\/\d+$/);
});

test('the Sign out button is named "Sign out" and described by the signed-in email', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/insights');
  const signOut = page.getByTestId(shellIds.signOut);
  await expect(signOut).toHaveAccessibleName('Sign out');
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await signOut.hover();
  await expect(page.getByRole('tooltip')).toHaveText(`Signed in as ${USERS.northwindUser}`);
  await expect(signOut).toHaveAccessibleDescription(`Signed in as ${USERS.northwindUser}`);
  await screenshot(page, 'a11y-04-sign-out-tooltip');
});
