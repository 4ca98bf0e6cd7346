/**
 * The month's close of cumulated invoices (business job `cumulated-invoices-close`, run every business
 * day after the billing run, on the company's clock; shared/BILLING.md "Cumulated invoices"). Safe to run
 * again for the same day: every step works only on what is not done yet, under the period's row lock.
 *
 * - A collective period whose month has ended: its one invoice (type `cumulated invoice`, one VAT
 *   breakdown, issued through invoices/issue.ts with a gapless invoice number) in one transaction
 *   (`open → invoiced`); then its charge is started (`invoiced → closed`, the attempt `processing`),
 *   the gateway called outside any transaction and the answer recorded, as the billing run does. A
 *   charge that cannot start (no payment method) is noted on the period and left to staff.
 * - A customer in statement mode gets a statement of the month just ended, listing the month's issued
 *   invoices, unless the month has a period already (a collective one: never both), or had no invoice.
 *   Its number is taken last in its transaction (gapless); its PDF is made after, outside it.
 */
import { previousMonthOf, type StoredStatementEntry } from '@rentloop/domain/cumulated-invoices';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx, Transact } from '../../context.ts';
import {
  cumulatedInvoices,
  cumulatedItems,
  customers,
  invoices,
  orders,
  recurringPayments,
  subscriptions,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { escapeHtml } from '../../integrations/email/templates.ts';
import { takeInvoiceNumbers } from '../../numbering.ts';
import { recordEvent } from '../events/service.ts';
import { templateLanguageOf } from '../invoices/document.ts';
import { defaultGateway, type InvoiceDraft, issueInvoice } from '../invoices/issue.ts';
import { callGateway, recordOutcome, startCharge } from '../payments/charge.ts';
import { renderStatementHtml, renderStatementPdf, type StatementInput } from './statement.ts';

const same = (ctx: Ctx) => eq(cumulatedInvoices.company_id, ctx.companyId);
const periodRow = (ctx: Ctx, id: number) =>
  ctx.db
    .select()
    .from(cumulatedInvoices)
    .where(and(same(ctx), eq(cumulatedInvoices.id, id)))
    .for('update');

/** Issues the collective invoice of an open period (locked); answers whether it did. */
async function issueCollective(ctx: Ctx, id: number): Promise<boolean> {
  const [period] = await periodRow(ctx, id);
  if (period?.status !== 'open') return false;
  const items = await ctx.db
    .select({ rp: recurringPayments, sub: subscriptions })
    .from(cumulatedItems)
    .innerJoin(
      recurringPayments,
      and(
        eq(recurringPayments.company_id, cumulatedItems.company_id),
        eq(recurringPayments.id, cumulatedItems.recurring_payment_id),
      ),
    )
    .innerJoin(
      subscriptions,
      and(
        eq(subscriptions.company_id, recurringPayments.company_id),
        eq(subscriptions.id, recurringPayments.subscription_id),
      ),
    )
    .where(and(eq(cumulatedItems.company_id, ctx.companyId), eq(cumulatedItems.cumulated_invoice_id, id)))
    .orderBy(asc(cumulatedItems.id));
  const first = items[0];
  const [order] = first
    ? await ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.company_id, ctx.companyId), eq(orders.id, first.rp.order_id)))
    : [];
  const now = ctx.clock.now().toISOString();
  if (!first || !order) {
    await ctx.db
      .update(cumulatedInvoices)
      .set({ status: 'closed', closed_at: now, updated_at: now })
      .where(and(same(ctx), eq(cumulatedInvoices.id, id)));
    return false;
  }
  const [initial] = await ctx.db
    .select({ gateway: invoices.gateway })
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, ctx.companyId),
        eq(invoices.order_id, order.id),
        eq(invoices.type, 'initial'),
      ),
    );
  // One line per collected charge, priced exactly as its own invoice would have been (recurring-payments/invoice.ts).
  const lines: InvoiceDraft['lines'] = items.map(({ rp, sub }) => ({
    description: sub.variant_name ? `${sub.product_name} – ${sub.variant_name}` : sub.product_name,
    quantity: sub.quantity,
    unit_amount: sub.price,
    discount: sub.price * BigInt(sub.quantity) - rp.amount,
    amount: rp.amount,
    tax_percent: String(Number(sub.tax_percent)),
    order_item_id: sub.order_item_id,
    subscription_id: sub.id,
    period_start: rp.period_start,
    period_end: rp.period_end,
  }));
  const invoiceId = await issueInvoice(ctx, {
    type: 'cumulated invoice',
    customerId: period.customer_id,
    buyer: { name: order.customer_name, email: order.customer_email, address: order.billing_address ?? null },
    gateway: initial?.gateway ?? (await defaultGateway(ctx)),
    rule: period.tax_rule ?? 'gross_prices',
    lines,
    orderId: null,
    subscriptionId: null,
    recurringPaymentId: null,
  });
  const [invoice] = await ctx.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, invoiceId)));
  await ctx.db
    .update(cumulatedInvoices)
    .set({ status: 'invoiced', invoice_id: invoiceId, number: invoice?.number ?? null, updated_at: now })
    .where(and(same(ctx), eq(cumulatedInvoices.id, id)));
  return true;
}

