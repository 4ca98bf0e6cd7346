/**
 * Refunds through the real routes and the Stripe fake (issue 24 part 2): by items, by an amount split per
 * VAT rate, in full; never more than was paid, also for two concurrent full refunds; one refund at
 * Stripe for repeated requests with one Idempotency-Key; a refusal at Stripe; the order's and the
 * invoice's refunded amounts and revenue; refund-payments by order and cancel with `refunded`.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Ctx, systemClock, type Transact } from '../../context.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { invoices, transactions } from '../../db/schema/index.ts';
import { inTransactionScope } from '../../db/transaction-scope.ts';
import type { GatewayConfig } from '../../integrations/payments/adapters.ts';
import {
  FAKE_STRIPE,
  type FakeStripe,
  startFakeStripe,
} from '../../integrations/payments/testing/fake-stripe.ts';
import { call, createCompany, createUser, useHarness } from '../../testing/harness.ts';
import { expectOk, type GatewayCompany, gatewayCompany } from './gateways.testing.ts';
import { reconcileAttempt } from './reconcile.ts';

const gateways: GatewayConfig = { timeoutMs: 5_000, publicUrl: 'http://rentloop.test' };
const h = useHarness({ gateways });
let stripe: FakeStripe;
let s: GatewayCompany;
let reducedVariant: number;

type Line = { position: number; quantity: number; gross: string; tax_percent: string; unit_price: string };
type Inv = {
  id: number;
  type: string;
  number: string;
  gross: string;
  net: string;
  tax: string;
  payment_status: string;
  original_invoice: number | null;
  refunded_amount: string;
  lines: Line[];
  tax_breakdown: { tax_percent: string; net: string; tax: string; gross: string }[];
};
type Tx = {
  id: number;
  kind: string;
  state: string;
  amount: string;
  provider_key: string;
  provider_reference: string | null;
};
type Refunded = { refunds: { invoice: Inv; transaction: Tx }[] };

const cents = (v: string) => Math.round(Number(v) * 100);

beforeAll(async () => {
  stripe = await startFakeStripe();
  gateways.stripeApiBase = stripe.url;
  s = await gatewayCompany(h, 'stripe');
  // Two VAT rates at the customers' address (Ontario): 13 % standard, 5 % reduced.
  await expectOk(
    await s.req('POST', s.api('tax-rules'), { country: 'ca', region: 'ON', percentage: '13' }),
    201,
  );
  await expectOk(
    await s.req('POST', s.api('tax-rules'), {
      country: 'ca',
      region: 'ON',
      percentage: '5',
      product_class: 'reduced',
    }),
    201,
  );
  const product = await expectOk<{ variants: { id: number }[] }>(
    await s.req('POST', s.api('products'), {
      name: 'Child seat',
      product_class: 'reduced',
      rental_prices: { monthly: '10.01' },
      variants: [{ sku: `CS-${s.cid}`, name: 'Standard', price: '300.00' }],
    }),
    201,
  );
  reducedVariant = product.data.variants[0]!.id;
});
afterAll(async () => {
  await stripe?.close();
});

/** An order of a new customer (2 bikes, and a child seat when `twoRates`), charged at Stripe. */
async function paidOrder(twoRates = false) {
  const customer = await s.newCustomer();
  await s.addMethod(customer, 'pm_card_visa');
  const items: object[] = [
    { variant_id: s.variant, quantity: 2, kind: 'rental', billing_interval: 'monthly' },
  ];
  if (twoRates)
    items.push({ variant_id: reducedVariant, quantity: 1, kind: 'rental', billing_interval: 'monthly' });
  const order = await expectOk<{ id: number }>(
    await s.req('POST', s.api('orders/full'), { customer_id: customer, items }),
    201,
  );
  const charged = await expectOk<{ invoice: Inv; transaction: Tx }>(
    await s.req('POST', s.api(`orders/${order.data.id}/charge`), {}),
  );
  expect(charged.data.transaction.state).toBe('succeeded');
  return {
    customer,
    order: order.data.id,
    invoice: charged.data.invoice,
    pi: charged.data.transaction.provider_reference!,
  };
}

