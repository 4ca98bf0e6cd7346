/**
 * The reconciliation business job against the Stripe fake, on a fixed clock moved by hand: an attempt
 * left `unknown` by a time-out is resolved by the look-up with its key (and never charged twice); an
 * attempt left `processing` by a crash is completed by replaying the identical request; a provider that
 * never answers gets looks after 5 min, 1 h and 1 day, then one alert (event and notification).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Ctx, fixedClock } from '../../context.ts';
import { events, notifications, transactions } from '../../db/schema/index.ts';
import { inTransactionScope } from '../../db/transaction-scope.ts';
import type { GatewayConfig } from '../../integrations/payments/adapters.ts';
import { type FakeStripe, startFakeStripe } from '../../integrations/payments/testing/fake-stripe.ts';
import { BUSINESS_JOBS } from '../../jobs/business-jobs.ts';
import { useHarness } from '../../testing/harness.ts';
import { runBusinessDay } from '../companies/business-day.ts';
import { startCharge } from './charge.ts';
import { expectOk, type GatewayCompany, gatewayCompany } from './gateways.testing.ts';
import { RECONCILE_DELAYS_MS, STALE_PROCESSING_MS } from './reconcile.ts';

const clock = fixedClock('2026-05-04T09:00:00Z');
const gateways: GatewayConfig = { timeoutMs: 5_000 };
const h = useHarness({ gateways, clock });
let stripe: FakeStripe;
let s: GatewayCompany;

beforeAll(async () => {
  stripe = await startFakeStripe();
  gateways.stripeApiBase = stripe.url;
  s = await gatewayCompany(h, 'stripe');
});
afterAll(() => stripe?.close());

const quiet = { info: () => {}, error: () => {} };
/** The hourly `business-day` cron's work, as it runs at the clock's time. */
const runDay = () =>
  runBusinessDay(
    { database: h.database, clock, secrets: h.app.deps.secrets, gateways, log: quiet },
    BUSINESS_JOBS,
    'test',
  );

type Charged = {
  invoice: { id: number; payment_status: string };
  transaction: { id: number; state: string; provider_key: string };
};

