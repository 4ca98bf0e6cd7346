/**
 * Cancellation and replacement invoices (spec 01 §7 "Invoices": cancellation-html, cancel, edit;
 * shared/BILLING.md "Corrections"; docs/decisions.md "Cancellation and replacement invoices").
 *
 * A cancellation is issued through the one issue path (issue.ts: gapless number, HTML, PDF job, SHA)
 * with its original's lines and VAT breakdown negated, never recomputed (`negateInvoiceTax`). At most
 * one per original: the chain rule (packages/domain invoice-corrections.ts) under the original's row lock,
 * and the partial unique index `invoices_cancellation_original_key` (migration 0042) as the last guard.
 * With `regenerate` a replacement draft (no number) copies the original; `PUT edit` writes its buyer
 * and lines and issues it, the figures computed by `invoiceTax` from the lines.
 *
 * Payment effects: an original cancelled unpaid is no longer collected (charge and settle refuse it; its
 * recurring payment becomes cancelled and its dunning stops), and its cancellation starts `settled`
 * (nothing flows). An original cancelled after it was paid keeps its payment; its cancellation starts
 * `not settled`: the customer's credit, returned by a refund or offset by staff against the replacement.
 */

import {
  CORRECTION_TEXTS,
  cancellationRefusal,
  editRefusal,
  type InvoiceCancelInput,
  type InvoiceEditInput,
} from '@rentloop/domain/invoice-corrections';
import { type InvoiceTax, negateInvoiceTax } from '@rentloop/domain/invoice-tax';
import { OPEN_TRANSACTION_STATES } from '@rentloop/domain/payments';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { dunnings, invoices, recurringPayments, transactions } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { toMinor } from '../../money.ts';
import { dunningMachine } from '../dunning/machine.ts';
import { recordEvent } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { type InvoiceDraft, issueInvoice, previewInvoiceHtml } from './issue.ts';
import { recurringPaymentMachine } from './machine.ts';
import { invoiceRow } from './records.ts';

type InvoiceRow = typeof invoices.$inferSelect;

/** The corrections pointing at an invoice and its open attempts: what the chain rule reads. */
async function correctionFacts(ctx: Ctx, row: InvoiceRow) {
  const pointing = await ctx.db
    .select({ id: invoices.id, type: invoices.type })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.original_invoice_id, row.id)));
  const [open] = await ctx.db
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(transactions.invoice_id, row.id),
        inArray(transactions.state, [...OPEN_TRANSACTION_STATES]),
      ),
    );
  return {
    status: row.status,
    type: row.type,
    cancelled: pointing.some((p) => p.type === 'cancellation'),
    refunds: pointing.filter((p) => p.type !== 'cancellation' && p.type !== 'replacement').length,
    open_attempts: Number(open?.n ?? 0),
  };
}

/** What the payment machine's guards read about corrections: cancelled (no longer collected), a credit. */
export async function collectionFacts(
  ctx: Ctx,
  row: Pick<InvoiceRow, 'id' | 'type'>,
): Promise<{ cancelled: boolean; credit: boolean }> {
  const [c] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, ctx.companyId),
        eq(invoices.original_invoice_id, row.id),
        eq(invoices.type, 'cancellation'),
      ),
    );
  // A cancellation is a credit, never collected. A refund invoice is not one here: its own refund attempt
  // moves it, and staff settle it while an offline refund waits for the money to go out (refunds.ts);
  // charging it is refused by its negative total (charge.ts).
  return { cancelled: c !== undefined, credit: row.type === 'cancellation' };
}

/** The actions of the corrections staff may start on `row` now (GET invoices/{id}/actions). */
export async function correctionActions(ctx: Ctx, row: InvoiceRow): Promise<('cancel' | 'edit')[]> {
  if (editRefusal(row) === null) return ['edit'];
  return cancellationRefusal(await correctionFacts(ctx, row)) === null ? ['cancel'] : [];
}

