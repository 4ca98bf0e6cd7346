/**
 * The `invoices-zip` job (zip.ts enqueues it with the download it makes): reads the selected invoices'
 * stored PDFs in batches (making any whose PDF job has not run yet, as that job does), streams them
 * into a ZIP (fflate, stored: PDFs are compressed already; decision 40), then stores the archive and
 * mails the requester the link in ONE transaction, so the mail exists exactly when the archive does.
 * After its last try it marks the download failed and tells the company's staff with the spec's
 * "Failed to download invoices in bulk." notification.
 */
import { localDate } from '@rentloop/domain/billing-periods';
import { formatDateAs } from '@rentloop/domain/dunning';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq, inArray } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';
import { z } from 'zod';
import { type Ctx, systemClock } from '../../context.ts';
import { invoiceDocuments, invoices, invoiceZips, users } from '../../db/schema/index.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { inJobTransaction, jobActor } from '../../jobs/context.ts';
import { defineJob, type JobContext } from '../../jobs/queue.ts';
import { appBase } from '../auth/account-flows.ts';
import { notifyCompanyFromJob } from '../notifications/product-events.ts';
import { getSettings } from '../settings/sections.ts';
import { companyMailLanguage, companyPlaceholders, renderMail } from '../templates/mail.ts';
import { makeInvoicePdf } from './pdf-job.ts';
import { invoicePdfFileName } from './records.ts';

/** Invoices read per query: some 25 KB of PDF each, so a batch holds about a megabyte. */
const BATCH = 50;

type Selection = { id: number; company_id: number; invoice_ids: number[] };

export const invoicesZipJob = defineJob({
  name: 'invoices-zip',
  schema: z.object({
    zipId: z.number().int().positive(),
    requestedBy: z.number().int().positive().nullish(),
  }),
  async handler({ zipId, requestedBy }, jc) {
    // The row first; the company comes from it, never from the payload alone.
    const [row] = await jc.database.primary
      .select({
        id: invoiceZips.id,
        company_id: invoiceZips.company_id,
        status: invoiceZips.status,
        invoice_ids: invoiceZips.invoice_ids,
      })
      .from(invoiceZips)
      .where(eq(invoiceZips.id, zipId));
    if (row?.status !== 'queued') return;
    const actor = jobActor(invoicesZipJob.name, jc.attempt?.jobId ?? `zip-${zipId}`, requestedBy ?? null);
    const ofThis = and(
      eq(invoiceZips.company_id, row.company_id),
      eq(invoiceZips.id, row.id),
      eq(invoiceZips.status, 'queued'),
    );
    try {
      const zip = await zipInvoicePdfs(jc, row, requestedBy ?? null);
      await inJobTransaction(jc, actor, row.company_id, async (ctx) => {
        const [done] = await ctx.db
          .update(invoiceZips)
          .set({ status: 'ready', zip, size: zip.length, finished_at: ctx.clock.now().toISOString() })
          .where(ofThis)
          .returning({
            id: invoiceZips.id,
            requested_by: invoiceZips.requested_by,
            invoice_ids: invoiceZips.invoice_ids,
            expires_at: invoiceZips.expires_at,
          });
        if (done) await mailDownloadLink(ctx, done);
      });
    } catch (err) {
      jc.log.error({ err, zipId }, 'invoices zip failed');
      // pg-boss tries again (a database hiccup); only the last try gives up for good.
      const last = jc.attempt === undefined || jc.attempt.retryCount >= jc.attempt.retryLimit;
      if (last) {
        const [failed] = await inJobTransaction(jc, actor, row.company_id, (ctx) =>
          ctx.db
            .update(invoiceZips)
            .set({
              status: 'failed',
              error: err instanceof Error ? err.message.slice(0, 500) : 'zip failed',
              finished_at: ctx.clock.now().toISOString(),
            })
            .where(ofThis)
            .returning({ id: invoiceZips.id }),
        );
        if (failed) {
          await notifyCompanyFromJob(jc, actor, row.company_id, {
            title: MESSAGES.invoicesZipFailed,
            description: `The PDFs of ${row.invoice_ids.length} invoices could not be zipped. Select them and try again.`,
            type: 'error',
          });
        }
      }
      throw err;
    }
  },
});

