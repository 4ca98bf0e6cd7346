/**
 * Dunning end to end: a recurring payment's invoice charged on a scripted Stripe that answers with
 * Stripe's real decline codes, then the test company's clock advanced day by day through the operators'
 * route, which runs the business jobs (`dunning-retries` among them) as time passing would. Soft
 * declines walk the schedule with one reminder per step and end as configured; a later success
 * recovers; a stolen card is never retried; technical failures start nothing.
 */
import { DUNNING_TEXTS } from '@rentloop/domain/dunning';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../context.ts';
import { invoices, transactions } from '../../db/schema/index.ts';
import { useHarness } from '../../testing/harness.ts';
import { type Answer, dueRecurringPayment, dunningCompany, scriptedStripe } from './dunning.testing.ts';

// Clock advances run every business job day by day: slow on a loaded machine (CI runs suites side by side).
vi.setConfig({ testTimeout: 120_000 });
const wall = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock: wall });
const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length > 0) restores.pop()?.();
});

const soft = { decline: 'insufficient_funds' } as const;
const declined = { decline: 'generic_decline' } as const;

/** A company with the settings given, one subscription whose due payment was charged once with `script`. */
async function firstFailure(script: Answer[], settings: Parameters<typeof dunningCompany>[1] = {}) {
  const c = await dunningCompany(h, settings);
  const gateway = scriptedStripe(script);
  restores.push(gateway.restore);
  const { orderId, subscriptionId } = await c.subscription();
  const { invoiceId } = await dueRecurringPayment(h.database, c.company.id, subscriptionId, wall);
  const charged = await c.req('POST', c.api(`invoices/${invoiceId}/charge`), {});
  const detail = async () => ({
    subscription: await c.req('GET', c.api(`subscriptions/${subscriptionId}`)),
    order: await c.req('GET', c.api(`orders/${orderId}`)),
  });
  return { ...c, gateway, orderId, subscriptionId, invoiceId, charged, detail };
}

describe('a soft decline', () => {
  it('is retried on the schedule with one reminder per step, then the subscription is cancelled', async () => {
    const t = await firstFailure([soft], { after_last_retry: 'cancel_subscription' });
    expect(t.charged.transaction).toMatchObject({ state: 'failed', decline_class: 'soft' });
    let { subscription, order } = await t.detail();
    expect(subscription.dunning).toMatchObject({
      status: 'active',
      step: 1,
      max_steps: 3,
      next_attempt_on: '2026-03-13',
      last_mail_step: 1,
      end_action: null,
      invoice_id: t.invoiceId,
    });
    expect(order.dunning).toEqual(subscription.dunning);
    expect(order.tag).toBe('in dunning');
    const first = await t.mails();
    expect(first.map((m) => m.kind)).toEqual(['payment_failed_1']);
    expect(first[0]!.to).toBe(t.customer.email);
    // The reminder names the amount, the invoice, the retry date as the company writes dates, and the link.
    expect(first[0]!.body).toContain('13.03.2026');
    expect(first[0]!.body).toContain('33.33');
    expect(first[0]!.body).toContain('https://shop.example.com/account');

    // Days 11 and 12: nothing is due. Day 13: retry 1 fails, step 2, the second reminder.
    const days = await t.advance(3);
    expect(days.steps.map((s) => s.ran['dunning-retries'])).toEqual([0, 0, 1]);
    ({ subscription } = await t.detail());
    expect(subscription.dunning).toMatchObject({ step: 2, next_attempt_on: '2026-03-17', last_mail_step: 2 });
    await t.advance(4);
    ({ subscription } = await t.detail());
    expect(subscription.dunning).toMatchObject({ step: 3, next_attempt_on: '2026-03-24', last_mail_step: 3 });
    expect(t.gateway.charges).toHaveLength(3);

    // Day 24: the last retry fails: the configured end, atomic with its events.
    await t.advance(7);
    ({ subscription, order } = await t.detail());
    expect(subscription.status).toBe('cancelled');
    expect(subscription.end_reason).toBe(DUNNING_TEXTS.subscriptionCancelledReason);
    expect(subscription.next_billing_date).toBeNull();
    expect(subscription.dunning).toMatchObject({
      status: 'ended',
      step: 3,
      next_attempt_on: null,
      end_action: 'cancel_subscription',
    });
    expect(order.tag).toBe('dunning-cancelled');
    const history = await t.req('GET', `/api/${t.company.id}/rentloopdb/order-history?order_id=${t.orderId}`);
    expect(history.map((e: { tag: string | null }) => e.tag)).toEqual(['dunning-cancelled', 'in dunning']);
    expect((await t.eventsOf('dunning', subscription.dunning.id)).map((e) => e.type)).toEqual([
      'dunning.started',
      'dunning.retry_failed',
      'dunning.retry_failed',
      'dunning.retry_failed',
      'dunning.ended',
    ]);
    // Every attempt is a new one with its own key; every reminder went once.
    expect(new Set(t.gateway.charges).size).toBe(4);
    expect((await t.mails()).map((m) => m.kind)).toEqual([
      'payment_failed_1',
      'payment_failed_2',
      'payment_failed_3',
    ]);
    expect((await t.mails())[2]!.subject).toMatch(/^Last reminder/);

    // Time goes on: nothing more is charged or mailed.
    await t.advance(20);
    expect(t.gateway.charges).toHaveLength(4);
    expect(await t.mails()).toHaveLength(3);
  });

  it('recovers when a retry succeeds: the tag is taken off, the invoice marked recovered', async () => {
    const t = await firstFailure([declined, soft, 'succeeded']);
    await t.advance(3);
    expect((await t.detail()).subscription.dunning).toMatchObject({ status: 'active', step: 2 });
    await t.advance(4);
    const { subscription, order } = await t.detail();
    expect(subscription.status).toBe('active');
    expect(subscription.dunning).toMatchObject({
      status: 'recovered',
      step: 2,
      next_attempt_on: null,
      end_action: 'recovered',
    });
    expect(order.tag).toBeNull();
    const history = await t.req('GET', `/api/${t.company.id}/rentloopdb/order-history?order_id=${t.orderId}`);
    expect(history.map((e: { tag: string | null }) => e.tag)).toEqual([null, 'in dunning']);
    const invoice = await t.req('GET', t.api(`invoices/${t.invoiceId}`));
    expect(invoice.payment_status).toBe('settled');
    expect(invoice.recovered_at).toBe('2026-03-17T10:00:00.000Z');
    expect(order.payment_status).not.toBe('payment_pending');
    await t.advance(10);
    expect(t.gateway.charges).toHaveLength(3);
    expect((await t.mails()).map((m) => m.kind)).toEqual(['payment_failed_1', 'payment_failed_2']);
  });

  it('hands over to debt collection once, or leaves it to staff, as the settings say', async () => {
    const t = await firstFailure([soft], {
      retry_schedule_days: [2],
      max_retries: 1,
      after_last_retry: 'debt_collection',
    });
    await t.advance(2);
    const { subscription, order } = await t.detail();
    expect(subscription.status).toBe('active');
    expect(subscription.dunning).toMatchObject({ status: 'ended', step: 1, end_action: 'debt_collection' });
    // The money is still owed: the tag stays for staff's lists.
    expect(order.tag).toBe('in dunning');
    const handed = (await t.eventsOf('dunning', subscription.dunning.id)).filter(
      (e) => e.type === 'dunning.handed_to_debt_collection',
    );
    expect(handed).toHaveLength(1);
    expect(handed[0]!.payload).toMatchObject({
      invoice_id: t.invoiceId,
      amount: '33.33',
      currency: 'EUR',
      subscription_id: t.subscriptionId,
    });
    await t.advance(5);
    expect(t.gateway.charges).toHaveLength(2);

    // No retries allowed and "nothing": ended at the first failure, no reminder, staff decide.
    const none = await firstFailure([soft], { max_retries: 0, after_last_retry: 'nothing' });
    const after = await none.detail();
    expect(after.subscription.dunning).toMatchObject({ status: 'ended', step: 0, end_action: 'nothing' });
    expect(after.subscription.status).toBe('active');
    expect(await none.mails()).toEqual([]);
  });

  it('sends no reminder when reminders are off, and still retries', async () => {
    const t = await firstFailure([soft], { dunning_emails: false });
    await t.advance(3);
    expect((await t.detail()).subscription.dunning).toMatchObject({ step: 2, last_mail_step: 0 });
    expect(await t.mails()).toEqual([]);
    expect(t.gateway.charges).toHaveLength(2);
  });
});

