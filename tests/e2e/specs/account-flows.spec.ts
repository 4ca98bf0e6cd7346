import { PORT } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import {
  authIds,
  callApi,
  createCompany,
  createMember,
  insightsIds,
  inviteUser,
  linkIn,
  MESSAGES,
  screenshot,
  shellIds,
  signInThroughApi,
  toasts,
  uniqueEmail,
  waitForMail,
} from '../helpers.ts';

test('forgot password: the emailed link sets a new password, once, and the new one signs in', async ({
  page,
}) => {
  const company = await createCompany(page, 'Reset');
  const user = await createMember(page, company.id, 'user', 'forgetful');

  await page.goto('/auth/login');
  await page.getByTestId(authIds.forgotLink).click();
  await expect(page).toHaveURL(/\/auth\/password-forgot$/);
  await expect(page.getByTestId(shellIds.defaultLayout)).toBeVisible();
  await screenshot(page, 'account-01-forgot');

  // The form checks the address first; then the answer is the same with or without an account.
  await page.getByTestId(authIds.forgotEmail).fill('not an email');
  await page.getByTestId(authIds.forgotSubmit).click();
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await page.getByTestId(authIds.forgotEmail).fill(uniqueEmail('nobody'));
  await page.getByTestId(authIds.forgotSubmit).click();
  await expect(page.getByTestId(authIds.forgotSent)).toHaveText(MESSAGES.resetLinkSent);

  await page.goto('/auth/password-forgot');
  await page.getByTestId(authIds.forgotEmail).fill(`  ${user.email.toUpperCase()} `);
  await page.getByTestId(authIds.forgotSubmit).click();
  await expect(page.getByTestId(authIds.forgotSent)).toHaveText(MESSAGES.resetLinkSent);
  await screenshot(page, 'account-02-forgot-sent');

  const link = linkIn(await waitForMail(user.email, /Reset your Rentloop password/), '/auth/password-reset');
  expect(link.origin).toBe(`http://127.0.0.1:${PORT}`);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId(authIds.resetEmail)).toHaveValue(user.email);
  await page.getByTestId(authIds.resetPassword).fill('short');
  await page.getByTestId(authIds.resetConfirm).fill('different');
  await page.getByTestId(authIds.resetSubmit).click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await screenshot(page, 'account-03-reset-errors');

  const password = 'a-brand-new-password';
  await page.getByTestId(authIds.resetPassword).fill(password);
  await page.getByTestId(authIds.resetConfirm).fill(password);
  await page.getByTestId(authIds.resetSubmit).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toasts(page).filter({ hasText: MESSAGES.passwordReset })).toBeVisible();
  // The sign-in form has the email filled in.
  await expect(page.getByTestId(authIds.loginEmail)).toHaveValue(user.email);
  await screenshot(page, 'account-04-reset-done');
  await page.getByTestId(authIds.loginPassword).fill(password);
  await page.getByTestId(authIds.loginSubmit).click();
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await expect(page.getByTestId(insightsIds.page)).toBeVisible();

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId(authIds.resetPassword).fill('yet-another-password');
  await page.getByTestId(authIds.resetConfirm).fill('yet-another-password');
  await page.getByTestId(authIds.resetSubmit).click();
  await expect(page.getByTestId(authIds.resetInvalidLink)).toContainText(MESSAGES.tokenInvalid);
  await screenshot(page, 'account-05-reset-used-link');
});

test('an unverified user is held at auth-verify, sends the link again and opens it', async ({ page }) => {
  const company = await createCompany(page, 'Verify');
  const user = await inviteUser(page, company.id, 'user', 'unverified');
  // A password set by an operator does not prove the address: the account stays unverified.
  const password = 'set-by-the-operator';
  await callApi(page, 'PUT', `/api/auth/users/password/${user.id}`, { password });

  await signInThroughApi(page, user.email, '/cms/customers', password);
  await expect(page).toHaveURL(/\/auth\/verify$/);
  await expect(page.getByTestId(authIds.verifyEmail)).toHaveText(user.email);
  // The bar is the bare one of the auth pages; the page itself offers to sign out.
  await expect(page.getByTestId(shellIds.appBar)).toHaveAttribute('data-transparent', 'true');
  await expect(page.getByTestId(authIds.verifySignOut)).toBeVisible();
  await screenshot(page, 'account-06-verify');

  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/auth\/verify$/);

  // Not verified yet: continuing says so (an info toast, always shown).
  await page.getByTestId(authIds.verifyContinue).click();
  await expect(toasts(page).filter({ hasText: 'not verified yet' })).toBeVisible();

  await page.getByTestId(authIds.verifyResend).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.verificationSent })).toBeVisible();
  const link = linkIn(await waitForMail(user.email, /Confirm your email address/), '/auth/verify/');

  await page.goto(link.pathname);
  await expect(page.getByTestId(authIds.verifyTokenSuccess)).toContainText(MESSAGES.emailVerified);
  await screenshot(page, 'account-07-verified');
  await page.getByTestId(authIds.verifyTokenInsights).click();
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await expect(page.getByTestId(insightsIds.page)).toBeVisible();

  // The link was used up.
  await page.goto(link.pathname);
  await expect(page.getByTestId(authIds.verifyTokenError)).toHaveText(MESSAGES.tokenInvalid);
  await screenshot(page, 'account-08-verify-link-used');
});

test('a broken link says so and offers the way on', async ({ page }) => {
  await page.goto('/auth/verify/no-such-token');
  await expect(page.getByTestId(authIds.verifyTokenError)).toHaveText(MESSAGES.tokenInvalid);
  await expect(page.getByTestId(authIds.verifyTokenSignIn)).toBeVisible();
  await expect(page.getByTestId(shellIds.defaultLayout)).toBeVisible();

  await page.goto('/auth/password-create');
  await expect(page.getByTestId(authIds.resetInvalidLink)).toContainText(MESSAGES.tokenInvalid);
  await expect(page.getByTestId(authIds.resetSubmit)).toHaveCount(0);
  await screenshot(page, 'account-09-create-without-token');

  await page.goto('/auth/password-create?token=forged&email=someone%40e2e.rentloop.test');
  await expect(page.getByTestId(authIds.resetPage)).toContainText('Welcome to Rentloop');
  await page.getByTestId(authIds.resetPassword).fill('a-fine-password');
  await page.getByTestId(authIds.resetConfirm).fill('a-fine-password');
  await page.getByTestId(authIds.resetSubmit).click();
  await expect(page.getByTestId(authIds.resetInvalidLink)).toContainText(MESSAGES.tokenInvalid);

  // Signed out, the verify page sends to sign-in.
  await page.goto('/auth/verify');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