/** The stored figures of an issued invoice as the tax function's answer (to be mirrored). */
function storedTax(row: InvoiceRow): InvoiceTax {
  const amounts = (a: { net: string; tax: string; gross: string }) => ({
    net: BigInt(a.net),
    tax: BigInt(a.tax),
    gross: BigInt(a.gross),
  });
  const totals = { net: row.net, tax: row.tax, gross: row.gross };
  return {
    rule: row.tax_rule,
    lines: row.lines.map(amounts),
    breakdown: row.tax_breakdown.map((b) => ({ tax_percent: b.tax_percent, ...amounts(b) })),
    totals,
    amount_due: totals.gross,
  };
}

/** The cancellation of `row`: its buyer, links and every line, figures negated (never recomputed). */
function cancellationDraft(row: InvoiceRow): InvoiceDraft {
  const gross = row.tax_rule === 'gross_prices';
  return {
    type: 'cancellation',
    customerId: row.customer_id,
    buyer: row.customer,
    gateway: row.gateway,
    rule: row.tax_rule,
    lines: row.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit_amount: -BigInt(l.unit_amount),
      discount: -BigInt(l.discount),
      amount: -BigInt(gross ? l.gross : l.net),
      tax_percent: l.tax_percent,
      order_item_id: l.order_item_id,
      subscription_id: l.subscription_id,
      period_start: l.period_start,
      period_end: l.period_end,
    })),
    tax: negateInvoiceTax(storedTax(row)),
    orderId: row.order_id,
    subscriptionId: row.subscription_id,
    // Not the recurring payment's: "the invoice of a recurring payment" stays its original.
    recurringPaymentId: null,
    original: { id: row.id, number: row.number ?? '', issueDate: row.issue_date ?? '' },
  };
}

async function refuseCancellation(ctx: Ctx, row: InvoiceRow): Promise<void> {
  const refusal = cancellationRefusal(await correctionFacts(ctx, row));
  if (refusal) throw new AppError('conflict', refusal);
}

/** GET invoices/{id}/cancellation-html: the cancellation as it would be issued now (number not taken). */
export async function cancellationHtml(ctx: Ctx, id: number): Promise<string> {
  const row = await invoiceRow(ctx, id);
  await refuseCancellation(ctx, row);
  return previewInvoiceHtml(ctx, cancellationDraft(row));
}

/** An unpaid original is no longer collected: its recurring payment is void, its dunning stopped. */
async function stopCollecting(ctx: Ctx, row: InvoiceRow): Promise<void> {
  if (row.recurring_payment_id === null) return;
  const [rp] = await ctx.db
    .select({ status: recurringPayments.status })
    .from(recurringPayments)
    .where(
      and(
        eq(recurringPayments.company_id, ctx.companyId),
        eq(recurringPayments.id, row.recurring_payment_id),
      ),
    );
  if (rp && ['failed', 'parked', 'pending'].includes(rp.status))
    await transition(ctx, recurringPaymentMachine, row.recurring_payment_id, 'void', {
      guard: { due: true },
      payload: { invoice_id: row.id },
    });
  const [dunning] = await ctx.db
    .select({ id: dunnings.id })
    .from(dunnings)
    .where(
      and(
        eq(dunnings.company_id, ctx.companyId),
        eq(dunnings.recurring_payment_id, row.recurring_payment_id),
        eq(dunnings.status, 'active'),
      ),
    );
  if (dunning)
    await transition(ctx, dunningMachine, dunning.id, 'stop', {
      guard: undefined,
      set: { next_attempt_on: null, ended_at: ctx.clock.now().toISOString() },
      payload: { invoice_id: row.id },
    });
}

