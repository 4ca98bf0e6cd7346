/**
 * A cancelled unpaid invoice is no longer collected (corrections.ts, docs/decisions.md 41): its recurring
 * payment becomes cancelled, its dunning ends, and the retries' days pass without another charge.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { dunnings, recurringPayments } from '../../db/schema/index.ts';
import { useHarness } from '../../testing/harness.ts';
import { dueRecurringPayment, dunningCompany, scriptedStripe } from '../dunning/dunning.testing.ts';

const wall = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock: wall });
const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length > 0) restores.pop()?.();
});

describe('cancelling a recurring payment’s unpaid invoice', () => {
  it('stops collecting it: the recurring payment is cancelled, its dunning stopped, no more retries', async () => {
    const c = await dunningCompany(h);
    const gateway = scriptedStripe([{ decline: 'insufficient_funds' }]);
    restores.push(gateway.restore);
    const { subscriptionId } = await c.subscription();
    const { invoiceId, recurringPaymentId } = await dueRecurringPayment(
      h.database,
      c.company.id,
      subscriptionId,
      wall,
    );
    const charged = await c.req('POST', c.api(`invoices/${invoiceId}/charge`), {});
    expect(charged.transaction).toMatchObject({ state: 'failed', decline_class: 'soft' });
    const dunningOf = async () =>
      (
        await h.database.primary
          .select({ status: dunnings.status, next: dunnings.next_attempt_on })
          .from(dunnings)
          .where(eq(dunnings.recurring_payment_id, recurringPaymentId))
      )[0];
    expect((await dunningOf())?.status).toBe('active');

    const made = await c.req('POST', c.api(`invoices/${invoiceId}/cancel`), { regenerate: false }, 201);
    expect(made.cancellation.payment_status).toBe('settled');
    expect(await dunningOf()).toEqual({ status: 'ended', next: null });
    const [rp] = await h.database.primary
      .select({ status: recurringPayments.status })
      .from(recurringPayments)
      .where(eq(recurringPayments.id, recurringPaymentId));
    expect(rp?.status).toBe('cancelled');
    expect((await c.eventsOf('invoice', invoiceId)).map((e) => e.type)).toContain('invoice.cancelled');
    // The days of the retries pass: nothing is charged again.
    await c.advance(5);
    expect(gateway.charges).toHaveLength(1);
  });
});
