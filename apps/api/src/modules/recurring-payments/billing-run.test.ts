/**
 * The billing run end to end on the offline gateway and a counting gateway: periods created ahead once,
 * charged when due (invoice numbered, attempt recorded), parked when the customer has no method, charged
 * by staff through POST recurring-payments/charge; re-runs charge nothing twice; the billing_runs row is
 * counted from the rows; 404 across companies; a test company's advance bills by business time.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, type Transact, withDb } from '../../context.ts';
import {
  billingRuns,
  invoices,
  paymentMethods,
  recurringPayments,
  subscriptions,
} from '../../db/schema/index.ts';
import { registerGateway } from '../../integrations/payments/index.ts';
import { offlineGateway } from '../../integrations/payments/offline.ts';
import type { PaymentGateway } from '../../integrations/payments/types.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { runBilling } from './run.ts';
import { createRecurringPayments } from './schedule.ts';

const clock = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock });
let cid: number;
let otherCid: number;
let staff: TestUser;
let stranger: TestUser;
let operator: TestUser;
let customerId: number;
let bikeVariant: number;

const api = (path: string, company = cid) => `/api/${company}/rentloopdb/${path}`;
const req = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
  call(h.app, who, { method, url, payload, headers: key ? { 'idempotency-key': key } : {} });
async function ok<T = Record<string, unknown>>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { data: T; message: string; status: boolean };
}

const ctx = (company = cid) => testCtx(h.database.primary, company, { clock });
const transact =
  (company = cid): Transact =>
  (work) =>
    h.database.primary.transaction((tx) => work(withDb(ctx(company), tx)));

async function placeOrder(customer = customerId, quantity = 1): Promise<number> {
  const order = await ok<{ id: number }>(
    await req(staff, 'POST', api('orders/full'), {
      customer_id: customer,
      items: [{ variant_id: bikeVariant, quantity, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  return order.data.id;
}

const paymentsOf = (orderId: number) =>
  h.database.primary
    .select()
    .from(recurringPayments)
    .where(and(eq(recurringPayments.company_id, cid), eq(recurringPayments.order_id, orderId)))
    .orderBy(asc(recurringPayments.id));

async function newCustomer(email: string): Promise<number> {
  const c = await ok<{ id: number }>(
    await req(staff, 'POST', api('customers'), { name: `Kunde ${email}`, email, language: 'de' }),
    201,
  );
  return c.data.id;
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Run Loop', currency: 'EUR' });
  const other = await createCompany(h.database, { name: 'Other Run Loop', currency: 'EUR' });
  cid = company.id;
  otherCid = other.id;
  staff = await createUser(h, { company, role: 'admin' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  operator = await createUser(h, { globalRole: 'super-admin' });
  await ok(
    await req(staff, 'PUT', `/api/companies/${cid}/settings/invoice`, {
      ...SETTINGS_SECTIONS.invoice.defaults,
      company_name: 'Run Loop GmbH',
    }),
  );
  const bike = await ok<{ variants: { id: number }[] }>(
    await req(staff, 'POST', api('products'), {
      name: 'Cargo bike',
      rental_prices: { monthly: '49.90' },
      variants: [{ sku: 'CB-1', name: 'Blue', price: '3100.00' }],
    }),
    201,
  );
  bikeVariant = bike.data.variants[0]!.id;
  customerId = await newCustomer('runner@loop.test');
});

describe('the billing run on the offline gateway', () => {
  let orderId: number;

  it('creates each period once, a week ahead, and moves the next billing date on', async () => {
    clock.set('2026-03-10T10:00:00Z');
    orderId = await placeOrder(customerId, 2);
    expect(await createRecurringPayments(ctx(), transact())).toBe(0);
    clock.set('2026-04-04T10:00:00Z');
    expect(await createRecurringPayments(ctx(), transact())).toBe(2);
    expect(await createRecurringPayments(ctx(), transact())).toBe(0);
    const rows = await paymentsOf(orderId);
    expect(rows.map((r) => [r.period_start, r.period_end, r.due_date, r.amount, r.status])).toEqual([
      ['2026-04-10', '2026-05-09', '2026-04-10', 4990n, 'scheduled'],
      ['2026-04-10', '2026-05-09', '2026-04-10', 4990n, 'scheduled'],
    ]);
    const subs = await h.database.primary
      .select({ next: subscriptions.next_billing_date })
      .from(subscriptions)
      .where(and(eq(subscriptions.company_id, cid), eq(subscriptions.order_id, orderId)));
    expect(subs.map((s) => s.next)).toEqual(['2026-05-10', '2026-05-10']);
    // Not due before its day: the run issues nothing, staff are told so.
    expect(await runBilling(ctx(), transact())).toMatchObject({ issued: 0, parked: 0 });
    const early = await ok<{ ok: boolean; message: string }[]>(
      await req(staff, 'POST', api('recurring-payments/charge'), { ids: [rows[0]!.id] }),
    );
    expect(early.data[0]).toMatchObject({ ok: false, message: MESSAGES.recurringPaymentNotDue });
  });

  it('on the due day issues numbered invoices, charges them, and a re-run charges nothing', async () => {
    let calls = 0;
    const restore = registerGateway('offlinegateway', () => ({
      ...offlineGateway,
      async charge(request) {
        calls += 1;
        return offlineGateway.charge(request);
      },
    }));
    try {
      clock.set('2026-04-10T06:00:00Z');
      expect(await runBilling(ctx(), transact())).toEqual({
        business_date: '2026-04-10',
        issued: 2,
        parked: 0,
      });
      expect(await runBilling(ctx(), transact())).toMatchObject({ issued: 0 });
      expect(calls).toBe(2);
    } finally {
      restore();
    }
    const rows = await paymentsOf(orderId);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    const issued = await h.database.primary
      .select()
      .from(invoices)
      .where(and(eq(invoices.company_id, cid), eq(invoices.type, 'recurring payment')))
      .orderBy(asc(invoices.id));
    expect(issued).toHaveLength(2);
    expect(issued.map((i) => i.recurring_payment_id)).toEqual(rows.map((r) => r.id));
    expect(issued.map((i) => i.payment_status)).toEqual(['pending payment', 'pending payment']);
    // Gapless: the two take the next numbers of the series, one after the other.
    const seqs = issued.map((i) => Number(i.number?.match(/(\d+)$/)?.[1]));
    expect(seqs[1]).toBe(seqs[0]! + 1);
    const [run] = await h.database.primary
      .select()
      .from(billingRuns)
      .where(and(eq(billingRuns.company_id, cid), eq(billingRuns.business_date, '2026-04-10')));
    expect(run).toMatchObject({ due: 2, issued: 2, pending: 2, paid: 0, failed: 0, parked: 0 });
    expect(run?.finished_at).not.toBeNull();

    // Staff settle one: its payment is paid, and the detail, actions and refunded amount say so.
    await ok(
      await req(staff, 'POST', api(`invoices/${issued[0]!.id}/settle`), { transaction_id: 'TRF-2026-04-1' }),
    );
    const one = await ok<Record<string, unknown>>(
      await req(staff, 'GET', api(`recurring-payments/${rows[0]!.id}`)),
    );
    expect(one.data).toMatchObject({
      status: 'paid',
      invoice_id: issued[0]!.id,
      amount: '49.90',
      currency: 'EUR',
    });
    const actions = await ok<{ status: string; actions: unknown[] }>(
      await req(staff, 'GET', api(`recurring-payments/${rows[0]!.id}/actions`)),
    );
    expect(actions.data).toEqual({ status: 'paid', actions: [] });
    const refunded = await ok(
      await req(staff, 'GET', api(`recurring-payments/${rows[0]!.id}/refunded-amount`)),
    );
    expect(refunded.data).toEqual({ refunded_amount: '0.00' });
  });

  it('hides every payment of another company (404), and refuses a charge naming one (404, nothing charged)', async () => {
    // Signed in now (a session of March has expired by this business date).
    stranger = await createUser(h, { company: { id: otherCid }, role: 'owner' });
    staff = await createUser(h, { company: { id: cid }, role: 'admin' });
    const [rp] = await paymentsOf(orderId);
    for (const path of ['', '/actions', '/refunded-amount'])
      expect(
        (await req(stranger, 'GET', api(`recurring-payments/${rp!.id}${path}`, otherCid))).statusCode,
      ).toBe(404);
    const charged = await req(stranger, 'POST', api('recurring-payments/charge', otherCid), {
      ids: [rp!.id],
    });
    expect(charged.statusCode).toBe(404);
    expect((await paymentsOf(orderId))[0]?.status).toBe(rp!.status);
    const tooMany = await req(staff, 'POST', api('recurring-payments/charge'), {
      ids: Array.from({ length: 11 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.ids).toEqual([MESSAGES.recurringPaymentsChargeLimit(10)]);
  });
});

describe('a gateway that needs a payment method', () => {
  it('parks a payment of a customer without one, and staff charge it once a method is there', async () => {
    const charges: string[] = [];
    const card: PaymentGateway = {
      ...offlineGateway,
      name: 'stripe',
      async charge(request) {
        charges.push(request.idempotencyKey);
        return {
          state: 'succeeded',
          providerStatus: 'succeeded',
          providerReference: `pi_${charges.length}`,
          raw: {},
        };
      },
    };
    const restore = registerGateway('stripe', () => card);
    try {
      clock.set('2026-05-01T10:00:00Z');
      staff = await createUser(h, { company: { id: cid }, role: 'admin' });
      await ok(
        await req(staff, 'PUT', `/api/companies/${cid}/settings/payment_service_provider`, {
          ...SETTINGS_SECTIONS.payment_service_provider.defaults,
          enabled_gateways: ['offlinegateway', 'stripe'],
          default_gateway: 'stripe',
          credentials: { stripe: { secret_key: 'sk_test_run_loop', webhook_secret: 'whsec_run_loop' } },
        }),
      );
      const buyer = await newCustomer('cardless@loop.test');
      const orderId = await placeOrder(buyer);
      clock.set('2026-06-01T07:00:00Z');
      staff = await createUser(h, { company: { id: cid }, role: 'admin' });
      await createRecurringPayments(ctx(), transact());
      const result = await runBilling(ctx(), transact());
      expect(result.parked).toBeGreaterThanOrEqual(1);
      const [parked] = await paymentsOf(orderId);
      expect(parked).toMatchObject({ status: 'parked', park_reason: MESSAGES.noPaymentMethod });
      // Parked before its invoice was issued: no number was used up.
      const none = await h.database.primary
        .select()
        .from(invoices)
        .where(and(eq(invoices.company_id, cid), eq(invoices.recurring_payment_id, parked!.id)));
      expect(none).toEqual([]);
      expect(charges).toEqual([]);

      await h.database.primary.insert(paymentMethods).values({
        company_id: cid,
        customer_id: buyer,
        gateway: 'stripe',
        customer_reference: 'cus_run',
        method_reference: 'pm_card_visa',
        label: 'Visa •••• 4242',
        is_default: true,
      });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          req(staff, 'POST', api('recurring-payments/charge'), { ids: [parked!.id] }, `rp-${parked!.id}`),
        ),
      );
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
      const first = answers.find((a) => a.statusCode === 200)!.json();
      expect(first.message).toBe(MESSAGES.recurringPaymentsCharged);
      expect(first.data).toEqual([
        {
          id: parked!.id,
          ok: true,
          status: 'paid',
          invoice_id: expect.any(Number),
          message: MESSAGES.invoiceCharged,
        },
      ]);
      // One charge at the gateway, with the attempt's key.
      expect(charges).toEqual([`rl:${cid}:inv${first.data[0].invoice_id}:1`]);
      const [paid] = await paymentsOf(orderId);
      expect(paid?.status).toBe('paid');
    } finally {
      restore();
      await req(staff, 'PUT', `/api/companies/${cid}/settings/payment_service_provider`, {
        ...SETTINGS_SECTIONS.payment_service_provider.defaults,
      });
    }
  });
});

describe('a subscription that stops billing', () => {
  it('has its payments made ahead cancelled when it ends, and only the running one is billed', async () => {
    clock.set('2026-08-01T09:00:00Z');
    staff = await createUser(h, { company: { id: cid }, role: 'admin' });
    const orderId = await placeOrder(customerId, 2);
    clock.set('2026-08-28T09:00:00Z');
    staff = await createUser(h, { company: { id: cid }, role: 'admin' });
    await createRecurringPayments(ctx(), transact());
    const made = await paymentsOf(orderId);
    expect(made.map((r) => [r.period_start, r.status])).toEqual([
      ['2026-09-01', 'scheduled'],
      ['2026-09-01', 'scheduled'],
    ]);
    await ok(
      await req(staff, 'POST', api(`subscriptions/${made[0]!.subscription_id}/end`), {
        reason: 'Returned early',
      }),
    );
    const after = await paymentsOf(orderId);
    expect(after.map((r) => r.status)).toEqual(['cancelled', 'scheduled']);
    // Only the running one is billed on the first.
    clock.set('2026-09-01T09:00:00Z');
    await runBilling(ctx(), transact());
    expect((await paymentsOf(orderId)).map((r) => r.status)).toEqual(['cancelled', 'pending']);
  });
});

describe('a test company moved a month on', () => {
  it('creates and charges its payments by business time through the advance', async () => {
    clock.set('2026-06-01T07:00:00Z');
    const sandbox = await createCompany(h.database, { name: 'Sandbox Run', currency: 'EUR', is_test: true });
    operator = await createUser(h, { globalRole: 'super-admin' });
    const owner = await createUser(h, { company: sandbox, role: 'owner' });
    const sapi = (path: string) => `/api/${sandbox.id}/rentloopdb/${path}`;
    const product = await ok<{ variants: { id: number }[] }>(
      await req(owner, 'POST', sapi('products'), {
        name: 'Scooter',
        rental_prices: { monthly: '19.00' },
        variants: [{ sku: 'SC-1', name: 'Red', price: '900.00' }],
      }),
      201,
    );
    const c = await ok<{ id: number }>(
      await req(owner, 'POST', sapi('customers'), { name: 'Sandy', email: 'sandy@loop.test' }),
      201,
    );
    const order = await ok<{ id: number }>(
      await req(owner, 'POST', sapi('orders/full'), {
        customer_id: c.data.id,
        items: [
          {
            variant_id: product.data.variants[0]!.id,
            quantity: 1,
            kind: 'rental',
            billing_interval: 'monthly',
          },
        ],
      }),
      201,
    );
    const moved = await ok<{ steps: { business_date: string; ran: Record<string, number> }[] }>(
      await req(operator, 'POST', `/api/companies/${sandbox.id}/clock/advance`, { days: 31 }),
    );
    const billed = moved.data.steps.filter((s) => (s.ran['billing-run'] ?? 0) > 0);
    expect(billed.map((s) => s.business_date)).toEqual(['2026-07-01']);
    const list = await ok<{ status: string; due_date: string; invoice_id: number | null }[]>(
      await req(
        owner,
        'GET',
        `/read-replica/${sandbox.id}/rentloopdb/recurring-payments?filters=${encodeURIComponent(JSON.stringify({ order_id: order.data.id }))}`,
      ),
    );
    expect(list.data).toEqual([expect.objectContaining({ status: 'pending', due_date: '2026-07-01' })]);
    expect(list.data[0]!.invoice_id).not.toBeNull();
  });
});

describe('two issuers at once (decision 95)', () => {
  it('issue every due payment once, the numbers without a gap', async () => {
    clock.set('2026-10-01T09:00:00Z');
    staff = await createUser(h, { company: { id: cid }, role: 'admin' });
    const buyer = await newCustomer('two-issuers@loop.test');
    const orderId = await placeOrder(buyer, 12);
    clock.set('2026-10-28T09:00:00Z');
    await createRecurringPayments(ctx(), transact());
    expect(await paymentsOf(orderId)).toHaveLength(12);
    clock.set('2026-11-01T09:00:00Z');
    // Batches of 2 over two issuers: six or more batches, the issuers taking the counter in turn.
    const result = await runBilling(ctx(), transact(), { batchSize: 2, issuers: 2 });
    const mine = await paymentsOf(orderId);
    expect(mine.map((p) => p.status)).toEqual(Array(12).fill('pending'));
    const issued = await h.database.primary
      .select({ seq: invoices.seq, series: invoices.series, rp: invoices.recurring_payment_id })
      .from(invoices)
      .where(and(eq(invoices.company_id, cid), eq(invoices.issue_date, '2026-11-01')))
      .orderBy(asc(invoices.seq));
    expect(result.issued).toBe(issued.length);
    expect(new Set(issued.map((i) => i.series)).size).toBe(1);
    const first = issued[0]!.seq!;
    expect(issued.map((i) => i.seq)).toEqual(issued.map((_, k) => first + k));
    // One invoice for each of the order's payments.
    const ofMine = issued.filter((i) => mine.some((p) => p.id === i.rp));
    expect(new Set(ofMine.map((i) => i.rp)).size).toBe(12);
    expect(ofMine).toHaveLength(12);
  });
});