/** The replacement draft of `row`: a copy, unnumbered, that staff edit and then issue. */
async function createReplacementDraft(ctx: Ctx, row: InvoiceRow): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const [draft] = await ctx.db
    .insert(invoices)
    .values({
      company_id: ctx.companyId,
      status: 'draft',
      type: 'replacement',
      series: row.series,
      currency: row.currency,
      language: row.language,
      customer_id: row.customer_id,
      customer: row.customer,
      seller: row.seller,
      lines: row.lines,
      tax_rule: row.tax_rule,
      tax_breakdown: row.tax_breakdown,
      net: row.net,
      tax: row.tax,
      gross: row.gross,
      payment_status: 'not settled',
      gateway: row.gateway,
      order_id: row.order_id,
      subscription_id: row.subscription_id,
      original_invoice_id: row.id,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: invoices.id });
  if (!draft) throw new Error('The replacement was not written.');
  await recordEvent(ctx, {
    type: 'invoice.replacement_drafted',
    object: 'invoice',
    objectId: draft.id,
    payload: { original_invoice: row.id },
  });
  return draft.id;
}

/**
 * POST invoices/{id}/cancel: issues the cancellation (and, with `regenerate`, drafts the replacement) in
 * the caller's transaction; answers the cancellation's id and the replacement's.
 */
export async function cancelInvoice(
  ctx: Ctx,
  id: number,
  input: InvoiceCancelInput,
): Promise<{ cancellation: number; replacement: number | null }> {
  const row = await invoiceRow(ctx, id, { lock: true });
  await refuseCancellation(ctx, row);
  const paid = row.payment_status === 'settled';
  let cancellation: number;
  try {
    cancellation = await issueInvoice(
      ctx,
      { ...cancellationDraft(row), paymentStatus: paid ? 'not settled' : 'settled' },
      { expectHtml: input.html, expectHtmlMessage: CORRECTION_TEXTS.cancellationPreviewChanged },
    );
  } catch (e) {
    // The index's answer to a race the lock did not see (it cannot, but the database is the last word).
    if (isUniqueViolation(e)) throw new AppError('conflict', CORRECTION_TEXTS.invoiceAlreadyCancelled);
    throw e;
  }
  if (!paid) await stopCollecting(ctx, row);
  const replacement = input.regenerate ? await createReplacementDraft(ctx, row) : null;
  await recordEvent(ctx, {
    type: 'invoice.cancelled',
    object: 'invoice',
    objectId: row.id,
    payload: { cancellation, replacement, was_paid: paid },
  });
  return { cancellation, replacement };
}

/** PUT invoices/{id}/edit: the replacement's buyer and lines written and the replacement issued. */
export async function editReplacement(ctx: Ctx, id: number, input: InvoiceEditInput): Promise<number> {
  const row = await invoiceRow(ctx, id, { lock: true });
  const refusal = editRefusal(row);
  if (refusal) throw new AppError('conflict', refusal);
  const original = row.original_invoice_id === null ? null : await invoiceRow(ctx, row.original_invoice_id);
  const lines: InvoiceDraft['lines'] = input.lines.map((l, i) => {
    const from = l.position === undefined ? undefined : row.lines.find((d) => d.position === l.position);
    if (l.position !== undefined && !from)
      throw invalid(`lines.${i}.position`, 'Not a line of this replacement invoice.');
    const unit = toMinor(l.unit_price, row.currency, `lines.${i}.unit_price`) as bigint;
    const discount = toMinor(l.discount, row.currency, `lines.${i}.discount`) as bigint;
    const amount = unit * BigInt(l.quantity) - discount;
    if (amount < 0n) throw invalid(`lines.${i}.discount`, "The discount cannot exceed the line's amount.");
    return {
      description: l.description,
      quantity: l.quantity,
      unit_amount: unit,
      discount,
      amount,
      tax_percent: String(Number(l.tax_percent)),
      order_item_id: from?.order_item_id ?? null,
      subscription_id: from?.subscription_id ?? null,
      period_start: l.period_start,
      period_end: l.period_end,
    };
  });
  await issueInvoice(
    ctx,
    {
      type: 'replacement',
      customerId: row.customer_id,
      buyer: input.customer,
      gateway: row.gateway,
      rule: row.tax_rule,
      lines,
      orderId: row.order_id,
      subscriptionId: row.subscription_id,
      recurringPaymentId: null,
      original: original
        ? { id: original.id, number: original.number ?? '', issueDate: original.issue_date ?? '' }
        : null,
    },
    { draftId: row.id },
  );
  return row.id;
}
