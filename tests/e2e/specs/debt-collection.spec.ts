/**
 * Debt collection (issue 27 part 4): an admin of a test company whose `debt_collection` feature flag is
 * on opens the Debt Collection screen (the drawer's entry with its New tag) and is told where to set it
 * up; with the agency configured (a fake Debtist this test runs on 127.0.0.1: the e2e server allows
 * private addresses, as for the webhooks' receiver), hands an unpaid, overdue invoice over from the
 * invoice page, comments on the claim, sees it in the list, lets the agency collect it, syncs and sees it
 * paid (and the invoice settled); creates the company's Debtist user and disables it.
 * Screenshots at 1440 and 390 wide: tests/e2e/artifacts/screenshots/debt-collection-*.png.
 */

import {
  FAKE_DEBTIST_KEY,
  startFakeDebtist,
} from '../../../apps/api/src/integrations/debt-collection/testing/fake-debtist.ts';
import { debtIds } from '../../../apps/web/src/features/debt-collection/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  dataListIds,
  invoicesIds,
  MESSAGES,
  screenshot,
  shellIds,
  signInToOwnCompany,
  toasts,
} from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `debt-collection-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `debt-collection-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text }).first();

test('an admin hands an overdue invoice to debt collection, comments, syncs and sees it paid', async ({
  page,
}) => {
  test.slow();
  const debtist = await startFakeDebtist();
  try {
    await page.setViewportSize(DESKTOP);
    const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Debt');
    const co = company.id;
    // A test company (its clock moves) with the Debt Collection screen switched on (an operator's flag).
    await callApi(page, 'PUT', `/api/companies/${co}`, { is_test: true });
    await callApi(page, 'PUT', `/api/${co}/system/unleash-settings/debt_collection`, { enabled: true });

    // An issued invoice of an order on the offline gateway, due in 14 days; then 20 days pass.
    const api = (path: string) => `/api/${co}/rentloopdb/${path}`;
    const product = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
      name: 'Cargo bike',
      variants: [{ sku: 'CB-1', name: 'Blue', price: '119.00' }],
    });
    const address = {
      first_name: 'Dana',
      last_name: 'Debtor',
      street: 'King Street West',
      street_number: '100',
      postal_code: 'M5V 2T6',
      city: 'Toronto',
      region: 'ON',
      country: 'CA',
    };
    const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
      name: 'Dana Debtor',
      email: `dana-${co}@debtor.test`,
      billing_address: address,
      shipping_address: address,
    });
    const order = await callApi<{ id: number }>(page, 'POST', api('orders/full'), {
      customer_id: customer.id,
      items: [{ variant_id: product.variants[0]?.id, quantity: 1, kind: 'purchase' }],
    });
    const invoice = await callApi<{ id: number }>(page, 'POST', `/api/${co}/order/generate-offline-invoice`, {
      order_id: order.id,
    });
    await callApi(page, 'POST', `/api/companies/${co}/clock/advance`, { days: 20 });

    // Not set up yet: the screen says so and links to the settings section.
    await page.goto('/cms/debt-collection');
    await expect(page.getByTestId(shellIds.drawerNewTag('cms-debt-collection'))).toBeVisible();
    await expect(page.getByTestId(debtIds.notConfigured)).toContainText('Settings, section Debt collection');
    await expect(page.getByTestId(debtIds.settingsLink)).toHaveAttribute(
      'href',
      '/admin/settings?section=debt_collection',
    );
    await expect(page.getByTestId(debtIds.sync)).toBeDisabled();
    await bothWidths(page, '01-not-configured');

    // Configured (the agency's address and key, as Settings saves them).
    await callApi(page, 'PUT', `/api/companies/${co}/settings/debt_collection`, {
      enabled: true,
      provider: 'debtist',
      base_url: debtist.url,
      api_key: FAKE_DEBTIST_KEY,
      handover_after_days: 30,
      min_claim_minor: 1000,
      notify_customer: false,
    });

    // The invoice page offers the hand-over; it files the claim and opens it.
    await page.goto(`/cms/invoices/${invoice.id}`);
    await expect(page.getByTestId(invoicesIds.detailTitle)).toBeVisible();
    await page.getByTestId(debtIds.handOver).click();
    await expect(page.getByTestId(debtIds.dialog)).toContainText('Dana Debtor');
    await screenshot(page, 'debt-collection-02-hand-over-dialog');
    await page.getByTestId(debtIds.confirm).click();
    await expect(toast(page, MESSAGES.debtClaimFiled)).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/debt-collection\/claims\/\d+$/);
    await expect(page.getByTestId(debtIds.detailPage)).toBeVisible();
    const reference = (await page.getByTestId(debtIds.field('reference')).textContent()) ?? '';
    expect(debtist.claims.get(reference)).toMatchObject({ status: 'NEW', amount_cents: expect.any(Number) });

    // A comment goes to the agency and shows in the activity.
    await page.getByTestId(debtIds.addComment).click();
    await page.getByTestId(debtIds.input('comment')).fill('The customer promised to pay by Friday.');
    await page.getByTestId(debtIds.confirm).click();
    await expect(toast(page, MESSAGES.debtCommentAdded)).toBeVisible();
    await expect(page.getByTestId(debtIds.comments)).toContainText('The customer promised to pay by Friday.');
    expect(debtist.claims.get(reference)?.activities.map((a) => a.text)).toEqual([
      'The customer promised to pay by Friday.',
    ]);
    await bothWidths(page, '03-claim');

    // The list: the claim, its invoice, filed.
    await page.getByTestId(debtIds.back).click();
    await expect(page.getByTestId(debtIds.listPage)).toBeVisible();
    const rows = page.getByTestId(dataListIds.row);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Dana Debtor');
    await expect(rows.first().locator('[data-status="open"]')).toBeVisible();
    await bothWidths(page, '04-list');

    // The agency collects it all (its fee 15.00); a sync settles the invoice.
    const cents = debtist.claims.get(reference)!.amount_cents;
    debtist.collect(reference, cents, 1500);
    await page.getByTestId(debtIds.sync).click();
    await expect(toast(page, 'Claims synced.')).toBeVisible();
    await expect(rows.first().locator('[data-status="paid"]')).toBeVisible();
    await bothWidths(page, '05-list-paid');
    await rows.first().click();
    await expect(page.getByTestId(debtIds.field('fee'))).toContainText('15.00');
    await expect(page.getByTestId(debtIds.field('settled_at'))).not.toHaveText('—');
    await page.getByTestId(debtIds.field('invoice')).getByRole('link').click();
    await expect(page.getByTestId(invoicesIds.paymentStatus)).toHaveAttribute('data-status', 'settled');
    await expect(page.getByTestId(debtIds.handOver)).toHaveCount(0);

    // The company's Debtist user: created, then disabled.
    await page.goto('/cms/debt-collection');
    await expect(page.getByTestId(debtIds.userState)).toHaveText('No Debtist user yet.');
    await page.getByTestId(debtIds.userCreate).click();
    await page.getByTestId(debtIds.input('first_name')).fill('Ada');
    await page.getByTestId(debtIds.input('last_name')).fill('Admin');
    await page.getByTestId(debtIds.input('email')).fill(`ada-${co}@debt.test`);
    await page.getByTestId(debtIds.confirm).click();
    await expect(toast(page, 'Debtist user created.')).toBeVisible();
    await expect(page.getByTestId(debtIds.userState).locator('[data-status="enabled"]')).toBeVisible();
    await page.getByTestId(debtIds.userToggle).click();
    await expect(page.getByTestId(debtIds.userState).locator('[data-status="disabled"]')).toBeVisible();
    expect([...debtist.users.values()].find((u) => u.email === `ada-${co}@debt.test`)?.active).toBe(false);
    await bothWidths(page, '06-user');
  } finally {
    await debtist.close();
  }
});
