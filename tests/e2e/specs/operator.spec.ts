import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  choose,
  companiesIds,
  companyAdminIds,
  confirmDialogIds,
  createCompany,
  createMember,
  dataListIds,
  MESSAGES,
  screenshot,
  sessionToken,
  shellIds,
  signInThroughApi,
  superUsersIds,
  toasts,
  unique,
  uniqueEmail,
  usersIds,
  waitForList,
  waitForMail,
} from '../helpers.ts';

const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text });

test('an operator creates a company and then its owner, who is invited by email', async ({ page }) => {
  await signInThroughApi(page, USERS.operator, '/super/companies');
  await waitForList(page);
  await expect(page.getByTestId(shellIds.drawerItem('super-companies'))).toHaveText(/Company List/);
  await screenshot(page, 'operator-01-companies');

  await page.getByTestId(companyAdminIds.newCompany).click();
  await expect(page).toHaveURL(/\/super\/companies\/create$/);
  const name = `Zenith Created ${unique('c').slice(-6)}`;
  await page.getByTestId(companyAdminIds.name).fill(name);
  await choose(page, companyAdminIds.currency, companyAdminIds.option('currency', 'CAD'));
  await choose(page, companyAdminIds.shopSystem, companyAdminIds.option('shop_system', 'shopify'));
  await choose(page, companyAdminIds.paymentSystem, companyAdminIds.option('payment_system', 'stripe'));
  await screenshot(page, 'operator-02-company-create');
  await page.getByTestId(companyAdminIds.save).click();
  await expect(toast(page, MESSAGES.companyCreated)).toBeVisible();
  await expect(page.getByTestId(companyAdminIds.created)).toContainText(name);
  await screenshot(page, 'operator-03-company-created');

  // The next step: its owner, with the company filled in.
  await page.getByTestId(companyAdminIds.createOwner).click();
  await expect(page).toHaveURL(/\/super\/users\/create\?company_id=\d+&company_role=owner$/);
  const companyId = Number(new URL(page.url()).searchParams.get('company_id'));
  await expect(page.getByTestId(superUsersIds.company)).toHaveValue(name);
  await expect(page.getByTestId(superUsersIds.companyRole)).toHaveValue('owner');
  const email = uniqueEmail('owner');
  await page.getByTestId(superUsersIds.name).fill('Olivia Owner');
  await page.getByTestId(superUsersIds.email).fill(email);
  await page.getByTestId(superUsersIds.functions).fill('operations');
  await page.getByTestId(superUsersIds.functions).press('Enter');
  await screenshot(page, 'operator-04-owner-create');
  await page.getByTestId(superUsersIds.save).click();
  await expect(toast(page, MESSAGES.userCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/super\/users\/\d+$/);
  await expect(page.getByTestId(superUsersIds.detailName)).toHaveText('Olivia Owner');
  const membership = page.getByTestId(superUsersIds.membership);
  await expect(membership).toContainText(name);
  await expect(membership).toContainText('operations');
  await expect(membership.getByTestId(usersIds.roleChip)).toHaveAttribute('data-role', 'owner');
  await screenshot(page, 'operator-05-owner-detail');
  await waitForMail(email, new RegExp(`You are invited to ${name}`));

  // The company list finds the new company, and the company shows what it was created with.
  await page.goto(`/super/companies?search=${encodeURIComponent(name)}`);
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await page.getByTestId(dataListIds.row).click();
  await expect(page).toHaveURL(new RegExp(`/super/companies/${companyId}$`));
  await expect(page.getByTestId(companyAdminIds.currency)).toHaveValue('CAD');
  await expect(page.getByTestId(companyAdminIds.shopSystem)).toHaveValue('shopify');
  // Every settings section, by its title, with its defaults until the company saves it.
  await page.getByTestId(companyAdminIds.settingsGroup('general')).getByText('General').click();
  await expect(page.getByTestId(companyAdminIds.settingsGroup('general'))).toContainText('Europe/Berlin');
  await screenshot(page, 'operator-06-company-detail');
});

test('an operator edits a user, disables the account, sets its password and deletes it', async ({ page }) => {
  const company = await createCompany(page, 'Staff');
  const user = await createMember(page, company.id, 'admin', 'staff');
  await signInThroughApi(page, USERS.operator, `/super/users?search=${encodeURIComponent(user.email)}`);
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await expect(page.getByTestId(superUsersIds.membership)).toHaveText(`${company.name} · Admin`);
  await screenshot(page, 'operator-07-users');

  // The list filters by status.
  await choose(page, superUsersIds.statusFilter, superUsersIds.statusFilterOption('disabled'));
  await expect(page.getByTestId(dataListIds.empty)).toBeVisible();
  await choose(page, superUsersIds.statusFilter, superUsersIds.statusFilterOption('active'));
  await waitForList(page);
  await page.getByTestId(dataListIds.row).click();
  await expect(page).toHaveURL(new RegExp(`/super/users/${user.id}$`));

  await page.getByTestId(superUsersIds.detailNameField).fill('Sam Edited');
  await choose(page, superUsersIds.detailStatus, superUsersIds.statusOption('disabled'));
  await page.getByTestId(superUsersIds.detailSave).click();
  await expect(toast(page, MESSAGES.userUpdated)).toBeVisible();
  await expect(page.getByTestId(superUsersIds.detailName)).toHaveText('Sam Edited');
  await expect(page.getByTestId(usersIds.statusChip).first()).toHaveAttribute('data-status', 'disabled');
  await screenshot(page, 'operator-08-user-disabled');
  const refused = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(refused.status()).toBe(401);

  // A new password, then active again: the user signs in with it.
  const password = 'set-by-an-operator';
  await page.getByTestId(superUsersIds.password).fill(password);
  await page.getByTestId(superUsersIds.confirm).fill(password);
  await page.getByTestId(superUsersIds.passwordSave).click();
  await expect(toast(page, MESSAGES.passwordChanged)).toBeVisible();
  await choose(page, superUsersIds.detailStatus, superUsersIds.statusOption('active'));
  await page.getByTestId(superUsersIds.detailSave).click();
  await expect(page.getByTestId(usersIds.statusChip).first()).toHaveAttribute('data-status', 'active');
  const signedIn = await page.request.post('/api/auth/login', { data: { email: user.email, password } });
  expect(signedIn.ok()).toBe(true);

  await page.getByTestId(superUsersIds.delete).click();
  const confirm = page.getByTestId(confirmDialogIds.dialog);
  await expect(confirm).toContainText(user.email);
  await screenshot(page, 'operator-09-user-delete');
  await confirm.getByTestId(confirmDialogIds.confirm).click();
  await expect(toast(page, MESSAGES.userDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/super\/users$/);
  const token = await sessionToken(page, USERS.operator);
  const gone = await page.request.get(`/api/auth/users/${user.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
});

test('an operator renames a company and deletes it after typing its name', async ({ page }) => {
  const company = await createCompany(page, 'Doomed');
  await signInThroughApi(page, USERS.operator, `/super/companies/${company.id}`);
  await expect(page.getByTestId(companyAdminIds.detailName)).toHaveText(company.name);
  await expect(page.getByTestId(companyAdminIds.settings)).toBeVisible();

  const renamed = `${company.name} Renamed`;
  await page.getByTestId(companyAdminIds.name).fill(renamed);
  await page.getByTestId(companyAdminIds.save).click();
  await expect(toast(page, MESSAGES.companyUpdated)).toBeVisible();
  await expect(page.getByTestId(companyAdminIds.detailName)).toHaveText(renamed);

  await page.getByTestId(companyAdminIds.delete).click();
  const confirm = page.getByTestId(confirmDialogIds.dialog);
  await expect(confirm.getByTestId(confirmDialogIds.confirm)).toBeDisabled();
  await confirm.getByTestId(confirmDialogIds.typed).fill(renamed);
  await screenshot(page, 'operator-10-company-delete');
  await confirm.getByTestId(confirmDialogIds.confirm).click();
  await expect(toast(page, MESSAGES.companyDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/super\/companies$/);
  await page.goto(`/super/companies?search=${encodeURIComponent(renamed)}`);
  await expect(page.getByTestId(dataListIds.empty)).toBeVisible();
  await page.goto(`/super/companies/${company.id}`);
  await expect(page.getByTestId(companyAdminIds.detailError)).toBeVisible();
});

test('the operator switcher offers New (the user form); cms-companies-create creates a company', async ({
  page,
}) => {
  await signInThroughApi(page, USERS.operator, '/cms/insights');
  await page.getByTestId(companiesIds.operatorSwitcher).click();
  await page.getByTestId(companiesIds.operatorNew).click();
  await expect(page).toHaveURL(/\/super\/users\/create$/);
  await expect(page.getByTestId(companiesIds.operatorPopover)).toBeHidden();
  await expect(page.getByTestId(superUsersIds.createDialog)).toBeVisible();
  await screenshot(page, 'operator-11-new-user');

  await page.goto('/cms/companies/create');
  await expect(page.getByTestId(companyAdminIds.createPage)).toBeVisible();
  await screenshot(page, 'operator-12-cms-companies-create');
  const name = `Zenith Switcher ${unique('s').slice(-6)}`;
  await page.getByTestId(companyAdminIds.name).fill(name);
  await page.getByTestId(companyAdminIds.save).click();
  await expect(page.getByTestId(companyAdminIds.created)).toContainText(name);
  await page.getByTestId(companyAdminIds.done).click();
  await expect(page).toHaveURL(/\/super\/companies$/);
  const found = await callApi<{ name: string }[]>(
    page,
    'GET',
    `/api/companies?search=${encodeURIComponent(name)}`,
  );
  expect(found.map((c) => c.name)).toEqual([name]);
});