const refundsAtStripe = (pi: string) => [...stripe.refunds.values()].filter((r) => r.payment_intent === pi);
const money = async (order: number) => ({
  refunded: (
    await expectOk<{ refunded_amount: string }>(await s.req('GET', s.api(`orders/${order}/refunded-amount`)))
  ).data.refunded_amount,
  revenue: (await expectOk<{ revenue: string }>(await s.req('GET', s.api(`orders/${order}/revenue`)))).data
    .revenue,
});

describe('refunds at Stripe', () => {
  it('refunds one of two units by items: a partial refund invoice with negative lines, refunded at Stripe', async () => {
    const { order, invoice, pi } = await paidOrder();
    expect(invoice.lines[0]).toMatchObject({ quantity: 2 });
    const res = await s.req('POST', s.api(`invoices/${invoice.id}/refund`), {
      items: [{ position: 1, quantity: 1 }],
      message: 'One bike came back',
    });
    const answer = await expectOk<Refunded>(res);
    expect(answer).toMatchObject({ status: true, message: MESSAGES.invoiceRefunded });
    const [{ invoice: refund, transaction }] = answer.data.refunds as [Refunded['refunds'][number]];
    // Half of the line, half-up; the second unit takes exactly the rest.
    const half = Math.round(cents(invoice.lines[0]!.gross) / 2);
    expect(refund).toMatchObject({
      type: 'partial_refund',
      original_invoice: invoice.id,
      payment_status: 'settled',
    });
    expect(refund.number).not.toBe(invoice.number);
    expect(cents(refund.gross)).toBe(-half);
    expect(refund.lines.every((l) => cents(l.gross) < 0)).toBe(true);
    // Every total is the sum of its lines.
    expect(refund.lines.reduce((t, l) => t + cents(l.gross), 0)).toBe(cents(refund.gross));
    expect(transaction).toMatchObject({
      kind: 'refund',
      state: 'succeeded',
      provider_key: `rl:${s.cid}:inv${refund.id}:1`,
    });
    expect(refundsAtStripe(pi).map((r) => r.amount)).toEqual([half]);
    const original = await expectOk<Inv>(await s.req('GET', s.api(`invoices/${invoice.id}`)));
    expect(cents(original.data.refunded_amount)).toBe(half);
    expect(await money(order)).toEqual({
      refunded: (half / 100).toFixed(2),
      revenue: ((cents(invoice.gross) - half) / 100).toFixed(2),
    });
    // The other unit, then nothing more of that line.
    await expectOk(await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { items: [{ position: 1 }] }));
    const more = await s.req('POST', s.api(`invoices/${invoice.id}/refund`), {
      items: [{ position: 1, quantity: 1 }],
    });
    expect(more.statusCode).toBe(422);
    expect(more.json().errors['items.0.quantity']).toEqual([MESSAGES.refundLineExceeds(0)]);
  });

  it('splits an amount over the VAT rates in proportion to the breakdown, exact to the cent', async () => {
    const { invoice } = await paidOrder(true);
    expect(invoice.tax_breakdown.map((b) => b.tax_percent).sort()).toEqual(['13', '5']);
    const answer = await expectOk<Refunded>(
      await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { amount: '10.01' }),
    );
    const refund = answer.data.refunds[0]!.invoice;
    expect(cents(refund.gross)).toBe(-1001);
    const total = cents(invoice.gross);
    const shares = refund.tax_breakdown.map((b) => -cents(b.gross));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1001);
    for (const b of refund.tax_breakdown) {
      const original = invoice.tax_breakdown.find((o) => o.tax_percent === b.tax_percent)!;
      const exact = (1001 * cents(original.gross)) / total;
      expect(Math.abs(-cents(b.gross) - exact)).toBeLessThan(1);
      expect(cents(b.net) + cents(b.tax)).toBe(cents(b.gross));
    }
    expect(refund.lines.reduce((t, l) => t + cents(l.gross), 0)).toBe(-1001);
    // More than is left: a 422 on amount naming what is left.
    const left = ((total - 1001) / 100).toFixed(2);
    const tooMuch = await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { amount: String(total) });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([MESSAGES.refundExceedsPaid(left)]);
  });

  it('a full refund mirrors the invoice (its VAT included); nothing is left to refund after it', async () => {
    const { order, invoice, pi } = await paidOrder(true);
    const answer = await expectOk<Refunded>(
      await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { full_refund: true }),
    );
    const refund = answer.data.refunds[0]!.invoice;
    expect(refund.type).toBe('full_refund');
    expect(refund.gross).toBe(`-${invoice.gross}`);
    expect(refund.tax).toBe(`-${invoice.tax}`);
    expect(refund.tax_breakdown).toEqual(
      invoice.tax_breakdown.map((b) => ({
        tax_percent: b.tax_percent,
        net: `-${b.net}`,
        tax: `-${b.tax}`,
        gross: `-${b.gross}`,
      })),
    );
    expect(refundsAtStripe(pi).map((r) => r.amount)).toEqual([cents(invoice.gross)]);
    expect(await money(order)).toEqual({ refunded: invoice.gross, revenue: '0.00' });
    const again = await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { full_refund: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.refundExceedsPaid('0.00'));
    // A refund invoice is never charged, nor refunded itself, and offers no action.
    const actions = await expectOk<{ actions: unknown[] }>(
      await s.req('GET', s.api(`invoices/${refund.id}/actions`)),
    );
    expect(actions.data.actions).toEqual([]);
    expect((await s.req('POST', s.api(`invoices/${refund.id}/charge`), {})).statusCode).toBe(409);
    expect(
      (await s.req('POST', s.api(`invoices/${refund.id}/refund`), { full_refund: true })).statusCode,
    ).toBe(409);
  });

  it('two concurrent full refunds: one refund, one clear 409; Stripe refunded once', async () => {
    const { invoice, pi } = await paidOrder();
    const answers = await Promise.all(
      ['a', 'b'].map((k) =>
        s.req(
          'POST',
          s.api(`invoices/${invoice.id}/refund`),
          { full_refund: true },
          `full-${invoice.id}-${k}`,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().message).toBe(MESSAGES.refundExceedsPaid('0.00'));
    expect(refundsAtStripe(pi).map((r) => r.amount)).toEqual([cents(invoice.gross)]);
  });

  it('one Idempotency-Key, five concurrent requests: one refund at Stripe, the same answer', async () => {
    const { invoice, pi } = await paidOrder();
    const key = `refund-${invoice.id}-once`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.req('POST', s.api(`invoices/${invoice.id}/refund`), { amount: '1.00' }, key),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((x) => x === 200 || x === 409)).toBe(true);
    const replay = await expectOk<Refunded>(
      await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { amount: '1.00' }, key),
    );
    expect(refundsAtStripe(pi).map((r) => r.amount)).toEqual([100]);
    for (const a of answers.filter((x) => x.statusCode === 200))
      expect(a.json().data.refunds[0].invoice.id).toBe(replay.data.refunds[0]!.invoice.id);
  });

  it('a refusal at Stripe fails the attempt and the refund invoice; the amount stays refundable', async () => {
    const { order, invoice, pi } = await paidOrder();
    // Refunded at Stripe directly (the dashboard): Stripe refuses ours.
    const direct = await fetch(`${stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${FAKE_STRIPE.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `payment_intent=${pi}`,
    });
    expect(direct.status).toBe(200);
    const answer = await expectOk<Refunded>(
      await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { full_refund: true }),
    );
    expect(answer.status).toBe(false);
    expect(answer.message).toMatch(/already been refunded/);
    const { invoice: refund, transaction } = answer.data.refunds[0]!;
    expect(transaction.state).toBe('failed');
    expect(refund.payment_status).toBe('failed');
    expect(await money(order)).toEqual({ refunded: '0.00', revenue: invoice.gross });
    // The failed refund reserves nothing: another attempt is allowed (and refused by Stripe again).
    const again = await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { amount: '1.00' });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe(false);
  });
});

describe('a refund without an answer', () => {
  it('stays unknown (reserving its amount) until the reconciliation finds it at Stripe', async () => {
    const { order, invoice, pi } = await paidOrder();
    const release = stripe.hold((r) => r.method === 'POST' && r.path === '/v1/refunds');
    gateways.timeoutMs = 300;
    let answer: Refunded['refunds'][number];
    try {
      const res = await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { full_refund: true });
      const body = await expectOk<Refunded>(res);
      expect(body.status).toBe(false);
      answer = body.data.refunds[0]!;
    } finally {
      gateways.timeoutMs = 5_000;
      release();
    }
    expect(answer.transaction.state).toBe('unknown');
    expect(answer.invoice.payment_status).toBe('pending payment');
    // Its amount is reserved: nothing more can be refunded meanwhile.
    const more = await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { amount: '1.00' });
    expect(more.statusCode).toBe(422);
    await vi.waitFor(() => expect(refundsAtStripe(pi)).toHaveLength(1), { timeout: 15_000 });
    const ctx: Ctx = {
      db: h.database.primary,
      companyId: s.cid,
      actor: { kind: 'job', job: 'test', jobId: 'reconcile', onBehalfOf: null },
      clock: systemClock,
      deps: h.app.deps,
    };
    const transact: Transact = (work) =>
      inTransactionScope(() => h.database.primary.transaction((tx) => work({ ...ctx, db: tx })));
    expect(await reconcileAttempt(ctx, transact, answer.transaction.id)).toBe(true);
    const refund = await expectOk<Inv>(await s.req('GET', s.api(`invoices/${answer.invoice.id}`)));
    expect(refund.data.payment_status).toBe('settled');
    expect(refundsAtStripe(pi)).toHaveLength(1);
    expect(await money(order)).toEqual({ refunded: invoice.gross, revenue: '0.00' });
  });
});

describe('refunds of an order', () => {
  it('refund-payments by product and by amount; the order answers its refunded amount', async () => {
    const { customer, order, invoice, pi } = await paidOrder(true);
    const detail = await expectOk<{ items: { id: number; variant_id: number }[] }>(
      await s.req('GET', s.api(`orders/${order}`)),
    );
    const seat = detail.data.items.find((i) => i.variant_id === reducedVariant)!;
    const byProduct = await expectOk<Refunded>(
      await s.req('POST', s.api('refund-payments'), {
        order_id: order,
        customer_id: customer,
        products: [{ order_item_id: seat.id }],
      }),
    );
    const seatLine = invoice.lines.find((l) => l.tax_percent === '5')!;
    expect(byProduct.data.refunds[0]!.invoice.gross).toBe(`-${seatLine.gross}`);
    await expectOk(await s.req('POST', s.api('refund-payments'), { order_id: order, amount: '5.00' }));
    const refunded = cents(seatLine.gross) + 500;
    expect(refundsAtStripe(pi).map((r) => r.amount)).toEqual([cents(seatLine.gross), 500]);
    expect(await money(order)).toEqual({
      refunded: (refunded / 100).toFixed(2),
      revenue: ((cents(invoice.gross) - refunded) / 100).toFixed(2),
    });
    const refusals = await Promise.all([
      s.req('POST', s.api('refund-payments'), { full_refund: true }),
      s.req('POST', s.api('refund-payments'), { order_id: order }),
      s.req('POST', s.api('refund-payments'), { order_id: order, full_refund: true, cumulated_items: [1] }),
      s.req('POST', s.api('refund-payments'), {
        order_id: order,
        customer_id: customer + 1,
        full_refund: true,
      }),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([422, 422, 422, 422]);
    expect(Object.keys(refusals[0]!.json().errors)).toEqual(['order_id']);
    expect(refusals[1]!.json().errors.amount).toEqual([MESSAGES.refundModeRequired]);
    expect(refusals[2]!.json().errors.cumulated_items).toEqual([MESSAGES.refundCumulatedUnavailable]);
    expect(refusals[3]!.json().errors.customer_id).toEqual([MESSAGES.refundCustomerMismatch]);
  });

  it('cancel with refunded refunds what the order paid; without, nothing moves', async () => {
    const { order, invoice, pi } = await paidOrder();
    const cancelled = await expectOk<{ status: string }>(
      await s.req(
        'POST',
        s.api(`orders/${order}/cancel`),
        { refunded: true, reason: 'Customer changed their mind' },
        `cancel-${order}`,
      ),
    );
    expect(cancelled).toMatchObject({ status: true, message: MESSAGES.orderCancelled });
    expect(cancelled.data.status).toBe('cancelled');
    expect(refundsAtStripe(pi).map((r) => r.amount)).toEqual([cents(invoice.gross)]);
    expect(await money(order)).toEqual({ refunded: invoice.gross, revenue: '0.00' });
    const other = await paidOrder();
    await expectOk(await s.req('POST', s.api(`orders/${other.order}/cancel`), { refunded: false }));
    expect(refundsAtStripe(other.pi)).toEqual([]);
  });

  it("another company's invoice, order and refunded amounts are 404s", async () => {
    const { order, invoice } = await paidOrder();
    const company = await createCompany(h.database, { name: 'Elsewhere', currency: 'EUR' });
    const stranger = await createUser(h, { company, role: 'owner' });
    const api = (p: string) => `/api/${company.id}/rentloopdb/${p}`;
    const asks = [
      call(h.app, stranger, {
        method: 'POST',
        url: api(`invoices/${invoice.id}/refund`),
        payload: { full_refund: true },
      }),
      call(h.app, stranger, {
        method: 'POST',
        url: api('refund-payments'),
        payload: { order_id: order, full_refund: true },
      }),
      call(h.app, stranger, {
        method: 'POST',
        url: api(`orders/${order}/cancel`),
        payload: { refunded: true },
      }),
      call(h.app, stranger, { method: 'GET', url: api(`orders/${order}/refunded-amount`) }),
    ];
    expect((await Promise.all(asks)).map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await s.req('GET', s.api(`invoices/${invoice.id}`))).json().data.refunded_amount).toBe('0.00');
  });
});

describe('the ceiling', () => {
  it('random refunds never exceed what was paid; every total is the sum of its lines', async () => {
    const op = fc.oneof(
      fc.record({ amount: fc.integer({ min: 1, max: 9000 }) }),
      fc.record({ position: fc.integer({ min: 1, max: 2 }), quantity: fc.integer({ min: 1, max: 2 }) }),
      fc.constant({ full: true }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 4 }), async (ops) => {
        const { order, invoice, pi } = await paidOrder(true);
        const url = s.api(`invoices/${invoice.id}/refund`);
        const answers = await Promise.all(
          ops.map((o) =>
            s.req(
              'POST',
              url,
              'full' in o
                ? { full_refund: true }
                : 'amount' in o
                  ? { amount: (o.amount / 100).toFixed(2) }
                  : { items: [{ position: o.position, quantity: o.quantity }] },
            ),
          ),
        );
        for (const a of answers) expect([200, 409, 422]).toContain(a.statusCode);
        const given = refundsAtStripe(pi).reduce((t, r) => t + Number(r.amount), 0);
        expect(given).toBeLessThanOrEqual(cents(invoice.gross));
        expect(cents((await money(order)).refunded)).toBe(given);
        const docs = await expectOk<Inv[]>(await s.req('GET', s.api(`invoices?order_id=${order}`)));
        for (const d of docs.data) {
          const sum = (k: 'net' | 'tax' | 'gross') => d.lines.reduce((t, l) => t + cents(l[k as 'gross']), 0);
          expect([sum('net'), sum('tax'), sum('gross')]).toEqual([
            cents(d.net),
            cents(d.tax),
            cents(d.gross),
          ]);
          expect(d.tax_breakdown.reduce((t, b) => t + cents(b.gross), 0)).toBe(cents(d.gross));
        }
      }),
      { numRuns: process.env.CI ? 3 : 6 },
    );
  });

  it('the deferred trigger refuses a refund attempt beyond what was paid, written past the service', async () => {
    const { invoice } = await paidOrder();
    const first = await expectOk<Refunded>(
      await s.req('POST', s.api(`invoices/${invoice.id}/refund`), { amount: '1.00' }),
    );
    const refund = first.data.refunds[0]!.invoice;
    const customerId = await customerOf(refund.id);
    const write = () =>
      h.database.primary.transaction(async (tx) => {
        await tx.insert(transactions).values({
          company_id: s.cid,
          kind: 'refund',
          invoice_id: refund.id,
          customer_id: customerId,
          attempt_no: 2,
          provider_key: `rl:${s.cid}:inv${refund.id}:2`,
          gateway: 'stripe',
          state: 'processing',
          amount: BigInt(cents(invoice.gross)),
          currency: 'EUR',
        });
      });
    const refused = await write().then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlStateOf(refused)).toBe('RL003');
  });
});

async function customerOf(invoiceId: number): Promise<number> {
  const [row] = await h.database.primary
    .select({ customer_id: invoices.customer_id })
    .from(invoices)
    .where(and(eq(invoices.company_id, s.cid), eq(invoices.id, invoiceId)));
  return row!.customer_id;
}