/** Starts the collective invoice's one charge (the period locked), unless started before. */
async function startCollectiveCharge(ctx: Ctx, id: number) {
  const [period] = await periodRow(ctx, id);
  if (period?.status !== 'invoiced' || period.invoice_id === null) return null;
  const invoiceId = period.invoice_id;
  const now = ctx.clock.now().toISOString();
  let started: Awaited<ReturnType<typeof startCharge>> | null = null;
  let error: string | null = null;
  try {
    // A savepoint: a refused start leaves nothing of itself behind.
    started = await ctx.db.transaction((sp) => startCharge({ ...ctx, db: sp }, invoiceId));
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    error = e.message;
  }
  await ctx.db
    .update(cumulatedInvoices)
    .set({ status: 'closed', charge_error: error, closed_at: now, updated_at: now })
    .where(and(same(ctx), eq(cumulatedInvoices.id, id)));
  return started;
}

async function closeCollectives(ctx: Ctx, transact: Transact, today: string): Promise<number> {
  const due = await ctx.db
    .select({ id: cumulatedInvoices.id })
    .from(cumulatedInvoices)
    .where(
      and(
        same(ctx),
        eq(cumulatedInvoices.mode, 'collective'),
        inArray(cumulatedInvoices.status, ['open', 'invoiced']),
        lt(cumulatedInvoices.period_end, today),
      ),
    )
    .orderBy(cumulatedInvoices.id);
  let issued = 0;
  for (const { id } of due) {
    if (await transact((tx) => issueCollective(tx, id))) issued += 1;
    const started = await transact((tx) => startCollectiveCharge(tx, id));
    if (!started) continue;
    // Outside any transaction; a crash here leaves the attempt `processing` for the reconciliation.
    const outcome = await callGateway(ctx, started.attempt, started.method);
    await transact((tx) => recordOutcome(tx, started.attempt.id, outcome));
  }
  return issued;
}

