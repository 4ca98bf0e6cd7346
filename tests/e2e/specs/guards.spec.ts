import { USERS } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import { dataListIds, shellIds, signInThroughApi, usersIds, waitForList } from '../helpers.ts';

test('a plain user opening an admin or operator screen lands on the index', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/admin/users');
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await page.goto('/admin/email-history');
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await page.goto('/super/users');
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await page.goto('/cms/companies/create');
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await expect(page.getByTestId(shellIds.drawerHeader('admins'))).toHaveCount(0);
  // The profile is for everyone signed in.
  await page.goto('/auth/profile');
  await expect(page).toHaveURL(/\/auth\/profile$/);
});

test('an admin opening an operator screen lands on the index; the admin screens open', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindAdmin, '/super/users');
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await page.goto('/super/history-logs');
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await page.goto('/super/companies/1');
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await expect(page.getByTestId(shellIds.drawerHeader('operator'))).toHaveCount(0);

  await page.getByTestId(shellIds.drawerItem('admin-users')).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await waitForList(page);
  await expect(page.getByTestId(usersIds.listPage)).toBeVisible();
  await expect(page.getByTestId(dataListIds.row)).not.toHaveCount(0);
});

test('signed out, account and back-office screens send to sign-in, which keeps where to return', async ({
  page,
}) => {
  for (const path of ['/auth/profile', '/admin/users', '/super/companies']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/auth/login\\?next=${encodeURIComponent(path)}$`));
  }
});
