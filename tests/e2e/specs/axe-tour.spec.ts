/**
 * Every screen of the app, judged by axe (issue 11: "no serious or critical violation on any screen").
 * The other specs' scans judge the screens a test stays on long enough (a scan waits for the screen to be
 * still, and a test that has moved on leaves it unread); this tour opens each screen none of them judged,
 * lets it settle and scans it, so none goes unjudged. A new screen gets a line here.
 */
import { subscriptionsIds } from '../../../apps/web/src/features/subscriptions/testids.ts';
import { USERS } from '../credentials.ts';
import { type A11yChecker, expect, type Page, test } from '../fixtures.ts';
import { callApi, dataListIds, signInThroughApi, signInToOwnCompany, waitForList } from '../helpers.ts';
import { setUpOrderCatalog } from '../order-setup.ts';
import { seedOrders } from '../orders-seed.ts';

/** Screens of the current company and of the company's admins, as the operator sees them. */
const COMPANY_SCREENS = [
  '/cms/insights',
  '/cms/customers',
  '/cms/customers/create',
  '/cms/products',
  '/cms/products/create',
  '/cms/products/bundles',
  '/cms/products/bundles/create',
  '/cms/products/collections',
  '/cms/products/collections/create',
  '/cms/products/tax',
  '/cms/products/tax/create',
  '/cms/products/availability',
  '/cms/products/availability/create',
  '/cms/products/buyout-prices',
  '/cms/products/shop',
  '/cms/vouchers',
  '/cms/vouchers/create',
  '/cms/orders',
  '/cms/orders/drafts',
  '/cms/orders/consumables',
  '/cms/orders/create',
  '/cms/subscriptions',
  '/cms/invoices',
  '/cms/transactions',
  '/cms/recurring-payments',
  '/cms/assets',
  '/cms/assets/create',
  '/cms/returns',
  '/cms/repairs',
  '/cms/questions',
  '/admin/users',
  '/admin/users/create',
  '/admin/email-history',
  '/admin/webhooks',
  '/admin/webhooks/create',
  '/admin/settings',
  '/admin/settings?section=checkout_shipping',
  '/admin/settings?section=credit_check',
  '/admin/settings/shipping-countries/create',
  '/admin/settings/shipping-methods/create',
  '/admin/settings/shipping-rules/create',
  '/auth/profile',
  '/cms/email-templates',
  '/cms/email-templates/invitation/de/edit',
];

const OPERATOR_SCREENS = [
  '/super/companies',
  '/super/companies/create',
  '/super/users',
  '/super/users/create',
  '/super/events',
  '/super/history-logs',
  '/super/cron',
  '/super/cron/create',
  '/super/notifications',
  '/super/notifications-create',
  '/super/settings',
  '/super/default-email-templates',
  '/super/default-email-templates/invoice_document/en/edit',
];

/** Lists whose first record's page is judged too (the detail screens): the demo company's, then the operator's. */
const COMPANY_DETAIL_FROM_LIST = [
  '/cms/customers',
  '/cms/products',
  '/cms/products/bundles',
  '/cms/products/collections',
  '/cms/vouchers',
  '/cms/invoices',
  '/cms/transactions',
];
const OPERATOR_DETAIL_FROM_LIST = [
  '/super/companies',
  '/super/users',
  '/super/events',
  '/super/history-logs',
];

type Judge = Pick<A11yChecker, 'check' | 'checkIfNew' | 'isJudged'>;

async function judgeFirstRecords(page: Page, lists: string[], a11y: Judge) {
  for (const path of lists) {
    // A record's page another test's scan judged in this run (any record: `/:id`) is not opened again.
    if (a11y.isJudged(`${path}/1`)) continue;
    await page.goto(path);
    await waitForList(page);
    const link = page.getByTestId(dataListIds.row).first().getByTestId(dataListIds.rowLink);
    await expect(link, `a record in ${path}`).toBeVisible();
    await link.click();
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('h1').first()).toBeVisible();
    await a11y.checkIfNew(page);
  }
}

