/**
 * The billing run's seam for collective invoices (docs/decisions.md, "Cumulated invoices"): a recurring
 * payment of a customer in `collective` mode is not invoiced and charged on its own. In the run's
 * transaction, with the payment's row locked, it is recorded against the customer's open collective
 * period of the company's current month (opened by its first charge) and moves to `charging`: its money
 * is now asked for by the period's invoice, issued and charged once at the month's end (close.ts). The
 * payment then follows that invoice's payment (payments/charge.ts, `paymentsOfInvoice`).
 *
 * A charge the period cannot take is invoiced alone as before: the customer is not (or no longer) in
 * collective mode, the month already closed, or the charge was priced by another tax rule than the
 * period's (one invoice states one rule; a company prices every order the same way in practice).
 */
import { monthOf } from '@rentloop/domain/cumulated-invoices';
import type { TaxRule } from '@rentloop/domain/invoice-tax';
import { and, eq, sql } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import {
  cumulatedInvoices,
  cumulatedItems,
  customers,
  orderItems,
  type recurringPayments,
} from '../../db/schema/index.ts';
import { companyCurrency } from '../../money.ts';
import { recordEvent } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { orderTaxRule } from '../invoices/issue.ts';
import { recurringPaymentMachine } from '../invoices/machine.ts';

type RecurringRow = typeof recurringPayments.$inferSelect;

/** How the payment's order was priced: the rule its own invoice would have used. */
async function ruleOf(ctx: Ctx, rp: RecurringRow): Promise<TaxRule> {
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, rp.order_id)));
  return orderTaxRule(items);
}

/**
 * Collects `rp` (locked by the caller) into its customer's collective period when the customer is in
 * collective mode; answers whether it did. Nothing is invoiced or charged here.
 */
export async function collectRecurringPayment(ctx: Ctx, rp: RecurringRow): Promise<boolean> {
  const [customer] = await ctx.db
    .select({ mode: customers.cumulated_invoice })
    .from(customers)
    .where(and(eq(customers.company_id, ctx.companyId), eq(customers.id, rp.customer_id)));
  if (customer?.mode !== 'collective') return false;
  const [already] = await ctx.db
    .select({ id: cumulatedItems.id })
    .from(cumulatedItems)
    .where(and(eq(cumulatedItems.company_id, ctx.companyId), eq(cumulatedItems.recurring_payment_id, rp.id)));
  if (already) return true;
  const month = monthOf(await companyToday(ctx));
  const rule = await ruleOf(ctx, rp);
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insert(cumulatedInvoices)
    .values({
      company_id: ctx.companyId,
      customer_id: rp.customer_id,
      mode: 'collective',
      period_start: month.start,
      period_end: month.end,
      status: 'open',
      tax_rule: rule,
      currency: await companyCurrency(ctx),
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing();
  // The period row is locked: the month's close waits for the charges being collected, and the other way.
  const [period] = await ctx.db
    .select()
    .from(cumulatedInvoices)
    .where(
      and(
        eq(cumulatedInvoices.company_id, ctx.companyId),
        eq(cumulatedInvoices.customer_id, rp.customer_id),
        eq(cumulatedInvoices.period_start, month.start),
      ),
    )
    .for('update');
  if (period?.mode !== 'collective' || period.status !== 'open' || period.tax_rule !== rule) return false;
  await ctx.db.insert(cumulatedItems).values({
    company_id: ctx.companyId,
    cumulated_invoice_id: period.id,
    recurring_payment_id: rp.id,
    amount: rp.amount,
    created_at: now,
  });
  await ctx.db
    .update(cumulatedInvoices)
    .set({ total: sql`${cumulatedInvoices.total} + ${rp.amount}`, updated_at: now })
    .where(and(eq(cumulatedInvoices.company_id, ctx.companyId), eq(cumulatedInvoices.id, period.id)));
  await transition(ctx, recurringPaymentMachine, rp.id, 'charge', { guard: { due: true } });
  await recordEvent(ctx, {
    type: 'recurring_payment.collected',
    object: 'recurring_payment',
    objectId: rp.id,
    payload: { cumulated_invoice: period.id, amount: String(rp.amount) },
  });
  return true;
}

/**
 * The recurring payments an invoice's payment moves: its own, or, for a collective invoice, every
 * payment its period collected.
 */
export async function paymentsOfInvoice(
  ctx: Ctx,
  invoice: { id: number; type: string; recurring_payment_id: number | null },
): Promise<number[]> {
  if (invoice.recurring_payment_id !== null) return [invoice.recurring_payment_id];
  if (invoice.type !== 'cumulated invoice') return [];
  const rows = await ctx.db
    .select({ id: cumulatedItems.recurring_payment_id })
    .from(cumulatedItems)
    .innerJoin(
      cumulatedInvoices,
      and(
        eq(cumulatedInvoices.company_id, cumulatedItems.company_id),
        eq(cumulatedInvoices.id, cumulatedItems.cumulated_invoice_id),
      ),
    )
    .where(and(eq(cumulatedInvoices.company_id, ctx.companyId), eq(cumulatedInvoices.invoice_id, invoice.id)))
    .orderBy(cumulatedItems.id);
  return rows.map((r) => r.id);
}