/** `INV-1.pdf`, and `INV-1-<id>.pdf` for a second invoice whose safe name is the same. */
function entryName(invoice: { id: number; number: string | null }, taken: Set<string>): string {
  let name = invoicePdfFileName(invoice);
  if (taken.has(name)) name = name.replace(/\.pdf$/, `-${invoice.id}.pdf`);
  taken.add(name);
  return name;
}

/** The selected invoices' PDFs in one ZIP, in the order selected, each named by its invoice number. */
async function zipInvoicePdfs(jc: JobContext, zip: Selection, requestedBy: number | null): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let finished!: () => void;
  let failed!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  // Awaited below only when every entry went in; a failure before that is thrown from the loop instead.
  done.catch(() => undefined);
  const archive = new Zip((error, chunk, final) => {
    if (error) return failed(error);
    chunks.push(chunk);
    if (final) finished();
  });
  const taken = new Set<string>();
  const mtime = (jc.clock ?? systemClock).now();
  try {
    for (let i = 0; i < zip.invoice_ids.length; i += BATCH) {
      const batch = zip.invoice_ids.slice(i, i + BATCH);
      const rows = await jc.database.primary
        .select({ id: invoices.id, number: invoices.number, pdf: invoiceDocuments.pdf })
        .from(invoices)
        .leftJoin(
          invoiceDocuments,
          and(
            eq(invoiceDocuments.company_id, invoices.company_id),
            eq(invoiceDocuments.invoice_id, invoices.id),
          ),
        )
        .where(and(eq(invoices.company_id, zip.company_id), inArray(invoices.id, batch)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of batch) {
        const invoice = byId.get(id);
        const pdf = invoice && (invoice.pdf ?? (await makeInvoicePdf(jc, id, requestedBy)));
        if (!invoice || !pdf) throw new Error(`Invoice ${id} has no PDF.`);
        const entry = new ZipPassThrough(entryName(invoice, taken));
        entry.mtime = mtime;
        archive.add(entry);
        entry.push(pdf, true);
      }
    }
    archive.end();
  } catch (error) {
    archive.terminate();
    throw error;
  }
  await done;
  return Buffer.concat(chunks);
}

/**
 * The requester's mail (`invoices_download`, a staff mail in the company's mail language, as the
 * invitation): the link is the web app's page for the download, which fetches `GET invoices/zip/{id}`
 * with the signed-in session (a link straight to the API would carry no session). The company is in the
 * link so a member of several companies downloads from the right one. None when the requester is gone.
 */
async function mailDownloadLink(
  ctx: Ctx,
  zip: { id: number; requested_by: number | null; invoice_ids: number[]; expires_at: string },
): Promise<void> {
  if (zip.requested_by === null) return;
  const [user] = await ctx.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, zip.requested_by));
  if (!user) return;
  const general = await getSettings(ctx, 'general');
  const expires = formatDateAs(localDate(new Date(zip.expires_at), general.time_zone), general.date_format);
  const mail = await renderMail(ctx, {
    companyId: ctx.companyId,
    templateId: 'invoices_download',
    lang: await companyMailLanguage(ctx),
    data: {
      user: { name: user.name },
      download: { count: String(zip.invoice_ids.length), expires },
      company: await companyPlaceholders(ctx, ctx.companyId),
      action_url: `${appBase(ctx.deps)}/cms/invoice-downloads/${zip.id}?company=${ctx.companyId}`,
    },
  });
  await queueMail(ctx, { companyId: ctx.companyId, kind: 'invoices_download', to: user.email, ...mail });
}
