/**
 * Dunning on the screens staff use (issue 23, part 6): the subscription page and the order page say where
 * the payments stand ("Dunning: step 2 of 3, next attempt on ...", "recovered", "ended: subscription
 * cancelled"), the recurring payments list has the dunning column and its two filters.
 *
 * No route of this server can make a recurring payment fail yet: the billing run that creates recurring
 * payments is being built beside this, and the browser suite's server has no scripted gateway. So the
 * spec places real orders and subscriptions, then adds dunning states to the server's own answers on
 * their way to the browser, each checked against the domain's schema (the API suite proves the server
 * answers them: apps/api/src/modules/dunning). Filtered list requests go to the server untouched, which
 * proves it takes the new filters. When the billing run lands, a test company's clock advance can make
 * these states for real.
 * Screenshots at 1440 and 390 wide: tests/e2e/artifacts/screenshots/dunning-*.png.
 */

import { dunningIds } from '../../../apps/web/src/features/dunning/testids.ts';
import { type Dunning, dunningSchema } from '../../../packages/domain/src/dunning.ts';
import { recurringPaymentSchema } from '../../../packages/domain/src/recurring-payments.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  choose,
  dataListIds,
  recurringPaymentsIds,
  screenshot,
  signInToOwnCompany,
  waitForList,
} from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

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

/** A dunning of the order's subscription, as the server writes it, checked by the domain's schema. */
function dunningOf(ids: { order: number; subscription: number }, state: Partial<Dunning>): Dunning {
  return dunningSchema.parse({
    id: ids.subscription,
    recurring_payment_id: 1,
    invoice_id: 1,
    order_id: ids.order,
    subscription_id: ids.subscription,
    status: 'active',
    step: 2,
    max_steps: 3,
    next_attempt_on: '2026-12-12',
    last_mail_step: 2,
    end_action: null,
    ended_at: null,
    created_at: '2026-12-01T09:00:00.000Z',
    updated_at: '2026-12-05T09:00:00.000Z',
    ...state,
  });
}

/** Answers `url` with the server's own answer, its `data.dunning` replaced. */
async function withDunning(page: Page, url: RegExp, dunning: Dunning) {
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, dunning } } });
  });
}

test('staff see where payments stand in dunning', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Dunning');
  const { first, second } = await seedOrders(page, company.id);
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const orderOf = async (id: number) =>
    callApi<{ subscription_ids: number[]; customer_id: number; customer_name: string; dunning?: unknown }>(
      page,
      'GET',
      api(`orders/${id}`),
    );
  const one = await orderOf(first.id);
  const two = await orderOf(second.id);
  // The server answers the field: null while nothing failed.
  expect(one.dunning).toBeNull();
  const a = { order: first.id, subscription: one.subscription_ids[0]! };
  const b = { order: second.id, subscription: two.subscription_ids[0]! };

  // A running dunning on the subscription's page.
  await withDunning(page, new RegExp(`/rentloopdb/subscriptions/${a.subscription}$`), dunningOf(a, {}));
  await page.goto(`/cms/subscriptions/${a.subscription}`);
  const notice = page.getByTestId(dunningIds.notice);
  await expect(notice).toHaveText('Dunning: step 2 of 3, next attempt on 12th Dec 2026');
  await expect(notice).toHaveAttribute('data-status', 'active');
  await bothWidths(page, '01-subscription-step');

  // The order whose last retry failed: the subscription was cancelled, the order tagged.
  const ended = dunningOf(b, {
    status: 'ended',
    step: 3,
    next_attempt_on: null,
    last_mail_step: 3,
    end_action: 'cancel_subscription',
    ended_at: '2026-12-19T09:00:00.000Z',
  });
  await withDunning(page, new RegExp(`/rentloopdb/orders/${b.order}$`), ended);
  await page.goto(`/cms/orders/${b.order}`);
  await expect(page.getByTestId(dunningIds.notice)).toHaveText('Dunning: ended: subscription cancelled');
  await expect(page.getByTestId(dunningIds.notice)).toHaveAttribute('data-status', 'ended');
  await bothWidths(page, '02-order-ended');

  // Recovered by a later payment, on the first order's page.
  await withDunning(
    page,
    new RegExp(`/rentloopdb/orders/${a.order}$`),
    dunningOf(a, { status: 'recovered', next_attempt_on: null, end_action: 'recovered' }),
  );
  await page.goto(`/cms/orders/${a.order}`);
  await expect(page.getByTestId(dunningIds.notice)).toHaveText('Dunning: recovered');
  await screenshot(page, 'dunning-03-order-recovered');

  // The recurring payments list: the unfiltered page carries two payments in dunning.
  const row = (ids: typeof a, id: number, dunning: Dunning) =>
    recurringPaymentSchema.parse({
      id,
      subscription_id: ids.subscription,
      order_id: ids.order,
      customer_id: one.customer_id,
      customer_name: one.customer_name,
      period_start: '2026-12-01',
      period_end: '2026-12-31',
      due_date: '2026-12-01',
      amount: '49.00',
      currency: 'CAD',
      status: 'failed',
      invoice_id: null,
      park_reason: null,
      refunded_amount: '0.00',
      dunning: {
        status: dunning.status,
        step: dunning.step,
        max_steps: dunning.max_steps,
        next_attempt_on: dunning.next_attempt_on,
        end_action: dunning.end_action,
      },
      created_at: '2026-11-25T09:00:00.000Z',
      updated_at: '2026-12-05T09:00:00.000Z',
    });
  const rows = [row(a, 901, dunningOf(a, {})), row(b, 902, ended)];
  await page.route(/\/read-replica\/\d+\/rentloopdb\/recurring-payments(\?.*)?$/, async (route) => {
    if (new URL(route.request().url()).searchParams.has('filters')) return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { data: unknown[]; meta: Record<string, unknown> };
    await route.fulfill({
      response,
      json: {
        ...body,
        data: rows,
        meta: { ...body.meta, total: rows.length, from: 1, to: rows.length, last_page: 1 },
      },
    });
  });
  await page.goto('/cms/recurring-payments');
  await waitForList(page);
  await expect(page.getByTestId(recurringPaymentsIds.dunning(901))).toHaveText(
    'Step 2 of 3, next attempt on 12th Dec 2026',
  );
  await expect(page.getByTestId(recurringPaymentsIds.dunning(902))).toHaveText(
    'Ended: subscription cancelled',
  );
  // The phone's cards come in a chunk of their own: pictured once they are there.
  await bothWidths(page, '04-recurring-payments', async () => {
    await expect(page.getByTestId(dataListIds.card)).toHaveCount(2);
    await expect(page.getByTestId(recurringPaymentsIds.dunning(902))).toBeVisible();
  });

  // The filters go to the server as they are: it takes them, and this company has no such payment.
  await choose(
    page,
    recurringPaymentsIds.filter('dunning_step'),
    recurringPaymentsIds.filterOption('dunning_step', '2'),
  );
  await expect(page).toHaveURL(/filters=.*dunning_step/);
  await expect(page.getByTestId(dataListIds.empty)).toHaveText('No recurring payments match.');
  await choose(
    page,
    recurringPaymentsIds.filter('dunning_status'),
    recurringPaymentsIds.filterOption('dunning_status', 'ended'),
  );
  await expect(page).toHaveURL(/filters=.*dunning_status.*ended/);
  await expect(page.getByTestId(dataListIds.empty)).toHaveText('No recurring payments match.');
  await screenshot(page, 'dunning-05-recurring-payments-filtered');
});
