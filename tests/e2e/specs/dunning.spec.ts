/**
 * Dunning for real (issue 23, part 6 and "Done when"): a test company charges through Stripe (the local fake
 * the test server runs, which declines as Stripe's test cards do). Two customers rent an e-bike monthly: one
 * card is declined for insufficient funds, the other is reported stolen. The company's clock is advanced
 * past the first renewal and the retries, and every business job runs as time passing would: the billing
 * run issues and charges the renewals, the retries walk the schedule with a reminder per step, and after
 * the last one the subscription is cancelled and the order tagged "dunning-cancelled". The stolen card is
 * charged once, never retried, and its customer is asked for another payment method. Staff then see it on
 * the subscription, order, recurring payments and payments screens.
 * Screenshots at 1440 and 390 wide: tests/e2e/artifacts/screenshots/dunning-*.png.
 */

import { FAKE_STRIPE } from '../../../apps/api/src/integrations/payments/testing/fake-stripe.ts';
import { dunningIds } from '../../../apps/web/src/features/dunning/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  choose,
  dataListIds,
  mailsTo,
  recurringPaymentsIds,
  screenshot,
  signInToOwnCompany,
  uniqueEmail,
  waitForList,
} from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A screenshot at desktop width, then at phone width once `ready` says the phone layout is there. */
async function bothWidths(page: Page, name: string, ready?: () => Promise<void>) {
  await screenshot(page, `dunning-${name}`);
  await page.setViewportSize(PHONE);
  await ready?.();
  await screenshot(page, `dunning-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

interface Subscription {
  id: number;
  status: string;
  next_billing_date: string | null;
  dunning: { status: string; step: number; end_action: string | null } | null;
}

test('a declined card goes through dunning to "dunning-cancelled"; a stolen one is not retried', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Dunning', 'EUR');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const settings = (section: string) => `/api/companies/${company.id}/settings/${section}`;
  // A test company (its clock can move) that charges through Stripe and cancels after three retries.
  await callApi(page, 'PUT', `/api/companies/${company.id}`, { is_test: true });
  await callApi(page, 'PUT', settings('payment_service_provider'), {
    enabled_gateways: ['offlinegateway', 'stripe'],
    default_gateway: 'stripe',
    test_mode: true,
    credentials: { stripe: { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret } },
  });
  await callApi(page, 'PUT', settings('recurring_payments'), {
    retry_schedule_days: [2, 4, 6],
    max_retries: 3,
    after_last_retry: 'cancel_subscription',
    dunning_emails: true,
  });

  const bike = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'E-bike City 500',
    rental_prices: { monthly: '49.00' },
    variants: [{ sku: 'EB-500-M', name: 'Frame M', price: '1299.00', stock: 5 }],
  });
  /** A customer whose default card at Stripe is `card`, renting the e-bike monthly. */
  const renter = async (name: string, card: string) => {
    const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
    const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
      name,
      email,
      language: 'en',
    });
    await callApi(page, 'POST', api(`customers/${customer.id}/payment-methods`), {
      gateway: 'stripe',
      customer_reference: FAKE_STRIPE.customerId,
      method_reference: card,
      is_default: true,
    });
    const order = await callApi<{ id: number; subscription_ids?: number[] }>(
      page,
      'POST',
      api('orders/full'),
      {
        customer_id: customer.id,
        items: [
          { variant_id: bike.variants[0]!.id, quantity: 1, kind: 'rental', billing_interval: 'monthly' },
        ],
      },
    );
    const detail = await callApi<{ subscription_ids: number[] }>(page, 'GET', api(`orders/${order.id}`));
    return { email, customer: customer.id, order: order.id, subscription: detail.subscription_ids[0]! };
  };
  const broke = await renter('Bruno Broke', 'pm_card_chargeDeclinedInsufficientFunds');
  const stolen = await renter('Sasha Stolen', 'pm_card_chargeDeclinedStolenCard');
  const subscription = (id: number) => callApi<Subscription>(page, 'GET', api(`subscriptions/${id}`));
  const renewal = (await subscription(broke.subscription)).next_billing_date;
  expect(renewal).not.toBeNull();

  // Past the first renewal (at most a month away) and the three retries two, four and six days after it.
  const advanced = await callApi<{ steps: { ran: Record<string, number> }[] }>(
    page,
    'POST',
    `/api/companies/${company.id}/clock/advance`,
    { days: 40 },
  );
  const ran = (job: string) => advanced.steps.reduce((n, step) => n + (step.ran[job] ?? 0), 0);
  expect(ran('billing-run')).toBeGreaterThanOrEqual(2);
  expect(ran('dunning-retries')).toBe(3);

  // The soft decline: retried three times, then the subscription cancelled and the order tagged.
  const ended = await subscription(broke.subscription);
  expect(ended.status).toBe('cancelled');
  expect(ended.next_billing_date).toBeNull();
  expect(ended.dunning).toMatchObject({ status: 'ended', step: 3, end_action: 'cancel_subscription' });
  const brokeOrder = await callApi<{ tag: string | null }>(page, 'GET', api(`orders/${broke.order}`));
  expect(brokeOrder.tag).toBe('dunning-cancelled');
  const attempts = (order: number) =>
    callApi<{ id: number; state: string; decline_reason: string | null }[]>(
      page,
      'GET',
      `/read-replica/${company.id}/rentloopdb/transactions?filters=${encodeURIComponent(JSON.stringify({ order_id: order }))}`,
    );
  // Only the renewal is charged here: the order's first payment was never asked for.
  const brokeAttempts = await attempts(broke.order);
  expect(brokeAttempts.map((t) => t.state)).toEqual(['failed', 'failed', 'failed', 'failed']);
  // A reminder per step, the last one saying so, to the customer's own address.
  await expect
    .poll(() => mailsTo(broke.email, /payment to .* failed|Last reminder/).map((m) => m.subject), {
      timeout: 30_000,
    })
    .toHaveLength(3);
  expect(mailsTo(broke.email, /Last reminder/)).toHaveLength(1);

  // The stolen card: charged once, never again; its customer is asked for another method, no reminder.
  const stolenAttempts = await attempts(stolen.order);
  expect(stolenAttempts).toHaveLength(1);
  expect(stolenAttempts[0]).toMatchObject({
    state: 'failed',
    decline_code: 'stolen_card',
    decline_class: 'hard',
  });
  await expect
    .poll(() => mailsTo(stolen.email, /Please update your payment method/).length, { timeout: 30_000 })
    .toBe(1);
  expect(mailsTo(stolen.email, /payment to .* failed|Last reminder/)).toHaveLength(0);
  const stolenSubscription = await subscription(stolen.subscription);
  expect(stolenSubscription.dunning).toMatchObject({ status: 'ended' });

  // What staff see: the subscription page and the order page.
  await page.goto(`/cms/subscriptions/${broke.subscription}`);
  const notice = page.getByTestId(dunningIds.notice);
  await expect(notice).toHaveText('Dunning: ended: subscription cancelled');
  await expect(notice).toHaveAttribute('data-status', 'ended');
  await bothWidths(page, '01-subscription-ended');
  await page.goto(`/cms/orders/${broke.order}`);
  await expect(page.getByTestId(dunningIds.notice)).toHaveText('Dunning: ended: subscription cancelled');
  await bothWidths(page, '02-order-ended');

  // The recurring payments list: each renewal with where it stands in dunning, and the dunning filter.
  await page.goto('/cms/recurring-payments');
  await waitForList(page);
  const rows = page.getByTestId(dataListIds.row).filter({ hasText: 'Ended' });
  await expect(rows).toHaveCount(2);
  await bothWidths(page, '03-recurring-payments', async () => {
    await expect(page.getByTestId(dataListIds.card).filter({ hasText: 'Ended' })).toHaveCount(2);
  });
  await choose(
    page,
    recurringPaymentsIds.filter('dunning_status'),
    recurringPaymentsIds.filterOption('dunning_status', 'ended'),
  );
  await expect(page).toHaveURL(/filters=.*dunning_status.*ended/);
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(2);
  await screenshot(page, 'dunning-04-recurring-payments-filtered');

  // The payments list: every attempt with its decline.
  await page.goto('/cms/transactions');
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(5);
  await bothWidths(page, '05-payments');
});
