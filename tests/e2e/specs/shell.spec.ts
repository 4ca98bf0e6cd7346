import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { MESSAGES, screenshot, shellIds, signIn, signInThroughApi } from '../helpers.ts';

/**
 * The admin-level index pages whose route is under /cms: the spec lists Repair Questions (`/cms/questions`)
 * under the Admins header, sorted by title with Email History, Settings and Webhooks.
 */
const ADMIN_PAGES_UNDER_CMS = new Set(['cms-questions']);

/** The drawer's route names in order, and those of each section (by the route name's prefix). */
async function drawerOrder(page: Page) {
  const all = (
    await page
      .getByTestId(shellIds.drawer)
      .locator('[data-testid^="drawer-item-"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('data-testid') ?? ''))
  ).map((id) => id.replace(/^drawer-item-/, ''));
  return {
    all,
    main: all.filter((n) => n.startsWith('cms-') && !ADMIN_PAGES_UNDER_CMS.has(n)),
    admins: all.filter((n) => n.startsWith('admin-') || ADMIN_PAGES_UNDER_CMS.has(n)),
    operator: all.filter((n) => n.startsWith('super-')),
  };
}

test('the drawer lists the screens that exist, in the spec order, and collapses to mini mode', async ({
  page,
}) => {
  await signInThroughApi(page, USERS.northwindAdmin, '/cms/insights');
  const drawer = page.getByTestId(shellIds.drawer);
  const items = drawer.locator('[data-testid^="drawer-item-"]');
  // An admin: the main section, then Admins (Users first, the other admin pages by title, spec 01 §1).
  await expect(items.first()).toBeVisible();
  const names = await drawerOrder(page);
  expect(names.main.slice(0, 2)).toEqual(['cms-insights', 'cms-customers']);
  expect(names.main.indexOf('cms-subscriptions')).toBeGreaterThan(names.main.indexOf('cms-customers'));
  expect(names.admins).toEqual([
    'admin-users',
    'admin-email-history',
    'cms-questions',
    'admin-settings',
    'admin-webhooks',
  ]);
  expect(names.operator).toEqual([]);
  expect(names.all).toEqual([...names.main, ...names.admins]);
  const headers = drawer.locator('[data-testid^="drawer-header-"]');
  await expect(headers).toHaveCount(1);
  await expect(headers).toHaveAttribute('data-testid', shellIds.drawerHeader('admins'));
  await expect(page.getByTestId(shellIds.drawerVersion)).toHaveText(/^v\d+\.\d+\.\d+/);
  await expect(page.getByTestId(shellIds.drawerLogo)).toHaveAttribute('href', '/cms/insights');

  await page.getByTestId(shellIds.drawerItem('cms-customers')).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await expect(page.getByTestId(shellIds.breadcrumbs)).toContainText('Customers');

  const paper = drawer.locator('.MuiDrawer-paper');
  await expect(paper).toHaveCSS('width', '220px');
  await page.getByTestId(shellIds.drawerMiniToggle).click();
  await expect(drawer).toHaveAttribute('data-mini', 'true');
  await expect(paper).toHaveCSS('width', '64px');
  await screenshot(page, 'shell-01-drawer-mini');
  // The choice survives a reload.
  await page.reload();
  await expect(page.getByTestId(shellIds.drawer)).toHaveAttribute('data-mini', 'true');
  await page.getByTestId(shellIds.drawerMiniToggle).click();
  await expect(paper).toHaveCSS('width', '220px');
});

test('operators see the operator section in the spec order', async ({ page }) => {
  await signInThroughApi(page, USERS.operator, '/cms/insights');
  await expect(page.getByTestId(shellIds.drawerItem('super-companies'))).toBeVisible();
  const names = await drawerOrder(page);
  expect(names.admins).toEqual([
    'admin-users',
    'admin-email-history',
    'cms-questions',
    'admin-settings',
    'admin-webhooks',
  ]);
  expect(names.operator).toEqual([
    'super-companies',
    'super-users',
    'super-events',
    'super-history-logs',
    'super-cron',
    'super-default-email-templates',
    'super-notifications',
    'super-settings',
  ]);
  expect(names.all).toEqual([...names.main, ...names.admins, ...names.operator]);
  await expect(page.getByTestId(shellIds.drawerItem('super-companies'))).toHaveText('Company List');
  await expect(page.getByTestId(shellIds.drawerItem('super-users'))).toHaveText('User List');
  await expect(page.getByTestId(shellIds.drawerItem('super-events'))).toHaveText('Event List');
  await expect(page.getByTestId(shellIds.drawerHeader('operator'))).toBeVisible();
  await screenshot(page, 'shell-07-operator-drawer');
});

test('the help menu links to the knowledge base and the service desk in a new tab', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/insights');
  await page.getByTestId(shellIds.helpMenuButton).click();
  for (const id of [shellIds.helpKnowledgeBase, shellIds.helpServiceDesk]) {
    const link = page.getByTestId(id);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
  }
  await screenshot(page, 'shell-02-help-menu');
});

test('an unknown route shows the 404 page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId(shellIds.errorTitle)).toHaveText(MESSAGES.pageNotFound);
  await expect(page.getByTestId(shellIds.errorMessage)).toHaveText(MESSAGES.routeNotFound);
  // Signed out on the default layout the app bar offers to sign in.
  await expect(page.getByTestId(shellIds.signIn)).toBeVisible();
  await screenshot(page, 'shell-03-not-found');
  await page.getByTestId(shellIds.errorBack).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('an unknown back-office route shows the 404 page inside the admin layout', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindUser, '/cms/no-such-screen');
  await expect(page.getByTestId(shellIds.adminLayout)).toBeVisible();
  await expect(page.getByTestId(shellIds.errorTitle)).toHaveText(MESSAGES.pageNotFound);
  await expect(page.getByTestId(shellIds.errorMessage)).toHaveText(MESSAGES.routeNotFound);
  await screenshot(page, 'shell-04-not-found-admin');
  await page.getByTestId(shellIds.errorBack).click();
  await expect(page).toHaveURL(/\/cms\/insights$/);
});

test('on a small screen the menu toggle opens the drawer and a dropdown holds Sign Out', async ({ page }) => {
  // Signed in through the form: this test signs out, so it must not end a session other tests share.
  await signIn(page, USERS.northwindUser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/cms/customers');
  await expect(page.getByTestId(shellIds.signOut)).toHaveCount(0);
  await page.getByTestId(shellIds.mobileMenuToggle).click();
  await expect(page.getByTestId(shellIds.drawerItem('cms-insights'))).toBeVisible();
  await screenshot(page, 'shell-05-mobile-drawer');
  await page.getByTestId(shellIds.drawerItem('cms-insights')).click();
  await expect(page).toHaveURL(/\/cms\/insights$/);
  await expect(page.getByTestId(shellIds.drawerItem('cms-insights'))).toBeHidden();

  await page.getByTestId(shellIds.accountMenuButton).click();
  // Wait for the menu's opening transition before the screenshot.
  await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
  await screenshot(page, 'shell-06-mobile-account-menu');
  await page.getByTestId(shellIds.accountMenuSignOut).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
