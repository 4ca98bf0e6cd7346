import { ACCESS_TOKEN_KEY } from '../../../apps/web/src/api/storage-keys.ts';
import { PASSWORD, USERS } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import { authIds, insightsIds, MESSAGES, screenshot, shellIds, signInThroughApi } from '../helpers.ts';

test('a wrong password shows the server message and stays on the sign-in page', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByTestId(shellIds.defaultLayout)).toBeVisible();
  await expect(page.getByTestId(shellIds.appBar)).toHaveAttribute('data-transparent', 'true');
  // Most app bar items are hidden on the sign-in page.
  await expect(page.getByTestId(shellIds.signIn)).toHaveCount(0);
  await expect(page.getByTestId(shellIds.signOut)).toHaveCount(0);

  await page.getByTestId(authIds.loginEmail).fill(USERS.alpineAdmin);
  await page.getByTestId(authIds.loginPassword).fill(`${PASSWORD}-wrong`);
  await page.getByTestId(authIds.loginSubmit).click();

  await expect(page.getByTestId(authIds.loginError)).toHaveText(MESSAGES.invalidCredentials);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await screenshot(page, 'auth-01-login-error');
});

test('the form checks the email before calling the server', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByTestId(authIds.loginEmail).fill('not-an-email');
  await page.getByTestId(authIds.loginPassword).fill('x');
  await page.getByTestId(authIds.loginSubmit).click();
  await expect(page.getByText('Email must be valid.')).toBeVisible();
  await expect(page.getByTestId(authIds.loginError)).toHaveCount(0);
});

// The sign-in form checks without react-hook-form (decision 101), as every other form does (use-app-form.ts).
test('the sign-in form checks a field when it is left, and an empty one only once submitted', async ({
  page,
}) => {
  await page.goto('/auth/login');
  const email = page.getByTestId(authIds.loginEmail);
  const password = page.getByTestId(authIds.loginPassword);
  // Leaving an empty field says nothing yet.
  await email.focus();
  await password.focus();
  await email.focus();
  await expect(page.getByText(MESSAGES.required)).toHaveCount(0);
  // A wrong email is reported when it is left; the message goes as soon as the email is right.
  await email.fill('not-an-email');
  await password.focus();
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('ann@example.com');
  await expect(page.getByText(MESSAGES.emailInvalid)).toHaveCount(0);
  await expect(email).toHaveAttribute('aria-invalid', 'false');
  // A submit with empty fields reports both, moves the focus to the first, and calls no server.
  await email.fill('');
  await page.getByTestId(authIds.loginSubmit).click();
  await expect(page.getByText(MESSAGES.required)).toHaveCount(2);
  await expect(email).toBeFocused();
  await expect(page.getByTestId(authIds.loginError)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'auth-04-login-checks-phone');
});

test('signing in opens the insights; signing out goes to / and from there to sign-in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await screenshot(page, 'auth-02-login');

  // The email is trimmed before it is sent.
  await page.getByTestId(authIds.loginEmail).fill(`  ${USERS.northwindOwner} `);
  await page.getByTestId(authIds.loginPassword).fill(PASSWORD);
  await page.getByTestId(authIds.loginSubmit).click();
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await expect(page.getByTestId(shellIds.adminLayout)).toBeVisible();
  await expect(page.getByTestId(insightsIds.customersTotal)).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId(insightsIds.customersNewThisMonth)).toHaveText(/^[\d,]+$/);
  await screenshot(page, 'auth-03-insights');

  // /cms/dashboard is the same screen; / goes to the insights while signed in.
  await page.goto('/cms/dashboard');
  await expect(page.getByTestId(insightsIds.page)).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/cms\/insights$/);

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.getByTestId(shellIds.signOut).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByTestId(authIds.loginForm)).toBeVisible();
  expect(visited).toContain('/');
  expect(await page.evaluate((key) => window.localStorage.getItem(key), ACCESS_TOKEN_KEY)).toBeNull();

  // Signed out, the back office sends to the sign-in page, which returns there afterwards (a new load
  // of the app: the sign-out above no longer counts).
  await page.goto('/cms/customers');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fcms%2Fcustomers$/);
});

test('signed in, the sign-in page forwards to the insights', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/auth/login');
  await expect(page).toHaveURL(/\/cms\/insights$/);
});
