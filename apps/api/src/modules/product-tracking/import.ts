/**
 * The asset CSV import (spec 02 §7 `POST .../product-tracking/import`, form data), the subscription
 * import's pattern (subscriptions/import.ts) step for step: `startAssetImport` checks the file, records
 * the import with its converted rows and enqueues its job in the request's transaction (a file with any
 * row error is a 422 and records nothing; one import at a time per company). The job checks the rows
 * again in chunks outside any write transaction, moving the progress, then writes every asset, its
 * history entry and event and the variants' stock in ONE transaction, matching the rows a last time
 * with the variants locked; any failure rolls it all back and marks the import failed with its reason.
 *
 * Serial numbers stay unique against manual creation and a concurrent import: the last check inside
 * the write transaction sees what committed before it, and the unique index on (company, lower(serial))
 * refuses what commits meanwhile; the import then fails whole ("created meanwhile").
 */
import {
  ASSET_IMPORT_TEXTS as A,
  type AssetImport,
  type AssetImportError,
  type AssetImportPreview,
} from '@rentloop/domain/asset-import';
import {
  importErrorKey,
  SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS,
} from '@rentloop/domain/subscription-import';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { actingUserId, type Ctx, type Transact } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { StoredAssetImportRow } from '../../db/schema/asset-imports.ts';
import { assetImports } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { inJobTransaction, jobActor, jobCtx } from '../../jobs/context.ts';
import { defineJob, enqueue, type JobContext } from '../../jobs/queue.ts';
import { companyCurrency } from '../../money.ts';
import { assetImportNotification, notifyCompanyFromJob } from '../notifications/product-events.ts';
import { checkAssetImportFile, type MatchedAssetRow, matchAssetRows } from './import-check.ts';
import { writeAssetRows } from './import-write.ts';

const IMPORT_JOB = 'asset-import';
const HOUR_MS = 3_600_000;
/** An import still running after this long was abandoned (the worker stopped); its job expires then. */
const RUNNING_LIMIT_HOURS = 2;
/** An import still queued after this long never reached a worker. */
const QUEUED_LIMIT_HOURS = 24;
/** Rows checked per step of the job's progress (a lookup is two indexed queries per chunk). */
const CHUNK = 5_000;

type ImportRow = typeof assetImports.$inferSelect;

const toImport = (row: ImportRow): AssetImport => ({
  id: row.id,
  status: row.status,
  file_name: row.file_name,
  total_rows: row.total_rows,
  processed_rows: row.processed_rows,
  created_assets: row.created_assets,
  error: row.error,
  requested_by: row.requested_by,
  started_at: row.started_at,
  finished_at: row.finished_at,
  created_at: row.created_at,
});
/** Every column but the rows (an answer never carries them). */
const { rows: _rows, ...recordColumns } = getTableColumns(assetImports);

/** `POST product-tracking/import/preview`: the file checked row by row; nothing is written. */
export async function previewAssetImport(
  ctx: Ctx,
  text: string,
  fileName: string | null,
): Promise<AssetImportPreview> {
  return (await checkAssetImportFile(ctx, text, fileName, await companyCurrency(ctx))).preview;
}

/** A 422 with every row error (`rows.<row>.<column>`) and, on `file`, how many rows have one. */
function rowErrors(preview: AssetImportPreview): AppError {
  const message = TEXTS.rowsHaveErrors(preview.invalid);
  const errors: Record<string, string[]> = { file: [message] };
  for (const e of preview.errors) {
    const key = importErrorKey(e);
    errors[key] = [...(errors[key] ?? []), e.message];
  }
  return new AppError('validation', message, errors);
}

/** `POST product-tracking/import`: checks the file (any row error: 422), records the import, enqueues its job. */
export async function startAssetImport(
  ctx: Ctx,
  text: string,
  fileName: string | null,
): Promise<AssetImport> {
  if (!ctx.deps.boss) throw new AppError('unavailable', 'Background jobs are not running on this server.');
  const currency = await companyCurrency(ctx);
  const { preview, rows } = await checkAssetImportFile(ctx, text, fileName, currency);
  if (preview.error_count > 0) throw rowErrors(preview);
  const row = await recordAssetImport(ctx, rows, { fileName, currency });
  await enqueue(
    ctx.deps.boss,
    ctx.db,
    assetImportJob,
    { importId: row.id, requestedBy: actingUserId(ctx.actor) },
    { expireInHours: RUNNING_LIMIT_HOURS },
  );
  return toImport(row);
}