describe('a hard decline', () => {
  it('is never retried: the dunning ends at once and the customer is asked for another payment method', async () => {
    const t = await firstFailure([{ decline: 'stolen_card' }]);
    expect(t.charged.transaction).toMatchObject({ decline_class: 'hard', decline_code: 'stolen_card' });
    const { subscription, order } = await t.detail();
    expect(subscription.dunning).toMatchObject({
      status: 'ended',
      step: 0,
      next_attempt_on: null,
      last_mail_step: 0,
      end_action: 'payment_method_declined',
    });
    expect(order.tag).toBeNull();
    await t.advance(20);
    expect(t.gateway.charges).toHaveLength(1);
    const mails = await t.mails();
    expect(mails.map((m) => m.kind)).toEqual(['payment_method_declined']);
    expect(mails[0]!.body).toContain('cannot be charged again');
    expect(mails[0]!.body).not.toContain('try again on');
  });

  it('stops a running dunning: a card reported lost at retry 1 is not retried again', async () => {
    const t = await firstFailure([soft, { decline: 'lost_card' }, soft]);
    await t.advance(10);
    const { subscription } = await t.detail();
    expect(subscription.dunning).toMatchObject({
      status: 'ended',
      step: 1,
      end_action: 'payment_method_declined',
    });
    expect(subscription.status).toBe('active');
    expect(t.gateway.charges).toHaveLength(2);
    expect((await t.mails()).map((m) => m.kind)).toEqual(['payment_failed_1', 'payment_method_declined']);
  });
});

describe('a technical failure', () => {
  it('starts no dunning and mails nobody: a lost answer, a processor error', async () => {
    const lost = await firstFailure(['throw']);
    expect(lost.charged.transaction.state).toBe('unknown');
    const processor = await firstFailure([{ code: 'processing_error' }]);
    expect(processor.charged.transaction).toMatchObject({ state: 'failed', decline_class: 'technical' });
    for (const t of [lost, processor]) {
      expect((await t.detail()).subscription.dunning).toBeNull();
      expect((await t.detail()).order.tag).toBeNull();
      expect(await t.mails()).toEqual([]);
    }
    await processor.advance(5);
    expect(processor.gateway.charges).toHaveLength(1);
    const [attempt] = await h.database.primary
      .select({ state: transactions.state })
      .from(transactions)
      .where(and(eq(transactions.company_id, lost.company.id), eq(transactions.invoice_id, lost.invoiceId)));
    // Left to the reconciliation, which resolves unknown attempts.
    expect(attempt?.state).toBe('unknown');
    const [invoice] = await h.database.primary
      .select({ recovered_at: invoices.recovered_at })
      .from(invoices)
      .where(eq(invoices.id, processor.invoiceId));
    expect(invoice?.recovered_at).toBeNull();
  });
});
