/**
 * The `data-export` job (service.ts enqueues it with the export it writes; decision 66). It reads the
 * export's row first (the company comes from it), counts the list's rows for the progress, then walks
 * the list in keyset batches (defineList's `texts`: each batch's rows made the file's text as they are
 * read; the next batch read while the current one is written) and writes each batch into the file, storing the file a piece at a
 * time (the next piece written while the last is stored) and the rows written about every second.
 * Nothing of it runs inside one long transaction: the reads are on the primary, each write is short.
 * When the file is stored it tells the company's staff with a notification whose input is the download
 * link, and mails the requester the same link. A retry starts the file again; after the last try the
 * export is marked failed and the staff are told.
 */
import { performance } from 'node:perf_hooks';
import { DATA_EXPORT_TEXTS } from '@rentloop/domain/data-export';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type Ctx, systemClock } from '../../context.ts';
import { dataExportChunks, dataExports, users } from '../../db/schema/index.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { inJobTransaction, jobActor, jobCtx } from '../../jobs/context.ts';
import { defineJob, type JobContext } from '../../jobs/queue.ts';
import { appBase } from '../auth/account-flows.ts';
import { notifyCompanyFromJob } from '../notifications/product-events.ts';
import { fileWriter } from './file.ts';
import { EXPORT_KINDS, exportListParams } from './kinds.ts';
import { readAhead } from './read-ahead.ts';

/**
 * Rows read per statement. Larger batches are no faster once the next is read ahead (each statement is
 * a few milliseconds through the id index), and keep more alive at once: at 1,000 a batch's garbage
 * dies young (200,000 orders: 21 MB of peak growth; 2,000: 130 MB; 10,000: 243 MB, at the same speed).
 */
export const EXPORT_BATCH = 1000;
/** The rows written so far are stored at most this often (milliseconds); the final count always. */
export const PROGRESS_MS = 1000;

type ExportRow = typeof dataExports.$inferSelect;

export const dataExportJob = defineJob({
  name: 'data-export',
  schema: z.object({
    exportId: z.number().int().positive(),
    requestedBy: z.number().int().positive().nullish(),
    /** The download link's token: only in the job's payload and the link, never in the export's row. */
    token: z.string().min(1).max(100),
  }),
  async handler({ exportId, requestedBy, token }, jc) {
    const [row] = await jc.database.primary.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (!row || !['queued', 'running'].includes(row.status)) return;
    const actor = jobActor(
      dataExportJob.name,
      jc.attempt?.jobId ?? `export-${exportId}`,
      requestedBy ?? null,
    );
    const ofThis = and(
      eq(dataExports.company_id, row.company_id),
      eq(dataExports.id, row.id),
      inArray(dataExports.status, ['queued', 'running']),
    );
    const db = jc.database.primary;
    try {
      const { size, rows } = await writeFile(jc, jobCtx(jc, actor, row.company_id), row);
      const done = await inJobTransaction(jc, actor, row.company_id, async (ctx) => {
        const [ready] = await ctx.db
          .update(dataExports)
          .set({ status: 'ready', size, rows_done: rows, finished_at: ctx.clock.now().toISOString() })
          .where(ofThis)
          .returning();
        if (ready) await mailLink(ctx, ready, token);
        return ready;
      });
      if (done) {
        await notifyCompanyFromJob(jc, actor, row.company_id, {
          title: DATA_EXPORT_TEXTS.readyTitle,
          description: `${DATA_EXPORT_TEXTS.kindLabel[row.kind]}: ${done.rows_done} rows, ${row.format.toUpperCase()}.`,
          type: 'success',
          input: { type: 'download-link', href: downloadPath(row.company_id, token), text: 'Download' },
        });
      }
    } catch (err) {
      jc.log.error({ err, exportId }, 'data export failed');
      const last = jc.attempt === undefined || jc.attempt.retryCount >= jc.attempt.retryLimit;
      if (last) {
        await db.delete(dataExportChunks).where(eq(dataExportChunks.export_id, row.id));
        const [failed] = await db
          .update(dataExports)
          .set({
            status: 'failed',
            error: err instanceof Error ? err.message.slice(0, 500) : 'export failed',
            finished_at: (jc.clock ?? systemClock).now().toISOString(),
          })
          .where(ofThis)
          .returning({ id: dataExports.id });
        if (failed) {
          await notifyCompanyFromJob(jc, actor, row.company_id, {
            title: DATA_EXPORT_TEXTS.failedTitle,
            description: `The ${DATA_EXPORT_TEXTS.kindLabel[row.kind]} export could not be made. Request it again.`,
            type: 'error',
          });
        }
      }
      throw err;
    }
  },
});

