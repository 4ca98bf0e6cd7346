/** Invoices as the API answers them: one, by a link (order, subscription, recurring payment, attempt), the PDF. */
import type { Invoice, InvoiceQueryKey } from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { invoiceDocuments, invoices, transactions } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { toDecimal } from '../../money.ts';

type InvoiceRow = typeof invoices.$inferSelect;

const latestAttempt = (companyId: number) =>
  // The latest attempt of each invoice, for the answer's transaction_id.
  ({
    id: transactions.id,
    where: (invoiceId: number) =>
      and(eq(transactions.company_id, companyId), eq(transactions.invoice_id, invoiceId)) as SQL,
  });

export function toInvoice(
  row: InvoiceRow,
  doc: { html: string; has_pdf: boolean; pdf_sha256: string | null } | null,
  transactionId: number | null,
  refunded = 0n,
  cancellation: { id: number; html: string | null } | null = null,
): Invoice {
  const c = row.currency;
  const money = (minor: string | bigint) => toDecimal(BigInt(minor), c) as string;
  return {
    id: row.id,
    status: row.status,
    type: row.type,
    number: row.number,
    issue_date: row.issue_date,
    due_date: row.due_date,
    currency: c,
    language: row.language,
    customer_id: row.customer_id,
    customer: row.customer,
    seller: row.seller,
    lines: row.lines.map((l) => ({
      position: l.position,
      description: l.description,
      quantity: l.quantity,
      unit_price: money(l.unit_amount),
      discount: money(l.discount),
      tax_percent: l.tax_percent,
      net: money(l.net),
      tax: money(l.tax),
      gross: money(l.gross),
      order_item_id: l.order_item_id,
      subscription_id: l.subscription_id,
      period_start: l.period_start,
      period_end: l.period_end,
    })),
    tax_rule: row.tax_rule,
    tax_breakdown: row.tax_breakdown.map((b) => ({
      tax_percent: b.tax_percent,
      net: money(b.net),
      tax: money(b.tax),
      gross: money(b.gross),
    })),
    net: money(row.net),
    tax: money(row.tax),
    gross: money(row.gross),
    payment_status: row.payment_status,
    recovered_at: row.recovered_at,
    gateway: row.gateway,
    order_id: row.order_id,
    subscription_id: row.subscription_id,
    recurring_payment_id: row.recurring_payment_id,
    original_invoice: row.original_invoice_id,
    cancellation_invoice: cancellation?.id ?? null,
    cancellation_html: cancellation?.html ?? null,
    transaction_id: transactionId,
    refunded_amount: money(refunded),
    html: doc?.html ?? null,
    has_pdf: doc?.has_pdf ?? false,
    pdf_sha256: doc?.pdf_sha256 ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The invoice row of the company (locked with `lock`), or a 404. */
export async function invoiceRow(ctx: Ctx, id: number, opts: { lock?: boolean } = {}): Promise<InvoiceRow> {
  const query = ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, id)));
  const [row] = await (opts.lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

async function withDocument(ctx: Ctx, row: InvoiceRow): Promise<Invoice> {
  const [doc] = await ctx.db
    .select({
      html: invoiceDocuments.html,
      pdf_sha256: invoiceDocuments.pdf_sha256,
      pdf: invoiceDocuments.pdf,
    })
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.company_id, ctx.companyId), eq(invoiceDocuments.invoice_id, row.id)));
  const attempt = latestAttempt(ctx.companyId);
  const [last] = await ctx.db
    .select({ id: attempt.id })
    .from(transactions)
    .where(attempt.where(row.id))
    .orderBy(desc(transactions.id))
    .limit(1);
  // Its refunds: the succeeded refund attempts of the refund invoices whose original it is.
  const [refunds] = await ctx.db
    .select({ sum: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .innerJoin(
      invoices,
      and(eq(invoices.company_id, transactions.company_id), eq(invoices.id, transactions.invoice_id)),
    )
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(invoices.original_invoice_id, row.id),
        eq(transactions.kind, 'refund'),
        eq(transactions.state, 'succeeded'),
      ),
    );
  // Its cancellation, when cancelled (one at most: invoices_cancellation_original_key).
  const [cancellation] = await ctx.db
    .select({ id: invoices.id, html: invoiceDocuments.html })
    .from(invoices)
    .leftJoin(
      invoiceDocuments,
      and(eq(invoiceDocuments.company_id, invoices.company_id), eq(invoiceDocuments.invoice_id, invoices.id)),
    )
    .where(
      and(
        eq(invoices.company_id, ctx.companyId),
        eq(invoices.original_invoice_id, row.id),
        eq(invoices.type, 'cancellation'),
      ),
    );
  return toInvoice(
    row,
    doc ? { html: doc.html, has_pdf: doc.pdf !== null, pdf_sha256: doc.pdf_sha256 } : null,
    last?.id ?? null,
    BigInt(refunds?.sum ?? 0),
    cancellation ?? null,
  );
}

/** GET invoices/{id}. */
export async function getInvoice(ctx: Ctx, id: number): Promise<Invoice> {
  return withDocument(ctx, await invoiceRow(ctx, id));
}

/** GET invoices?{key}={id}: the invoices linked to that record, newest first (empty for none, as lists filtered by a record are). */
export async function invoicesBy(ctx: Ctx, key: InvoiceQueryKey, id: number): Promise<Invoice[]> {
  let rows: InvoiceRow[];
  if (key === 'transaction_id') {
    rows = (
      await ctx.db
        .select({ invoice: invoices })
        .from(transactions)
        .innerJoin(
          invoices,
          and(eq(invoices.company_id, transactions.company_id), eq(invoices.id, transactions.invoice_id)),
        )
        .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, id)))
    ).map((r) => r.invoice);
  } else {
    const column = {
      order_id: invoices.order_id,
      subscription_id: invoices.subscription_id,
      recurring_payment_id: invoices.recurring_payment_id,
    }[key];
    rows = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.company_id, ctx.companyId), eq(column, id)))
      .orderBy(desc(invoices.id));
  }
  return Promise.all(rows.map((r) => withDocument(ctx, r)));
}

/** GET invoices/pdf?id=: the stored bytes and the file name; 409 while the PDF has not been made. */
export async function invoicePdf(ctx: Ctx, id: number): Promise<{ pdf: Buffer; filename: string }> {
  const row = await invoiceRow(ctx, id);
  const [doc] = await ctx.db
    .select({ pdf: invoiceDocuments.pdf })
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.company_id, ctx.companyId), eq(invoiceDocuments.invoice_id, id)));
  if (!doc?.pdf) throw new AppError('conflict', MESSAGES.invoicePdfNotReady);
  return { pdf: doc.pdf, filename: invoicePdfFileName(row) };
}

/** The file name of an invoice's PDF (a download, an entry of the ZIP): its number, safe in any file system. */
export function invoicePdfFileName(row: { id: number; number: string | null }): string {
  return `${(row.number ?? `invoice-${row.id}`).replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;
}
