import { expect, type Page, test } from '../fixtures.ts';
import {
  createCompany,
  createMember,
  MESSAGES,
  profileIds,
  screenshot,
  shellIds,
  signInThroughApi,
  toasts,
} from '../helpers.ts';

const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text });

test('a user edits the profile, changes the password and chooses which toasts to see', async ({ page }) => {
  const company = await createCompany(page, 'Profile');
  const user = await createMember(page, company.id, 'user', 'profile');
  await signInThroughApi(page, user.email, '/cms/insights', user.password);

  await page.getByTestId(shellIds.profile).click();
  await expect(page).toHaveURL(/\/auth\/profile$/);
  await expect(page.getByTestId(shellIds.adminLayout)).toBeVisible();
  await expect(page.getByTestId(profileIds.email)).toHaveValue(user.email);
  await expect(page.getByTestId(profileIds.company(company.id))).toContainText(company.name);
  for (const key of ['show_errors', 'show_warnings', 'show_successes']) {
    await expect(page.getByTestId(profileIds.preference(key))).toBeChecked();
  }
  await screenshot(page, 'profile-01');

  // Name and email are trimmed.
  await page.getByTestId(profileIds.name).fill('  Robin Renamed  ');
  await page.getByTestId(profileIds.saveDetails).click();
  await expect(toast(page, MESSAGES.profileUpdated)).toBeVisible();
  await expect(page.getByTestId(profileIds.name)).toHaveValue('Robin Renamed');
  await expect(page.getByTestId(profileIds.saveDetails)).toBeDisabled();

  // The current password is checked by the server.
  await page.getByTestId(profileIds.currentPassword).fill('not-my-password');
  await page.getByTestId(profileIds.newPassword).fill('my-new-password');
  await page.getByTestId(profileIds.confirmPassword).fill('my-new-password');
  await page.getByTestId(profileIds.savePassword).click();
  await expect(page.getByText(MESSAGES.currentPasswordWrong)).toBeVisible();
  await expect(toast(page, MESSAGES.passwordChangeFailed)).toBeVisible();
  await screenshot(page, 'profile-02-wrong-password');

  await page.getByTestId(profileIds.currentPassword).fill(user.password);
  await page.getByTestId(profileIds.savePassword).click();
  await expect(toast(page, MESSAGES.passwordChanged)).toBeVisible();
  await expect(page.getByTestId(profileIds.currentPassword)).toHaveValue('');
  // The old password no longer signs in, the new one does; this session stays open.
  const old = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: 'my-new-password' },
  });
  expect(fresh.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId(profileIds.page)).toBeVisible();

  // Successes off: saving says nothing; the preference counts from the switch on.
  await page.getByTestId(profileIds.preference('show_successes')).click();
  await expect(page.getByTestId(profileIds.preference('show_successes'))).not.toBeChecked();
  await expect(page.getByTestId(profileIds.preference('show_successes'))).toBeEnabled();
  await page.getByTestId(profileIds.name).fill('Robin Quiet');
  await page.getByTestId(profileIds.saveDetails).click();
  await expect(page.getByTestId(profileIds.saveDetails)).toBeDisabled();
  await expect(page.getByTestId(profileIds.name)).toHaveValue('Robin Quiet');
  await expect(toasts(page).filter({ hasText: MESSAGES.profileUpdated })).toHaveCount(0);

  // Errors off: the field still shows the problem, without a toast.
  await page.getByTestId(profileIds.preference('show_errors')).click();
  await expect(page.getByTestId(profileIds.preference('show_errors'))).not.toBeChecked();
  // Saved (the switch is disabled while its save runs): the reload below must find it kept.
  await expect(page.getByTestId(profileIds.preference('show_errors'))).toBeEnabled();
  await page.getByTestId(profileIds.currentPassword).fill('wrong-again');
  await page.getByTestId(profileIds.newPassword).fill('another-password');
  await page.getByTestId(profileIds.confirmPassword).fill('another-password');
  await page.getByTestId(profileIds.savePassword).click();
  await expect(page.getByText(MESSAGES.currentPasswordWrong)).toBeVisible();
  await expect(toasts(page).filter({ hasText: MESSAGES.passwordChangeFailed })).toHaveCount(0);
  await screenshot(page, 'profile-03-alerts-off');

  // The preferences are kept; switching successes back on confirms with a toast.
  await page.reload();
  await expect(page.getByTestId(profileIds.preference('show_successes'))).not.toBeChecked();
  await expect(page.getByTestId(profileIds.preference('show_errors'))).not.toBeChecked();
  await page.getByTestId(profileIds.preference('show_successes')).click();
  await expect(toast(page, MESSAGES.profileUpdated)).toBeVisible();
  await page.getByTestId(profileIds.preference('show_errors')).click();
  await expect(page.getByTestId(profileIds.preference('show_errors'))).toBeChecked();

  // On a small screen the account menu holds Profile.
  await page.goto('/cms/insights');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId(shellIds.accountMenuButton).click();
  await page.getByTestId(shellIds.accountMenuProfile).click();
  await expect(page).toHaveURL(/\/auth\/profile$/);
  await expect(page.getByTestId(profileIds.name)).toHaveValue('Robin Quiet');
  await screenshot(page, 'profile-04-mobile');
});
