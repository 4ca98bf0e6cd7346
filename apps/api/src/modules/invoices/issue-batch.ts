/**
 * Issuing many invoices in one transaction, set at a time (the billing run's issue phase,
 * recurring-payments/issue-phase.ts; docs/decisions.md 73). Each document is prepared by the same
 * `prepareInvoice` and written with the same `invoiceValues` as one issued alone (issue.ts), so it
 * reads the same to the byte; what changes is how often the database is asked: the company's basis
 * (currency, settings, today) once, the customers' languages with one query, the template once per
 * language, then one range of numbers from the counter, one insert each for the invoices, their
 * documents and their PDF jobs, and the events with one insert.
 *
 * The order is issue.ts's: everything is computed first, then the counter is taken (one UPDATE of
 * `next_value + n`, BILLING.md "Gapless numbers"), followed only by the writes that carry its numbers,
 * so a rollback anywhere gives the whole range back.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { customers, invoiceDocuments, invoices } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { invoiceSeriesOf, takeInvoiceNumbers } from '../../numbering.ts';
import { recordEvents } from '../events/service.ts';
import { type InvoiceTemplate, invoiceTemplateOf, templateLanguageOf } from './document.ts';
import {
  companyName,
  type InvoiceDraft,
  invoiceValues,
  issueBasis,
  issuedEvent,
  numberedHtml,
  type PreparedInvoice,
  prepareInvoice,
} from './issue.ts';
import { enqueueInvoicePdfs } from './pdf-job.ts';

export interface BatchDocument {
  draft: InvoiceDraft;
  prepared: PreparedInvoice;
}

/**
 * The drafts' documents, prepared without a number (reads only: nothing is written, so a caller may
 * still refuse some). `languages`: each customer's language as stored (read by the caller with what
 * else it needs of the customers); a customer missing from it is read here.
 */
export async function prepareInvoices(
  ctx: Ctx,
  drafts: readonly InvoiceDraft[],
  languages: ReadonlyMap<number, string> = new Map(),
): Promise<BatchDocument[]> {
  if (drafts.length === 0) return [];
  const known = new Map(languages);
  const missing = [...new Set(drafts.map((d) => d.customerId))].filter((id) => !known.has(id));
  if (missing.length > 0) {
    const rows = await ctx.db
      .select({ id: customers.id, language: customers.language })
      .from(customers)
      .where(and(eq(customers.company_id, ctx.companyId), inArray(customers.id, missing)));
    for (const r of rows) known.set(r.id, r.language);
  }
  const basis = await issueBasis(ctx);
  const templates = new Map<string, Promise<InvoiceTemplate>>();
  const out: BatchDocument[] = [];
  for (const draft of drafts) {
    const stored = known.get(draft.customerId);
    // As issue.ts's read: a customer of another company (or none) is not found.
    if (stored === undefined) throw notFound();
    const language = templateLanguageOf(stored);
    const template = templates.get(language) ?? invoiceTemplateOf(ctx, ctx.companyId, language);
    templates.set(language, template);
    out.push({
      draft,
      prepared: await prepareInvoice(ctx, draft, { basis, language, template: await template }),
    });
  }
  return out;
}

/**
 * Issues prepared documents as numbered, frozen invoices in the caller's transaction, numbered in the
 * order given (one range of the series); answers each one's id and number, in that order. All of a
 * batch were prepared on one day, so they share one series.
 */
export async function issuePrepared(
  ctx: Ctx,
  docs: readonly BatchDocument[],
): Promise<{ id: number; number: string }[]> {
  if (docs.length === 0) return [];
  const first = docs[0]!.prepared;
  const sellerName = first.seller.company_name.trim() || (await companyName(ctx));

  // From here on: the counter, then only the writes that carry its numbers.
  const series = invoiceSeriesOf(first.settings, first.issueDate);
  const start = await takeInvoiceNumbers(ctx, series, docs.length);
  const values = docs.map((d, i) => invoiceValues(ctx, d.draft, d.prepared, sellerName, series, start + i));
  const rows = await insertRows(
    ctx.db,
    invoices,
    values.map((v) => ({ ...v, created_at: v.updated_at })),
    ['id', 'seq'],
  );
  // Matched by number, not by the order RETURNING happens to answer in.
  const idOf = new Map(rows.map((r) => [r.seq, r.id]));
  const issued = values.map((v) => {
    const id = idOf.get(v.seq);
    if (id === undefined) throw new Error('An invoice of the batch was not written.');
    return { id, number: v.number };
  });
  await insertRows(
    ctx.db,
    invoiceDocuments,
    docs.map((d, i) => ({
      company_id: ctx.companyId,
      invoice_id: issued[i]!.id,
      html: numberedHtml(d.prepared, issued[i]!.number),
    })),
  );
  await enqueueInvoicePdfs(
    ctx,
    issued.map((x) => x.id),
  );
  await recordEvents(
    ctx,
    docs.map((d, i) => issuedEvent(issued[i]!.id, issued[i]!.number, d.draft, d.prepared)),
  );
  return issued;
}
