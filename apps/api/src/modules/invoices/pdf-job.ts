/**
 * The invoice PDF, made once after the invoice is issued (BILLING.md "Issued means frozen"): the job is
 * enqueued in the issuing transaction (so it exists exactly when the invoice does) and renders outside
 * it, so the number series' lock is never held while a PDF is drawn. It stores the bytes and their
 * SHA-256 once (invoice_documents' trigger refuses a second PDF); a repeat finds it stored and stops.
 * The ZIP of invoices (zip-job.ts) makes a PDF the same way when its job has not run yet.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { actingUserId, type Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { invoiceDocuments, invoices } from '../../db/schema/index.ts';
import { inJobTransaction, jobActor } from '../../jobs/context.ts';
import { defineJob, enqueue, enqueueMany, type JobContext } from '../../jobs/queue.ts';
import { renderInvoicePdf } from './pdf.ts';
import { pdfDocumentOf } from './pdf-document.ts';

export const invoicePdfJob = defineJob({
  name: 'invoice-pdf',
  schema: z.object({
    invoiceId: z.number().int().positive(),
    requestedBy: z.number().int().positive().nullish(),
  }),
  async handler({ invoiceId, requestedBy }, jc) {
    await makeInvoicePdf(jc, invoiceId, requestedBy ?? null);
  },
});

/**
 * The stored PDF of an issued invoice, rendered and stored first when it has none yet (the job above,
 * and the ZIP of invoices for one whose job has not run). Null for a missing or unissued invoice.
 */
export function makeInvoicePdf(
  jc: JobContext,
  invoiceId: number,
  requestedBy: number | null,
): Promise<Buffer | null> {
  const actor = jobActor(invoicePdfJob.name, jc.attempt?.jobId ?? `pdf-${invoiceId}`, requestedBy);
  return invoicePdfBytes(
    {
      db: jc.database.primary,
      store: (companyId, write) => inJobTransaction(jc, actor, companyId, (ctx) => write(ctx.db)),
    },
    invoiceId,
  );
}

/**
 * Where `invoicePdfBytes` reads (outside a transaction: it draws the PDF in between) and how it stores
 * one it made: in a short audited transaction of the caller's, in the invoice's company.
 */
export interface InvoicePdfAccess {
  db: Tx;
  store: (companyId: number, write: (db: Tx) => Promise<unknown>) => Promise<unknown>;
}

/**
 * `makeInvoicePdf` for any caller (a job, a mail handed over while a person waits: email attachments):
 * the stored bytes, else rendered and stored once. `companyId`: only an invoice of that company.
 */
export async function invoicePdfBytes(
  access: InvoicePdfAccess,
  invoiceId: number,
  companyId?: number,
): Promise<Buffer | null> {
  const { db } = access;
  // The row first; the company comes from it, never from the payload alone.
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      companyId === undefined
        ? eq(invoices.id, invoiceId)
        : and(eq(invoices.company_id, companyId), eq(invoices.id, invoiceId)),
    );
  if (!row || row.number === null) return null;
  const stored = () =>
    db
      .select({ pdf: invoiceDocuments.pdf })
      .from(invoiceDocuments)
      .where(
        and(eq(invoiceDocuments.company_id, row.company_id), eq(invoiceDocuments.invoice_id, invoiceId)),
      );
  const [doc] = await stored();
  if (!doc) return null;
  if (doc.pdf !== null) return doc.pdf;
  let original: { number: string; issueDate: string } | null = null;
  if (row.original_invoice_id !== null) {
    const [o] = await db
      .select({ number: invoices.number, issue_date: invoices.issue_date })
      .from(invoices)
      .where(and(eq(invoices.company_id, row.company_id), eq(invoices.id, row.original_invoice_id)));
    if (o?.number && o.issue_date) original = { number: o.number, issueDate: o.issue_date };
  }
  const pdf = await renderInvoicePdf(pdfDocumentOf(row, original));
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  await access.store(row.company_id, (tx) =>
    tx
      .update(invoiceDocuments)
      .set({ pdf, pdf_sha256: sha256 })
      .where(
        and(
          eq(invoiceDocuments.company_id, row.company_id),
          eq(invoiceDocuments.invoice_id, invoiceId),
          isNull(invoiceDocuments.pdf_sha256),
        ),
      ),
  );
  // What is stored: ours, or the same bytes another worker stored first (the update above then did nothing).
  return (await stored())[0]?.pdf ?? null;
}

/** Enqueues the PDF of an issued invoice in the issuing transaction (no queue, as in some tests: none). */
export async function enqueueInvoicePdf(ctx: Ctx, invoiceId: number): Promise<void> {
  if (!ctx.deps.boss) return;
  const requestedBy = actingUserId(ctx.actor);
  await enqueue(ctx.deps.boss, ctx.db, invoicePdfJob, { invoiceId, requestedBy });
}

/** `enqueueInvoicePdf` for a batch of invoices issued together: one statement. */
export async function enqueueInvoicePdfs(ctx: Ctx, invoiceIds: readonly number[]): Promise<void> {
  if (!ctx.deps.boss) return;
  const requestedBy = actingUserId(ctx.actor);
  await enqueueMany(
    ctx.deps.boss,
    ctx.db,
    invoicePdfJob,
    invoiceIds.map((invoiceId) => ({ invoiceId, requestedBy })),
  );
}
