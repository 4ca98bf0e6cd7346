/**
 * The ZIP of selected invoices' PDFs (spec 01 §7 `POST invoices/zip`; decision 40). The request checks
 * the selection and records a queued download with its job in the request's transaction; the job
 * (zip-job.ts) zips the stored PDFs, stores the archive and mails the requester the link; the link's
 * route (`GET invoices/zip/{id}`) answers the archive to the company's signed-in staff until it expires.
 */
import { INVOICE_ZIP_DAYS, type InvoiceZip } from '@rentloop/domain/invoice-zips';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq, getTableColumns, inArray, lt } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import { actingUserId, type Ctx } from '../../context.ts';
import type { Database, Tx } from '../../db/client.ts';
import { invoices, invoiceZips } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { invoicesZipJob } from './zip-job.ts';

const DAY_MS = 86_400_000;

type ZipRow = typeof invoiceZips.$inferSelect;
/** Every column but the archive's bytes (an answer never carries them). */
const { zip: _zip, ...recordColumns } = getTableColumns(invoiceZips);

export const toInvoiceZip = (row: Omit<ZipRow, 'zip'>): InvoiceZip => ({
  id: row.id,
  status: row.status,
  invoice_count: row.invoice_ids.length,
  file_name: row.file_name,
  expires_at: row.expires_at,
  created_at: row.created_at,
});

/**
 * `POST invoices/zip {ids}`: every id must be one of the company's invoices (else 404 before anything is
 * recorded, as the bulk charge does) and issued (a draft has no PDF: 409 naming it as `ids.<n>`).
 * Records the download, queued, and enqueues its job, both in `ctx.db` (the request's transaction).
 */
export async function requestInvoicesZip(ctx: Ctx, ids: readonly number[]): Promise<InvoiceZip> {
  const own = await ctx.db
    .select({ id: invoices.id, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), inArray(invoices.id, [...ids])));
  if (own.length !== ids.length) throw notFound();
  const drafts = new Set(own.filter((i) => i.status !== 'issued').map((i) => i.id));
  if (drafts.size > 0) {
    const errors = Object.fromEntries(
      ids.flatMap((id, n) => (drafts.has(id) ? [[`ids.${n}`, [MESSAGES.invoiceNotIssued]]] : [])),
    );
    throw new AppError('conflict', MESSAGES.invoicesZipNotIssued, errors);
  }
  // Checked after the selection, so a foreign id is a 404 on any server, and nothing waits for a worker.
  if (!ctx.deps.boss) throw new AppError('unavailable', 'Background jobs are not running on this server.');
  const row = await recordInvoicesZip(ctx, ids);
  await enqueue(ctx.deps.boss, ctx.db, invoicesZipJob, { zipId: row.id, requestedBy: row.requested_by });
  return toInvoiceZip(row);
}

/** Records a queued download of `ids` (checked by the caller; its job is enqueued in the same transaction). */
export async function recordInvoicesZip(ctx: Ctx, ids: readonly number[]): Promise<ZipRow> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(invoiceZips)
    .values({
      company_id: ctx.companyId,
      invoice_ids: [...ids],
      // The company's date names the file; the id (unknown before the insert) makes it unique below.
      file_name: `invoices-${await companyToday(ctx)}`,
      requested_by: actingUserId(ctx.actor),
      expires_at: new Date(now.getTime() + INVOICE_ZIP_DAYS * DAY_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .returning();
  const [named] = await ctx.db
    .update(invoiceZips)
    .set({ file_name: `${row!.file_name}-${row!.id}.zip` })
    .where(and(eq(invoiceZips.company_id, ctx.companyId), eq(invoiceZips.id, row!.id)))
    .returning();
  return named!;
}

/**
 * `GET invoices/zip/{id}`: the archive's bytes and file name. Another company's, or one deleted: 404;
 * expired: 404 saying so; not made yet or given up on: 409 saying which.
 */
export async function invoiceZipFile(ctx: Ctx, id: number): Promise<{ zip: Buffer; fileName: string }> {
  const [row] = await ctx.db
    .select({
      ...recordColumns,
      zip: invoiceZips.zip,
    })
    .from(invoiceZips)
    .where(and(eq(invoiceZips.company_id, ctx.companyId), eq(invoiceZips.id, id)));
  if (!row) throw notFound();
  if (new Date(row.expires_at) <= ctx.clock.now()) throw notFound(MESSAGES.invoiceZipExpired);
  if (row.status === 'failed') throw new AppError('conflict', MESSAGES.invoiceZipBroken);
  if (row.status !== 'ready' || !row.zip) throw new AppError('conflict', MESSAGES.invoiceZipPreparing);
  return { zip: row.zip, fileName: row.file_name };
}

/** Deletes every expired archive (the nightly purge): nothing can download it any more. */
export async function purgeExpiredInvoiceZips(db: Tx | Database['primary'], now: Date): Promise<number> {
  const removed = await db
    .delete(invoiceZips)
    .where(lt(invoiceZips.expires_at, now.toISOString()))
    .returning({ id: invoiceZips.id });
  return removed.length;
}