/** Records a queued import of checked rows (its job is enqueued by the caller, in the same transaction). */
export async function recordAssetImport(
  ctx: Ctx,
  rows: StoredAssetImportRow[],
  opts: { fileName: string | null; currency: string },
): Promise<ImportRow> {
  // One start at a time per company, so two concurrent requests cannot both pass the check below.
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`asset-import:${ctx.companyId}`}))`);
  const now = ctx.clock.now();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
  const ofCompany = eq(assetImports.company_id, ctx.companyId);
  await ctx.db
    .update(assetImports)
    .set({ status: 'failed', error: TEXTS.abandoned, finished_at: now.toISOString(), rows: [] })
    .where(
      and(
        ofCompany,
        sql`((${assetImports.status} = 'running' and ${assetImports.started_at} < ${hoursAgo(RUNNING_LIMIT_HOURS)}::timestamptz)
          or (${assetImports.status} = 'queued' and ${assetImports.created_at} < ${hoursAgo(QUEUED_LIMIT_HOURS)}::timestamptz))`,
      ),
    );
  const [active] = await ctx.db
    .select({ id: assetImports.id })
    .from(assetImports)
    .where(and(ofCompany, inArray(assetImports.status, ['queued', 'running'])))
    .limit(1);
  if (active) throw new AppError('conflict', TEXTS.alreadyRunning);
  const [row] = await ctx.db
    .insert(assetImports)
    .values({
      company_id: ctx.companyId,
      status: 'queued',
      file_name: opts.fileName,
      currency: opts.currency,
      rows,
      total_rows: rows.length,
      requested_by: actingUserId(ctx.actor),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning();
  return row!;
}

/** `GET product-tracking/import/{id}`: one import of the company (another company's is 404). */
export async function getAssetImport(ctx: Ctx, id: number): Promise<AssetImport> {
  const [row] = await ctx.db
    .select(recordColumns)
    .from(assetImports)
    .where(and(eq(assetImports.id, id), eq(assetImports.company_id, ctx.companyId)));
  if (!row) throw notFound();
  return toImport(row as ImportRow);
}

/** `GET product-tracking/import`: the company's latest import, or null. */
export async function latestAssetImport(ctx: Ctx): Promise<AssetImport | null> {
  const [row] = await ctx.db
    .select(recordColumns)
    .from(assetImports)
    .where(eq(assetImports.company_id, ctx.companyId))
    .orderBy(desc(assetImports.id))
    .limit(1);
  return row ? toImport(row as ImportRow) : null;
}

/** A failure with a message for the merchant. */
class ImportFailure extends Error {}

const changed = (errors: AssetImportError[]) => {
  const [first] = [...errors].sort((a, b) => a.row - b.row);
  return new ImportFailure(
    TEXTS.changedSinceChecked(first!.row, first!.column, first!.message, errors.length - 1),
  );
};

/** Runs a queued import to its end (see the module comment); every write goes through `transact`. */
export async function runAssetImport(
  ctx: Ctx,
  transact: Transact,
  importId: number,
  opts: { log: JobContext['log'] },
): Promise<AssetImport | null> {
  const ofThis = and(eq(assetImports.id, importId), eq(assetImports.company_id, ctx.companyId));
  const [claimed] = await transact((c) => {
    const now = c.clock.now().toISOString();
    return c.db
      .update(assetImports)
      .set({ status: 'running', started_at: now, updated_at: now })
      .where(and(ofThis, eq(assetImports.status, 'queued')))
      .returning();
  });
  if (!claimed) {
    opts.log.info({ importId }, 'asset import not queued any more; skipped');
    return null;
  }
  try {
    if ((await companyCurrency(ctx)) !== claimed.currency) throw new ImportFailure(TEXTS.currencyChanged);
    const rows = claimed.rows;
    // First pass, outside the write: every row matched again, the progress moving with each chunk.
    // The duplicate check within the file was done at the start; here each chunk meets the company's data.
    for (let i = 0; i < rows.length; i += CHUNK) {
      const { errors } = await matchAssetRows(ctx, rows.slice(i, i + CHUNK), claimed.currency);
      if (errors.length > 0) throw changed(errors);
      const processed = Math.min(rows.length, i + CHUNK);
      await transact((c) =>
        c.db
          .update(assetImports)
          .set({ processed_rows: processed, updated_at: c.clock.now().toISOString() })
          .where(ofThis),
      );
    }
    const [done] = await transact(async (c) => {
      const { matched, errors } = await matchAssetRows(c, rows, claimed.currency, { lock: true });
      if (errors.length > 0) throw changed(errors);
      let made: number;
      try {
        made = await writeAssetRows(c, matched as MatchedAssetRow[], {
          importId,
          reason: `Imported from ${claimed.file_name ?? 'a CSV file'} (import ${importId}).`,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ImportFailure(A.takenMeanwhile);
        throw err;
      }
      const now = c.clock.now().toISOString();
      return c.db
        .update(assetImports)
        .set({
          status: 'succeeded',
          processed_rows: rows.length,
          created_assets: made,
          rows: [],
          finished_at: now,
          updated_at: now,
        })
        .where(ofThis)
        .returning();
    });
    return toImport(done!);
  } catch (err) {
    const known = err instanceof ImportFailure;
    if (!known) opts.log.error({ err, importId }, 'asset import failed');
    const [failed] = await transact((c) => {
      const now = c.clock.now().toISOString();
      return c.db
        .update(assetImports)
        .set({
          status: 'failed',
          error: known ? err.message : TEXTS.unexpected,
          rows: [],
          finished_at: now,
          updated_at: now,
        })
        .where(ofThis)
        .returning();
    });
    return failed ? toImport(failed) : null;
  }
}

/** The background job of `POST product-tracking/import`; it never retries (a failed import wrote nothing). */
export const assetImportJob = defineJob({
  name: IMPORT_JOB,
  schema: z.object({
    importId: z.number().int().positive(),
    requestedBy: z.number().int().positive().nullable().optional(),
  }),
  retryLimit: 0,
  async handler({ importId, requestedBy }, jc) {
    // The company is the import row's, never the payload's alone.
    const [row] = await jc.database.primary
      .select({ company_id: assetImports.company_id })
      .from(assetImports)
      .where(eq(assetImports.id, importId));
    if (!row) {
      jc.log.info({ importId }, 'asset import not found; skipped');
      return null;
    }
    const companyId = row.company_id;
    const actor = jobActor(IMPORT_JOB, jc.attempt?.jobId ?? `asset-import-${importId}`, requestedBy ?? null);
    const result = await runAssetImport(
      jobCtx(jc, actor, companyId),
      (write) => inJobTransaction(jc, actor, companyId, write),
      importId,
      { log: jc.log },
    );
    jc.log.info({ importId, status: result?.status, error: result?.error }, 'asset import finished');
    const notice = result && assetImportNotification(result);
    if (notice) await notifyCompanyFromJob(jc, actor, companyId, notice);
    return result?.status ?? null;
  },
});