/** Makes one customer's statement of `month` in the caller's transaction; answers its id, or null. */
async function makeStatement(
  ctx: Ctx,
  customer: typeof customers.$inferSelect,
  month: { start: string; end: string },
  today: string,
): Promise<number | null> {
  const listed = await ctx.db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, ctx.companyId),
        eq(invoices.customer_id, customer.id),
        eq(invoices.status, 'issued'),
        gte(invoices.issue_date, month.start),
        lte(invoices.issue_date, month.end),
      ),
    )
    .orderBy(asc(invoices.issue_date), asc(invoices.id));
  if (listed.length === 0) return null;
  const entries: StoredStatementEntry[] = listed.map((i) => ({
    invoice_id: i.id,
    number: i.number ?? '',
    type: i.type,
    issue_date: i.issue_date ?? '',
    gross: String(i.gross),
  }));
  const total = listed.reduce((sum, i) => sum + i.gross, 0n);
  const now = ctx.clock.now().toISOString();
  // The row first (the month's one period: a collective one already there wins), then the number.
  const [row] = await ctx.db
    .insert(cumulatedInvoices)
    .values({
      company_id: ctx.companyId,
      customer_id: customer.id,
      mode: 'statement',
      period_start: month.start,
      period_end: month.end,
      status: 'closed',
      entries,
      total,
      currency: listed[0]!.currency,
      closed_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing()
    .returning({ id: cumulatedInvoices.id });
  if (!row) return null;
  const input: StatementInput = {
    language: templateLanguageOf(customer.language),
    currency: listed[0]!.currency,
    number: 'RL-STATEMENT-NUMBER-5D2E',
    issueDate: today,
    period: month,
    customer: { id: customer.id, name: customer.name, email: customer.email },
    entries,
    total,
  };
  const html = await renderStatementHtml(ctx, input);
  // Last: the statement series' counter (locked until commit; a rollback gives the number back).
  const prefix = `ST-${today.slice(0, 4)}-`;
  const seq = await takeInvoiceNumbers(ctx, { series: `statement:${prefix}`, prefix, start: 1 }, 1);
  const number = `${prefix}${seq}`;
  await ctx.db
    .update(cumulatedInvoices)
    .set({
      series: `statement:${prefix}`,
      seq,
      number,
      html: html.replaceAll(input.number, escapeHtml(number)),
    })
    .where(and(same(ctx), eq(cumulatedInvoices.id, row.id)));
  await recordEvent(ctx, {
    type: 'cumulated_invoice.statement_made',
    object: 'cumulated_invoice',
    objectId: row.id,
    payload: { number, customer_id: customer.id, total: String(total) },
  });
  return row.id;
}

async function makeStatements(ctx: Ctx, transact: Transact, today: string): Promise<number> {
  const month = previousMonthOf(today);
  // Statement customers whose month just ended has no period yet.
  const waiting = await ctx.db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.company_id, ctx.companyId),
        eq(customers.cumulated_invoice, 'statement'),
        sql`NOT EXISTS (SELECT 1 FROM ${cumulatedInvoices} c WHERE c.company_id = ${customers.company_id}
              AND c.customer_id = ${customers.id} AND c.period_start = ${month.start})`,
      ),
    )
    .orderBy(customers.id);
  let made = 0;
  for (const customer of waiting)
    if (await transact((tx) => makeStatement(tx, customer, month, today))) made += 1;
  return made;
}

/** Renders and stores the PDF of every statement that has none yet (after its transaction, or a crash). */
async function statementPdfs(ctx: Ctx, transact: Transact): Promise<void> {
  const rows = await ctx.db
    .select({ row: cumulatedInvoices, customer: customers })
    .from(cumulatedInvoices)
    .innerJoin(
      customers,
      and(
        eq(customers.company_id, cumulatedInvoices.company_id),
        eq(customers.id, cumulatedInvoices.customer_id),
      ),
    )
    .where(
      and(
        same(ctx),
        eq(cumulatedInvoices.mode, 'statement'),
        isNotNull(cumulatedInvoices.number),
        isNull(cumulatedInvoices.pdf),
      ),
    );
  for (const { row, customer } of rows) {
    const pdf = await renderStatementPdf(ctx, {
      language: templateLanguageOf(customer.language),
      currency: row.currency,
      number: row.number!,
      issueDate: (row.closed_at ?? row.created_at).slice(0, 10),
      period: { start: row.period_start, end: row.period_end },
      customer: { id: customer.id, name: customer.name, email: customer.email },
      entries: row.entries,
      total: row.total,
    });
    await transact((tx) =>
      tx.db
        .update(cumulatedInvoices)
        .set({ pdf })
        .where(and(same(tx), eq(cumulatedInvoices.id, row.id), isNull(cumulatedInvoices.pdf))),
    );
  }
}

/** The business job: answers how many documents it made (collective invoices and statements). */
export async function closeCumulatedPeriods(ctx: Ctx, transact: Transact): Promise<number> {
  const today = await companyToday(ctx);
  const issued = await closeCollectives(ctx, transact, today);
  const made = await makeStatements(ctx, transact, today);
  await statementPdfs(ctx, transact);
  return issued + made;
}
