/**
 * The dunning's end "hand to debt collection" files the claim (handover.ts): a subscription's payment
 * declined on a scripted Stripe, its one retry declined too, the test company's clock advanced through
 * the operators' route (the business jobs, `debt-collection-handover` after `dunning-retries`): the claim
 * reaches the fake Debtist exactly once, also when the clock moves on and when the job runs again; without
 * credentials the company is told (a notification), nothing crashes, and nothing is filed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock, withDb } from '../../context.ts';
import { debtClaims, notifications } from '../../db/schema/index.ts';
import {
  FAKE_DEBTIST_KEY,
  type FakeDebtist,
  startFakeDebtist,
} from '../../integrations/debt-collection/testing/fake-debtist.ts';
import { testCtx } from '../../testing/ctx.ts';
import { useHarness } from '../../testing/harness.ts';
import { companyClock } from '../companies/clock.ts';
import { dueRecurringPayment, dunningCompany, scriptedStripe } from '../dunning/dunning.testing.ts';
import { externalIdOf } from './claims.ts';
import { handOverDunnedInvoices } from './handover.ts';

// Clock advances run every business job day by day: slow on a loaded machine (CI runs suites side by side).
vi.setConfig({ testTimeout: 120_000 });
const wall = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock: wall });
const restores: (() => void)[] = [];
let debtist: FakeDebtist;
beforeAll(async () => {
  debtist = await startFakeDebtist();
});
afterAll(() => debtist.close());
afterEach(() => {
  while (restores.length > 0) restores.pop()?.();
});

const soft = { decline: 'insufficient_funds' } as const;

/** A dunning that ends in the hand-over after one declined retry two days after the first decline. */
async function dunned(connect: boolean) {
  const c = await dunningCompany(h, {
    retry_schedule_days: [2],
    max_retries: 1,
    after_last_retry: 'debt_collection',
  });
  if (connect)
    await c.req('PUT', `/api/companies/${c.company.id}/settings/debt_collection`, {
      enabled: true,
      provider: 'debtist',
      base_url: debtist.url,
      api_key: FAKE_DEBTIST_KEY,
      handover_after_days: 30,
      min_claim_minor: 1000,
      notify_customer: false,
    });
  const gateway = scriptedStripe([soft]);
  restores.push(gateway.restore);
  const { subscriptionId } = await c.subscription();
  const { invoiceId } = await dueRecurringPayment(h.database, c.company.id, subscriptionId, wall);
  await c.req('POST', c.api(`invoices/${invoiceId}/charge`), {});
  const claims = () =>
    h.database.primary.select().from(debtClaims).where(eq(debtClaims.company_id, c.company.id));
  const atAgency = () =>
    [...debtist.claims.values()].filter((x) => x.external_id === externalIdOf(c.company.id, invoiceId));
  return { ...c, invoiceId, subscriptionId, claims, atAgency };
}

describe('the dunning end "hand to debt collection"', () => {
  it('files the invoice at the agency exactly once, also when the clock moves on and the job runs again', async () => {
    const t = await dunned(true);
    const steps = await t.advance(2);
    expect(steps.steps.at(-1)!.ran['debt-collection-handover']).toBe(1);
    const subscription = await t.req('GET', t.api(`subscriptions/${t.subscriptionId}`));
    expect(subscription.dunning).toMatchObject({ status: 'ended', end_action: 'debt_collection' });

    const agency = t.atAgency();
    expect(agency).toHaveLength(1);
    expect(agency[0]).toMatchObject({ status: 'NEW', amount_cents: 3333, currency: 'EUR' });
    const rows = await t.claims();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      invoice_id: t.invoiceId,
      status: 'open',
      reference: agency[0]!.id,
      amount: 3333n,
    });

    // Days later, and the job run by hand on the same day: nothing new, nowhere.
    await t.advance(3);
    const clock = await companyClock(h.database.primary, t.company.id, wall);
    const ctx = testCtx(h.database.primary, t.company.id, { clock, deps: h.app.deps });
    const again = await handOverDunnedInvoices(ctx, (work) =>
      h.database.primary.transaction((tx) => work(withDb(ctx, tx))),
    );
    expect(again).toBe(0);
    expect(t.atAgency()).toHaveLength(1);
    expect(await t.claims()).toHaveLength(1);

    // The claim is listed as staff see it.
    const listed = await t.req('GET', `/api/${t.company.id}/debtist/claims`);
    expect(listed.map((c: { invoice_id: number }) => c.invoice_id)).toEqual([t.invoiceId]);
  });

  it('without credentials tells the company once and files nothing', async () => {
    const before = debtist.claims.size;
    const t = await dunned(false);
    await t.advance(2);
    const subscription = await t.req('GET', t.api(`subscriptions/${t.subscriptionId}`));
    expect(subscription.dunning).toMatchObject({ status: 'ended', end_action: 'debt_collection' });
    expect(await t.claims()).toHaveLength(0);
    expect(debtist.claims.size).toBe(before);
    const told = await h.database.primary
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.company_id, t.company.id),
          eq(notifications.title, 'Debt collection hand-over failed'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('Failed to create claim...');
    expect(told[0]!.message).toContain('Settings, section Debt collection');
    // The next days do not tell it again.
    await t.advance(2);
    const still = await h.database.primary
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.company_id, t.company.id),
          eq(notifications.title, 'Debt collection hand-over failed'),
        ),
      );
    expect(still).toHaveLength(1);
  });
});