/** Opens a screen and waits until it shows its heading (or its dialog). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1, [role="dialog"]').first()).toBeVisible();
}

/**
 * Opens each screen no scan in this run has judged yet (the fixture scans every screen a test stays on,
 * once per run) and has axe judge it: the tour is about the screens no other test judged, and opening or
 * scanning one twice only costs time. A section of a screen (`?section=`) is the same screen to the record of
 * scans but shows other fields, so it is always judged.
 */
async function tour(page: Page, a11y: Judge, paths: string[]) {
  for (const path of paths) {
    const section = path.includes('?');
    // A screen judged already is not even opened: in a full run most are, and each load costs seconds.
    if (!section && a11y.isJudged(path)) continue;
    await open(page, path);
    await (section ? a11y.check(page) : a11y.checkIfNew(page));
  }
}

// The company's screens in two halves, so the two workers can share them.
const half = Math.ceil(COMPANY_SCREENS.length / 2);

// The tour's tests walk dozens of screens each (the second half ran out of its time once, on the last screens).
test('every company and admin screen passes axe (first half)', async ({ page, a11y }) => {
  test.slow();
  await signInThroughApi(page, USERS.operator, '/cms/insights');
  await tour(page, a11y, COMPANY_SCREENS.slice(0, half));
});

test('every company and admin screen passes axe (second half)', async ({ page, a11y }) => {
  test.slow();
  await signInThroughApi(page, USERS.operator, '/cms/insights');
  await tour(page, a11y, COMPANY_SCREENS.slice(half));
});

test('every operator screen passes axe', async ({ page, a11y }) => {
  test.slow();
  await signInThroughApi(page, USERS.operator, '/super/companies');
  await tour(page, a11y, OPERATOR_SCREENS);
});

test('every detail screen passes axe', async ({ page, a11y }) => {
  test.slow();
  // Northwind has every kind of record (the demo data); the operator reads the platform's.
  await signInThroughApi(page, USERS.northwindOwner, '/cms/insights');
  await judgeFirstRecords(page, COMPANY_DETAIL_FROM_LIST, a11y);
  await signInThroughApi(page, USERS.operator, '/super/companies');
  await judgeFirstRecords(page, OPERATOR_DETAIL_FROM_LIST, a11y);
});

test('the order screens pass axe', async ({ page, a11y }) => {
  // The demo data has no orders: a company of its own, with orders and a quote made through the API.
  const { company } = await signInToOwnCompany(page, 'user', '/cms/insights', 'Axe orders');
  const { first, quote } = await seedOrders(page, company.id);
  for (const path of ['/cms/orders', `/cms/orders/${first.id}`, `/cms/orders/drafts/${quote}`]) {
    await open(page, path);
    await a11y.check(page);
  }
});

test('the order builder with a cart, a quote in it and a subscription pass axe', async ({ page, a11y }) => {
  // The demo data has no orders: a company of the test's own with an order placed through the API.
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Tour');
  const { api, cart } = await setUpOrderCatalog(page, company.id);
  const draft = await callApi<{ draft_id: number }>(page, 'POST', api('draft-orders'), cart);
  const order = await callApi<{ subscription_ids: number[] }>(page, 'POST', api('orders/full'), cart);
  for (const path of [
    `/cms/orders/create?draft=${draft.draft_id}`,
    '/cms/subscriptions',
    `/cms/subscriptions/${order.subscription_ids[0]}`,
  ]) {
    await open(page, path);
    await a11y.check(page);
  }
  // The subscriptions' Import dialog (its preview with row errors: subscription-import.spec.ts).
  await open(page, '/cms/subscriptions');
  await page.getByTestId(subscriptionsIds.importOpen).click();
  await expect(page.getByTestId(subscriptionsIds.importDialog)).toBeVisible();
  await a11y.check(page);
});

test('the signed-out screens pass axe', async ({ page, a11y }) => {
  for (const path of [
    '/auth/login',
    '/auth/password-forgot',
    '/auth/password-reset?token=x',
    '/no-such-page',
  ]) {
    await open(page, path);
    await a11y.check(page);
  }
});