/** The web app's page that downloads the export with the signed-in session, in the right company. */
export const downloadPath = (companyId: number, token: string) =>
  `/cms/data-export/${token}?company=${companyId}`;

/** What `writeFile` wrote: the file's size in bytes and its rows. */
interface Written {
  size: number;
  rows: number;
}

/**
 * Writes the file from the list's rows; its size and rows. A retry's earlier pieces are deleted first.
 * The next batch is read while the current one is written (`readAhead`: one batch ahead), a full
 * piece is stored while the next rows are written (file.ts: one store in flight), and the rows written
 * so far are stored at most every `PROGRESS_MS` (the last count goes with the status `ready`).
 */
export async function writeFile(
  jc: JobContext,
  ctx: Ctx,
  row: ExportRow,
  size: number = EXPORT_BATCH,
): Promise<Written> {
  const db = jc.database.primary;
  const mine = and(eq(dataExports.company_id, row.company_id), eq(dataExports.id, row.id));
  await db.delete(dataExportChunks).where(eq(dataExportChunks.export_id, row.id));
  const kind = EXPORT_KINDS[row.kind];
  const { params, scope } = await kind.prepare(ctx, exportListParams({ kind: row.kind, ...row.params }));
  const counted = await kind.list.list(ctx, { ...params, page: 1, perPage: 1, offset: 0 }, scope);
  await db
    .update(dataExports)
    .set({ status: 'running', rows_done: 0, rows_total: counted.total })
    .where(mine);
  let seq = 0;
  const writer = fileWriter(row.format, {
    columns: row.columns,
    sheetName: DATA_EXPORT_TEXTS.kindLabel[row.kind],
    mtime: ctx.clock.now(),
    store: async (bytes) => {
      await db
        .insert(dataExportChunks)
        .values({ company_id: row.company_id, export_id: row.id, seq: seq++, bytes });
    },
  });
  let done = 0;
  // Wall time, not ctx.clock: the progress is about this run's pace (a test's clock stands still).
  let reported = performance.now();
  try {
    // Each statement's rows become the file's text as they are read (`texts`): no row object outlives
    // its statement, so a million rows leave no garbage old enough to grow the heap.
    for await (const batch of readAhead(kind.list.texts(ctx, params, { scope, size }, writer.format))) {
      await writer.write(batch);
      done += batch.length;
      if (performance.now() - reported >= PROGRESS_MS) {
        reported = performance.now();
        await db.update(dataExports).set({ rows_done: done }).where(mine);
      }
    }
    return { size: await writer.end(), rows: done };
  } catch (err) {
    // No piece may land after the failed export's pieces are deleted (the handler's last try).
    await writer.settled();
    throw err;
  }
}

/** The requester's mail with the link (none when the requester is gone). The token is kept out of the outbox copy. */
async function mailLink(ctx: Ctx, row: ExportRow, token: string): Promise<void> {
  if (row.requested_by === null) return;
  const [user] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.requested_by));
  if (!user) return;
  const href = `${appBase(ctx.deps)}${downloadPath(row.company_id, token)}`;
  const what = DATA_EXPORT_TEXTS.kindLabel[row.kind];
  await queueMail(ctx, {
    companyId: row.company_id,
    kind: 'data_export',
    to: user.email,
    subject: `${DATA_EXPORT_TEXTS.readyTitle}: ${what}`,
    html: `<p>Your export of ${what} (${row.rows_done} rows, ${row.format.toUpperCase()}) is ready.</p><p><a href="${href}">Download ${row.file_name}</a></p><p>The link works for 7 days, signed in to Rentloop.</p>`,
    secrets: [token],
  });
}
