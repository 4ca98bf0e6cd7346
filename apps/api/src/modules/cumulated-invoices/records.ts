/**
 * Reading cumulated invoices (spec 01 §7 "Cumulated invoices"): the list, one, the lookup by a query key,
 * and the PDF as stored bytes (a statement's own, a collective period's invoice's).
 */
import type { CumulatedInvoiceDetail, CumulatedQueryKey } from '@rentloop/domain/cumulated-invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { cumulatedInvoices, cumulatedItems, customers } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { toDecimal } from '../../money.ts';
import { invoicePdf } from '../invoices/records.ts';

type Row = typeof cumulatedInvoices.$inferSelect;

const columns = {
  row: cumulatedInvoices,
  customer_name: customers.name,
  has_pdf: sql<boolean>`${cumulatedInvoices.pdf} IS NOT NULL`,
  recurring_payment_ids: sql<number[]>`coalesce((SELECT array_agg(i.recurring_payment_id ORDER BY i.id)
    FROM ${cumulatedItems} i WHERE i.company_id = ${cumulatedInvoices.company_id}
    AND i.cumulated_invoice_id = ${cumulatedInvoices.id}), '{}')`,
};

function present(r: { row: Row; customer_name: string; has_pdf: boolean; recurring_payment_ids: unknown }) {
  const { row } = r;
  const money = (minor: string | bigint) => toDecimal(BigInt(minor), row.currency) as string;
  const ids = Array.isArray(r.recurring_payment_ids) ? r.recurring_payment_ids.map(Number) : [];
  return {
    id: row.id,
    customer_id: row.customer_id,
    customer_name: r.customer_name,
    mode: row.mode,
    period_start: row.period_start,
    period_end: row.period_end,
    status: row.status,
    number: row.number,
    invoice_id: row.invoice_id,
    entries: row.entries.map((e) => ({ ...e, gross: money(e.gross) })),
    recurring_payment_ids: ids,
    total: money(row.total),
    currency: row.currency,
    charge_error: row.charge_error,
    // A collective period's PDF is its invoice's (made by the invoice-pdf job).
    has_pdf: row.mode === 'statement' ? Boolean(r.has_pdf) : row.invoice_id !== null,
    closed_at: row.closed_at,
    created_at: row.created_at,
    html: row.html,
  };
}

function select(ctx: Ctx, where: SQL | undefined) {
  return ctx.db
    .select(columns)
    .from(cumulatedInvoices)
    .innerJoin(
      customers,
      and(
        eq(customers.company_id, cumulatedInvoices.company_id),
        eq(customers.id, cumulatedInvoices.customer_id),
      ),
    )
    .where(and(eq(cumulatedInvoices.company_id, ctx.companyId), where));
}

export async function listCumulatedInvoices(
  ctx: Ctx,
  q: { page: number; per_page: number; customer_id?: number; mode?: 'statement' | 'collective' },
) {
  const where = and(
    q.customer_id ? eq(cumulatedInvoices.customer_id, q.customer_id) : undefined,
    q.mode ? eq(cumulatedInvoices.mode, q.mode) : undefined,
  );
  const rows = await select(ctx, where)
    .orderBy(desc(cumulatedInvoices.period_start), desc(cumulatedInvoices.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(cumulatedInvoices)
    .where(and(eq(cumulatedInvoices.company_id, ctx.companyId), where));
  return { rows: rows.map((r) => present(r)), total: Number(total?.n ?? 0) };
}

export async function getCumulatedInvoice(ctx: Ctx, id: number): Promise<CumulatedInvoiceDetail> {
  const [row] = await select(ctx, eq(cumulatedInvoices.id, id));
  if (!row) throw notFound();
  return present(row);
}

/**
 * GET cumulative-invoices?{key}={id}: the document by its id, by its collective invoice, by a payment it
 * collected, or a customer's latest.
 */
export async function findCumulatedInvoice(
  ctx: Ctx,
  key: CumulatedQueryKey,
  id: number,
): Promise<CumulatedInvoiceDetail> {
  const where = {
    id: eq(cumulatedInvoices.id, id),
    invoice_id: eq(cumulatedInvoices.invoice_id, id),
    customer_id: eq(cumulatedInvoices.customer_id, id),
    recurring_payment_id: sql`${cumulatedInvoices.id} = (SELECT i.cumulated_invoice_id FROM ${cumulatedItems} i
      WHERE i.company_id = ${ctx.companyId} AND i.recurring_payment_id = ${id})`,
  }[key];
  const [row] = await select(ctx, where)
    .orderBy(desc(cumulatedInvoices.period_start), desc(cumulatedInvoices.id))
    .limit(1);
  if (!row) throw notFound();
  return present(row);
}

/** The stored PDF: a statement's bytes, or its collective invoice's; 409 while not made yet. */
export async function cumulatedInvoicePdf(
  ctx: Ctx,
  doc: CumulatedInvoiceDetail,
): Promise<{ pdf: Buffer; filename: string }> {
  if (doc.mode === 'collective') {
    if (doc.invoice_id === null) throw new AppError('conflict', MESSAGES.cumulatedInvoiceOpen);
    return invoicePdf(ctx, doc.invoice_id);
  }
  const [row] = await ctx.db
    .select({ pdf: cumulatedInvoices.pdf, number: cumulatedInvoices.number })
    .from(cumulatedInvoices)
    .where(and(eq(cumulatedInvoices.company_id, ctx.companyId), eq(cumulatedInvoices.id, doc.id)));
  if (!row?.pdf) throw new AppError('conflict', MESSAGES.invoicePdfNotReady);
  return {
    pdf: row.pdf,
    filename: `${(row.number ?? `statement-${doc.id}`).replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`,
  };
}