async function attempt(id: number) {
  const [row] = await h.database.primary.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function invoiceStatus(id: number) {
  return (await expectOk<{ payment_status: string }>(await s.req('GET', s.api(`invoices/${id}`)))).data
    .payment_status;
}

/** An order of a new customer paying with `method`, charged while Stripe's answers are held: unknown. */
async function chargeTimedOut(method: string) {
  const customer = await s.newCustomer();
  await s.addMethod(customer, method);
  const order = await s.placeOrder(customer);
  const release = stripe.hold((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  gateways.timeoutMs = 300;
  try {
    const res = await s.req('POST', s.api(`orders/${order}/charge`), {});
    return { charged: (await expectOk<Charged>(res)).data, release };
  } finally {
    gateways.timeoutMs = 5_000;
  }
}

describe('reconcile-payments', () => {
  it('is one of the business jobs the business-day cron and the clock advance run', () => {
    expect(BUSINESS_JOBS.map((j) => j.name)).toContain('reconcile-payments');
  });

  it('resolves a time-out by looking the key up later, and never charges twice', async () => {
    const { charged, release } = await chargeTimedOut('pm_card_visa');
    const id = charged.transaction.id;
    expect(charged.transaction.state).toBe('unknown');
    // First look at once: Stripe has not executed it yet (still held), and the replay is held too.
    gateways.timeoutMs = 300;
    try {
      await runDay();
    } finally {
      gateways.timeoutMs = 5_000;
    }
    let row = await attempt(id);
    expect(row).toMatchObject({ state: 'unknown', reconcile_tries: 1 });
    expect(Date.parse(row.reconcile_after!)).toBe(clock.now().getTime() + RECONCILE_DELAYS_MS[0]);
    release();
    await vi.waitFor(() => expect(stripe.executions(charged.transaction.provider_key)).toBe(1), {
      timeout: 15_000,
    });
    // Not due before its time.
    clock.advance(RECONCILE_DELAYS_MS[0] - 60_000);
    await runDay();
    expect((await attempt(id)).state).toBe('unknown');
    clock.advance(60_000);
    await runDay();
    row = await attempt(id);
    expect(row).toMatchObject({ state: 'succeeded', provider_status: 'succeeded', reconcile_after: null });
    expect(row.provider_reference).toMatch(/^pi_/);
    expect(await invoiceStatus(charged.invoice.id)).toBe('settled');
    expect(stripe.executions(charged.transaction.provider_key)).toBe(1);
    const intents = [...stripe.paymentIntents.values()].filter(
      (pi) => pi.metadata.idempotency_key === charged.transaction.provider_key,
    );
    expect(intents).toHaveLength(1);
  });

  it('completes an attempt a crash left processing by replaying the identical request', async () => {
    // An issued invoice whose charge was declined; the customer's new card is the default now.
    const customer = await s.newCustomer();
    await s.addMethod(customer, 'pm_card_chargeDeclined');
    const order = await s.placeOrder(customer);
    const declined = await expectOk<Charged>(await s.req('POST', s.api(`orders/${order}/charge`), {}));
    await s.addMethod(customer, 'pm_card_visa');
    // The process commits the attempt and dies before calling Stripe.
    const ctx: Ctx = {
      db: h.database.primary,
      companyId: s.cid,
      actor: { kind: 'job', job: 'test', jobId: 'crash', onBehalfOf: null },
      clock,
      deps: h.app.deps,
    };
    const { attempt: started } = await inTransactionScope(() =>
      h.database.primary.transaction((tx) => startCharge({ ...ctx, db: tx }, declined.data.invoice.id)),
    );
    expect(started.state).toBe('processing');
    await runDay();
    expect((await attempt(started.id)).state).toBe('processing');
    expect(stripe.executions(started.provider_key)).toBe(0);
    clock.advance(STALE_PROCESSING_MS);
    await runDay();
    expect(await attempt(started.id)).toMatchObject({ state: 'succeeded', reconcile_tries: 0 });
    expect(stripe.executions(started.provider_key)).toBe(1);
    expect(await invoiceStatus(declined.data.invoice.id)).toBe('settled');
  });

  it('a provider that never answers: looks after 5 min, 1 h, 1 day, then one alert, then daily', async () => {
    const customer = await s.newCustomer();
    await s.addMethod(customer, 'pm_card_visa');
    const order = await s.placeOrder(customer);
    // Every charge and every look-up of a PaymentIntent fails with a 500 (retried by the package, in vain).
    let down = true;
    stripe.inject({
      status: 500,
      body: { error: { type: 'api_error', message: 'Stripe is having a bad day' } },
      when: (r) => down && r.path.startsWith('/v1/payment_intents'),
      times: 1_000,
    });
    const charged = (await expectOk<Charged>(await s.req('POST', s.api(`orders/${order}/charge`), {}))).data;
    const id = charged.transaction.id;
    expect(charged.transaction.state).toBe('unknown');
    const alerts = () =>
      h.database.primary
        .select()
        .from(events)
        .where(and(eq(events.type, 'transaction.reconciliation_exhausted'), eq(events.object_id, id)));
    for (const [n, wait] of RECONCILE_DELAYS_MS.entries()) {
      await runDay();
      const row = await attempt(id);
      expect(row).toMatchObject({ state: 'unknown', reconcile_tries: n + 1 });
      expect(Date.parse(row.reconcile_after!)).toBe(clock.now().getTime() + wait);
      expect(await alerts()).toHaveLength(0);
      clock.advance(wait);
    }
    await runDay();
    expect(await attempt(id)).toMatchObject({ state: 'unknown', reconcile_tries: 4 });
    const [alert] = await alerts();
    expect(alert?.company_id).toBe(s.cid);
    expect(alert?.payload).toMatchObject({
      gateway: 'stripe',
      provider_key: charged.transaction.provider_key,
    });
    const told = await h.database.primary
      .select()
      .from(notifications)
      .where(and(eq(notifications.company_id, s.cid), eq(notifications.title, 'A payment needs checking')));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain(charged.transaction.provider_key);
    // Looked at once a day from then on, without a second alert.
    clock.advance(24 * 3_600_000);
    await runDay();
    expect(await attempt(id)).toMatchObject({ state: 'unknown', reconcile_tries: 5 });
    expect(await alerts()).toHaveLength(1);
    down = false;
    // Stripe back: it never saw the key, and the key's window is over, so nothing is replayed.
    clock.advance(24 * 3_600_000);
    await runDay();
    expect(await attempt(id)).toMatchObject({ state: 'unknown', reconcile_tries: 6 });
    expect(stripe.executions(charged.transaction.provider_key)).toBe(0);
  });
});
