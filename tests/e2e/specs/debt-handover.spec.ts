/**
 * The dunning's delayed hand-over to debt collection (issue 27, decision 84): a test company charging
 * through the local fake Stripe hands unpaid renewals to a fake Debtist (this test runs it on 127.0.0.1)
 * 5 days after the last reminder's date, and tells the customer. A customer's card is declined for
 * insufficient funds; the company's clock is moved past the renewal and the one retry: the invoice page
 * says "To be handed over to debt collection on <date>"; 5 days later it was handed over, links to the
 * claim, and the customer has the notice in their mailbox.
 * Screenshots at 1440 and 390 wide: tests/e2e/artifacts/screenshots/debt-handover-*.png.
 */

import {
  FAKE_DEBTIST_KEY,
  startFakeDebtist,
} from '../../../apps/api/src/integrations/debt-collection/testing/fake-debtist.ts';
import { FAKE_STRIPE } from '../../../apps/api/src/integrations/payments/testing/fake-stripe.ts';
import { debtIds } from '../../../apps/web/src/features/debt-collection/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, invoicesIds, mailsTo, screenshot, signInToOwnCompany, uniqueEmail } from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const AFTER_DAYS = 5;

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `debt-handover-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `debt-handover-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

test('an unpaid renewal is handed to debt collection days after the last reminder, and the customer told', async ({
  page,
}) => {
  test.slow();
  const debtist = await startFakeDebtist();
  try {
    await page.setViewportSize(DESKTOP);
    const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Handover', 'EUR');
    const co = company.id;
    const api = (path: string) => `/api/${co}/rentloopdb/${path}`;
    const settings = (section: string) => `/api/companies/${co}/settings/${section}`;
    await callApi(page, 'PUT', `/api/companies/${co}`, { is_test: true });
    await callApi(page, 'PUT', `/api/${co}/system/unleash-settings/debt_collection`, { enabled: true });
    await callApi(page, 'PUT', settings('payment_service_provider'), {
      enabled_gateways: ['offlinegateway', 'stripe'],
      default_gateway: 'stripe',
      test_mode: true,
      credentials: {
        stripe: { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret },
      },
    });
    await callApi(page, 'PUT', settings('recurring_payments'), {
      retry_schedule_days: [2],
      max_retries: 1,
      after_last_retry: 'debt_collection',
      dunning_emails: true,
    });
    await callApi(page, 'PUT', settings('debt_collection'), {
      enabled: true,
      provider: 'debtist',
      base_url: debtist.url,
      api_key: FAKE_DEBTIST_KEY,
      handover_after_days: AFTER_DAYS,
      min_claim_minor: 1000,
      notify_customer: true,
    });

    const bike = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
      name: 'E-bike City 500',
      rental_prices: { monthly: '49.00' },
      variants: [{ sku: 'EB-500-H', name: 'Frame M', price: '1299.00', stock: 5 }],
    });
    const email = uniqueEmail('bruno');
    const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
      name: 'Bruno Broke',
      email,
      language: 'en',
    });
    await callApi(page, 'POST', api(`customers/${customer.id}/payment-methods`), {
      gateway: 'stripe',
      customer_reference: FAKE_STRIPE.customerId,
      method_reference: 'pm_card_chargeDeclinedInsufficientFunds',
      is_default: true,
    });
    const order = await callApi<{ id: number }>(page, 'POST', api('orders/full'), {
      customer_id: customer.id,
      items: [{ variant_id: bike.variants[0]!.id, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
    });
    const detail = await callApi<{ subscription_ids: number[] }>(page, 'GET', api(`orders/${order.id}`));
    const subscriptionId = detail.subscription_ids[0]!;
    type Sub = { next_billing_date: string | null; dunning: { status: string; invoice_id: number } | null };
    const renewal = (await callApi<Sub>(page, 'GET', api(`subscriptions/${subscriptionId}`)))
      .next_billing_date!;
    const advance = (days: number) =>
      callApi<{ steps: { business_date: string }[] }>(page, 'POST', `/api/companies/${co}/clock/advance`, {
        days,
      });
    // To the renewal (declined) and its retry two days later (declined: the dunning hands over).
    const first = await advance(1);
    const today = first.steps.at(-1)!.business_date;
    await advance(daysBetween(today, renewal) + 2);
    const sub = await callApi<Sub>(page, 'GET', api(`subscriptions/${subscriptionId}`));
    expect(sub.dunning).toMatchObject({ status: 'ended', end_action: 'debt_collection' });
    const invoiceId = sub.dunning!.invoice_id;
    expect(debtist.claims.size).toBe(0);

    // The invoice page says when it goes.
    await page.goto(`/cms/invoices/${invoiceId}`);
    await expect(page.getByTestId(invoicesIds.detailTitle)).toBeVisible();
    const notice = page.getByTestId(debtIds.handover);
    await expect(notice).toContainText('To be handed over to debt collection on');
    await bothWidths(page, '01-scheduled');

    // The day comes: filed at the agency, the customer told, the page links to the claim.
    await advance(AFTER_DAYS);
    expect(debtist.claims.size).toBe(1);
    await page.reload();
    await expect(notice).toContainText('Handed over to debt collection by the dunning.');
    await bothWidths(page, '02-filed');
    await expect
      .poll(() => mailsTo(email, /handed over to debt collection/).length, { timeout: 30_000 })
      .toBe(1);
    await notice.getByRole('link', { name: 'Open the claim' }).click();
    await expect(page.getByTestId(debtIds.detailPage)).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/debt-collection\/claims\/\d+$/);
  } finally {
    await debtist.close();
  }
});
