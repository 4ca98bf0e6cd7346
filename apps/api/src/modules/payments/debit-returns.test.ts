/**
 * POST transactions/{id}/return-debit: a direct debit collected outside Rentloop (offline gateway) that
 * the bank returned. A soft reason walks the dunning as a card decline does (reminder, retry on the
 * schedule, the retry returned again, then settled: recovered); a hard one is never retried; a repeat
 * with the same Idempotency-Key has one effect; bad reasons are a 422 naming the field, other attempts a
 * 409, another company's attempt a 404.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../context.ts';
import { dunnings, events, invoices, transactions } from '../../db/schema/index.ts';
import { call, createCompany, createUser, useHarness } from '../../testing/harness.ts';
import { dueRecurringPayment, dunningCompany } from '../dunning/dunning.testing.ts';

// Clock advances run every business job day by day: slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });
const wall = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock: wall });

/** A test company with an offline recurring payment charged and settled (the debit booked). */
async function settledDebit(settings: Parameters<typeof dunningCompany>[1] = {}) {
  const c = await dunningCompany(h, settings);
  const { orderId, subscriptionId } = await c.subscription();
  const { invoiceId, recurringPaymentId } = await dueRecurringPayment(
    h.database,
    c.company.id,
    subscriptionId,
    wall,
    'offlinegateway',
  );
  const charged = await c.req('POST', c.api(`invoices/${invoiceId}/charge`), {});
  expect(charged.transaction).toMatchObject({ gateway: 'offlinegateway', state: 'pending' });
  await c.req('POST', c.api(`invoices/${invoiceId}/settle`), { transaction_id: 'SEPA-2026-03-001' });
  const post = (id: number, payload: object, key?: string) =>
    call(h.app, c.staff, {
      method: 'POST',
      url: c.api(`transactions/${id}/return-debit`),
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const invoice = () => c.req('GET', c.api(`invoices/${invoiceId}`));
  const subscription = () => c.req('GET', c.api(`subscriptions/${subscriptionId}`));
  const attempts = () =>
    h.database.primary
      .select()
      .from(transactions)
      .where(and(eq(transactions.company_id, c.company.id), eq(transactions.invoice_id, invoiceId)))
      .orderBy(transactions.id);
  const rp = () => c.req('GET', c.api(`recurring-payments/${recurringPaymentId}`));
  return { ...c, orderId, subscriptionId, invoiceId, post, invoice, subscription, attempts, rp, charged };
}

describe('a returned direct debit', () => {
  it('soft (AM04): unpaid again, dunning retries, a retry returned again, then settled: recovered', async () => {
    const t = await settledDebit();
    const txId = Number(t.charged.transaction.id);
    expect((await t.invoice()).payment_status).toBe('settled');

    const first = await t.post(txId, { reason: 'AM04', message: 'Statement of 12 March' }, 'ret-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('The returned direct debit has been recorded.');
    expect(first.json().data).toMatchObject({
      id: txId,
      state: 'failed',
      settlement: 'failed',
      provider_status: 'chargeback',
      provider_reference: 'SEPA-2026-03-001',
      decline_code: 'AM04',
      decline_class: 'soft',
      decline_reason: 'credit card denied',
    });
    expect(first.json().data.raw.returned).toMatchObject({
      reason: 'AM04',
      message: 'Statement of 12 March',
    });
    expect((await t.invoice()).payment_status).toBe('failed');
    expect((await t.rp()).status).toBe('failed');
    expect((await t.subscription()).dunning).toMatchObject({
      status: 'active',
      step: 1,
      next_attempt_on: '2026-03-13',
      last_mail_step: 1,
    });
    expect((await t.req('GET', t.api(`orders/${t.orderId}`))).tag).toBe('in dunning');
    expect((await t.mails()).map((m) => m.kind)).toEqual(['payment_failed_1']);

    // The same key again: the first answer, and nothing happens twice.
    const again = await t.post(txId, { reason: 'AM04', message: 'Statement of 12 March' }, 'ret-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await t.mails()).map((m) => m.kind)).toEqual(['payment_failed_1']);
    const [dunning] = await h.database.primary
      .select()
      .from(dunnings)
      .where(eq(dunnings.company_id, t.company.id));
    const retryFailed = await h.database.primary
      .select()
      .from(events)
      .where(
        and(
          eq(events.company_id, t.company.id),
          eq(events.object, 'dunning'),
          eq(events.object_id, dunning!.id),
          eq(events.type, 'dunning.retry_failed'),
        ),
      );
    expect(retryFailed).toHaveLength(1);
    // A new key on the now failed attempt: not an offline payment settled or awaiting its money.
    const twice = await t.post(txId, { reason: 'AM04' }, 'ret-2');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'Only an offline payment that was settled or is awaiting its money can be recorded as a returned direct debit.',
    );

    // Day 13: the retry is a new debit on the offline gateway, awaiting its money.
    const days = await t.advance(3);
    expect(days.steps.map((s) => s.ran['dunning-retries'])).toEqual([0, 0, 1]);
    let rows = await t.attempts();
    expect(rows.map((r) => [r.attempt_no, r.state])).toEqual([
      [1, 'failed'],
      [2, 'pending'],
    ]);
    // Returned again before it was booked: the failed SEPA debit's own path, step 2.
    const retry = await t.post(rows[1]!.id, { reason: 'AM04' }, 'ret-3');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ state: 'failed', provider_status: 'processor_declined' });
    expect((await t.subscription()).dunning).toMatchObject({ step: 2, next_attempt_on: '2026-03-17' });
    expect((await t.mails()).map((m) => m.kind)).toEqual(['payment_failed_1', 'payment_failed_2']);

    // Day 17: retry 2, and this time the money stays: staff book it, the invoice is recovered.
    await t.advance(4);
    rows = await t.attempts();
    expect(rows.map((r) => r.state)).toEqual(['failed', 'failed', 'pending']);
    await t.req('POST', t.api(`invoices/${t.invoiceId}/settle`), { transaction_id: 'SEPA-2026-03-044' });
    const invoice = await t.invoice();
    expect(invoice.payment_status).toBe('settled');
    expect(invoice.recovered_at).not.toBeNull();
    expect((await t.subscription()).dunning).toMatchObject({ status: 'recovered', end_action: 'recovered' });
    expect((await t.req('GET', t.api(`orders/${t.orderId}`))).tag).toBeNull();
  });

  it('hard (MD01, no mandate): the payment-method mail, never retried', async () => {
    const t = await settledDebit({ after_last_retry: 'cancel_subscription' });
    const txId = Number(t.charged.transaction.id);
    const res = await t.post(txId, { reason: 'MD01' }, 'hard-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'failed', decline_code: 'MD01', decline_class: 'hard' });
    expect((await t.subscription()).dunning).toMatchObject({
      status: 'ended',
      end_action: 'payment_method_declined',
      next_attempt_on: null,
    });
    expect((await t.mails()).map((m) => m.kind)).toEqual(['payment_method_declined']);
    const days = await t.advance(20);
    expect(days.steps.every((s) => (s.ran['dunning-retries'] ?? 0) === 0)).toBe(true);
    expect(await t.attempts()).toHaveLength(1);
    expect((await t.invoice()).payment_status).toBe('failed');
    // A hard decline is not the end after the last retry: the subscription stays.
    expect((await t.subscription()).status).toBe('active');
  });

  it('422 naming reason, 409 for other attempts and refunded payments, 404 across companies', async () => {
    const t = await settledDebit();
    const txId = Number(t.charged.transaction.id);
    for (const payload of [{ reason: 'XX99' }, {}, { reason: 'AM04', extra: 1 }]) {
      const bad = await t.post(txId, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const bad = await t.post(txId, { reason: 'am04' });
    expect(bad.json().errors.reason).toEqual(['Choose the return reason code the bank gave (e.g. AM04).']);
    expect((await t.invoice()).payment_status).toBe('settled');

    // Another company's staff: the attempt does not exist for them.
    const other = await createCompany(h.database, { currency: 'EUR' });
    const stranger = await createUser(h, { company: other, role: 'admin' });
    const foreign = await call(h.app, stranger, {
      method: 'POST',
      url: `/api/${other.id}/rentloopdb/transactions/${txId}/return-debit`,
      payload: { reason: 'AM04' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.post(999_999_999, { reason: 'AM04' })).statusCode).toBe(404);

    // Refunded (the refund still awaiting the transfer back): a return would leave refunds above paid.
    await t.req('POST', t.api(`invoices/${t.invoiceId}/refund`), { amount: '10.00' });
    const refunded = await t.post(txId, { reason: 'AM04' });
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().message).toContain('refunded');
    // The refund attempt itself is not a charge.
    const [refund] = await h.database.primary
      .select()
      .from(transactions)
      .where(and(eq(transactions.company_id, t.company.id), eq(transactions.kind, 'refund')));
    expect((await t.post(refund!.id, { reason: 'AM04' })).statusCode).toBe(409);
    const [row] = await h.database.primary.select().from(invoices).where(eq(invoices.id, t.invoiceId));
    expect(row!.payment_status).toBe('settled');
  });
});
