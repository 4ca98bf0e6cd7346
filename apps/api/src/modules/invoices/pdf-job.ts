/**
 * The invoice PDF, made once after the invoice is issued (BILLING.md "Issued means frozen"): the job is
 * enqueued in the issuing transaction (so it exists exactly when the invoice does) and renders outside
 * it, so the number series' lock is never held while a PDF is drawn. It stores the bytes and their
 * SHA-256 once (invoice_documents' trigger refuses a second PDF); a repeat finds it stored and stops.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { actingUserId, type Ctx } from '../../context.ts';
import { invoiceDocuments, invoices } from '../../db/schema/index.ts';
import { inJobTransaction, jobActor } from '../../jobs/context.ts';
import { defineJob, enqueue } from '../../jobs/queue.ts';
import { renderInvoicePdf } from './pdf.ts';
import { pdfDocumentOf } from './pdf-document.ts';

export const invoicePdfJob = defineJob({
  name: 'invoice-pdf',
  schema: z.object({
    invoiceId: z.number().int().positive(),
    requestedBy: z.number().int().positive().nullish(),
  }),
  async handler({ invoiceId, requestedBy }, jc) {
    // The row first; the company comes from it, never from the payload alone.
    const [row] = await jc.database.primary.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!row || row.number === null) return;
    const [doc] = await jc.database.primary
      .select({ has: invoiceDocuments.pdf_sha256 })
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.invoice_id, invoiceId));
    if (!doc || doc.has !== null) return;
    let original: { number: string; issueDate: string } | null = null;
    if (row.original_invoice_id !== null) {
      const [o] = await jc.database.primary
        .select({ number: invoices.number, issue_date: invoices.issue_date })
        .from(invoices)
        .where(and(eq(invoices.company_id, row.company_id), eq(invoices.id, row.original_invoice_id)));
      if (o?.number && o.issue_date) original = { number: o.number, issueDate: o.issue_date };
    }
    const pdf = await renderInvoicePdf(pdfDocumentOf(row, original));
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const actor = jobActor(invoicePdfJob.name, jc.attempt?.jobId ?? `pdf-${invoiceId}`, requestedBy ?? null);
    await inJobTransaction(jc, actor, row.company_id, (ctx) =>
      ctx.db
        .update(invoiceDocuments)
        .set({ pdf, pdf_sha256: sha256 })
        .where(
          and(
            eq(invoiceDocuments.company_id, ctx.companyId),
            eq(invoiceDocuments.invoice_id, invoiceId),
            isNull(invoiceDocuments.pdf_sha256),
          ),
        ),
    );
  },
});

/** Enqueues the PDF of an issued invoice in the issuing transaction (no queue, as in some tests: none). */
export async function enqueueInvoicePdf(ctx: Ctx, invoiceId: number): Promise<void> {
  if (!ctx.deps.boss) return;
  const requestedBy = actingUserId(ctx.actor);
  await enqueue(ctx.deps.boss, ctx.db, invoicePdfJob, { invoiceId, requestedBy });
}
