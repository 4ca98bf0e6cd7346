/**
 * The subscription CSV import (spec 01 §7 `POST subscriptions/import`), as the product sync runs
 * (catalog/sync.ts): `startSubscriptionImport` checks the file, records the import with its converted
 * rows and enqueues its job in the request's transaction (a file with any row error is a 422 and
 * records nothing). The job checks the rows again in chunks outside any write transaction, moving the
 * progress (`processed_rows`), then writes every order and subscription in ONE transaction, in which it
 * matches the rows a last time with the customers and variants locked, and marks the import
 * succeeded. Any failure rolls all of it back and marks the import failed with its reason: all rows or
 * none. The job acts on behalf of the user who started the import (`requested_by`).
 */
import {
  importErrorKey,
  type SubscriptionImport,
  type SubscriptionImportPreview,
  SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS,
} from '@rentloop/domain/subscription-import';
import type { SubscriptionImportError } from '@rentloop/domain/subscription-import-rows';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { actingUserId, type Ctx, type Transact } from '../../context.ts';
import { subscriptionImports } from '../../db/schema/index.ts';
import type { StoredImportRow } from '../../db/schema/subscription-imports.ts';
import { AppError, notFound } from '../../errors.ts';
import { inJobTransaction, jobActor, jobCtx } from '../../jobs/context.ts';
import { defineJob, enqueue, type JobContext } from '../../jobs/queue.ts';
import { companyCurrency } from '../../money.ts';
import { notifyCompanyFromJob, subscriptionImportNotification } from '../notifications/product-events.ts';
import { checkImportFile, type MatchedRow, matchRows } from './import-check.ts';
import { writeImportRows } from './import-write.ts';

const IMPORT_JOB = 'subscription-import';
const HOUR_MS = 3_600_000;
/** An import still running after this long was abandoned (the worker stopped); its job expires then. */
const RUNNING_LIMIT_HOURS = 2;
/** An import still queued after this long never reached a worker. */
const QUEUED_LIMIT_HOURS = 24;
/** Rows checked per step of the job's progress. */
const CHUNK = 500;

type ImportRow = typeof subscriptionImports.$inferSelect;

const toImport = (row: ImportRow): SubscriptionImport => ({
  id: row.id,
  status: row.status,
  file_name: row.file_name,
  total_rows: row.total_rows,
  processed_rows: row.processed_rows,
  created_subscriptions: row.created_subscriptions,
  created_orders: row.created_orders,
  error: row.error,
  requested_by: row.requested_by,
  started_at: row.started_at,
  finished_at: row.finished_at,
  created_at: row.created_at,
});
/** Every column but the rows (an answer never carries them). */
const { rows: _rows, ...recordColumns } = getTableColumns(subscriptionImports);

/** `POST subscriptions/import/preview`: the file checked row by row; nothing is written. */
export async function previewSubscriptionImport(
  ctx: Ctx,
  text: string,
  fileName: string | null,
): Promise<SubscriptionImportPreview> {
  return (await checkImportFile(ctx, text, fileName, await companyCurrency(ctx))).preview;
}

/** A 422 with every row error (`rows.<row>.<column>`) and, on `file`, how many rows have one. */
function rowErrors(preview: SubscriptionImportPreview): AppError {
  const message = TEXTS.rowsHaveErrors(preview.invalid);
  const errors: Record<string, string[]> = { file: [message] };
  for (const e of preview.errors) {
    const key = importErrorKey(e);
    errors[key] = [...(errors[key] ?? []), e.message];
  }
  return new AppError('validation', message, errors);
}

/**
 * `POST subscriptions/import`: checks the file (a row error anywhere: 422, nothing recorded), records a
 * queued import with the converted rows and enqueues its job, in `ctx.db` (the request's transaction).
 * One import at a time per company (409 while one is queued or running).
 */
export async function startSubscriptionImport(
  ctx: Ctx,
  text: string,
  fileName: string | null,
): Promise<SubscriptionImport> {
  if (!ctx.deps.boss) throw new AppError('unavailable', 'Background jobs are not running on this server.');
  const currency = await companyCurrency(ctx);
  const { preview, rows } = await checkImportFile(ctx, text, fileName, currency);
  if (preview.error_count > 0) throw rowErrors(preview);
  const row = await recordSubscriptionImport(ctx, rows, { fileName, currency });
  await enqueue(
    ctx.deps.boss,
    ctx.db,
    subscriptionImportJob,
    { importId: row.id, requestedBy: actingUserId(ctx.actor) },
    { expireInHours: RUNNING_LIMIT_HOURS },
  );
  return toImport(row);
}

/** Records a queued import of checked rows (its job is enqueued by the caller, in the same transaction). */
export async function recordSubscriptionImport(
  ctx: Ctx,
  rows: StoredImportRow[],
  opts: { fileName: string | null; currency: string },
): Promise<ImportRow> {
  // One start at a time per company, so two concurrent requests cannot both pass the check below.
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`subscription-import:${ctx.companyId}`}))`,
  );
  const now = ctx.clock.now();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
  const ofCompany = eq(subscriptionImports.company_id, ctx.companyId);
  await ctx.db
    .update(subscriptionImports)
    .set({ status: 'failed', error: TEXTS.abandoned, finished_at: now.toISOString(), rows: [] })
    .where(
      and(
        ofCompany,
        sql`((${subscriptionImports.status} = 'running' and ${subscriptionImports.started_at} < ${hoursAgo(RUNNING_LIMIT_HOURS)}::timestamptz)
          or (${subscriptionImports.status} = 'queued' and ${subscriptionImports.created_at} < ${hoursAgo(QUEUED_LIMIT_HOURS)}::timestamptz))`,
      ),
    );
  const [active] = await ctx.db
    .select({ id: subscriptionImports.id })
    .from(subscriptionImports)
    .where(and(ofCompany, inArray(subscriptionImports.status, ['queued', 'running'])))
    .limit(1);
  if (active) throw new AppError('conflict', TEXTS.alreadyRunning);
  const [row] = await ctx.db
    .insert(subscriptionImports)
    .values({
      company_id: ctx.companyId,
      status: 'queued',
      file_name: opts.fileName,
      currency: opts.currency,
      rows,
      total_rows: rows.length,
      requested_by: actingUserId(ctx.actor),
      // From the clock: the abandonment check above compares it with the clock.
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning();
  return row!;
}

/** `GET subscriptions/import/{id}`: one import of the company (another company's is 404). */
export async function getSubscriptionImport(ctx: Ctx, id: number): Promise<SubscriptionImport> {
  const [row] = await ctx.db
    .select(recordColumns)
    .from(subscriptionImports)
    .where(and(eq(subscriptionImports.id, id), eq(subscriptionImports.company_id, ctx.companyId)));
  if (!row) throw notFound();
  return toImport(row as ImportRow);
}

/** `GET subscriptions/import`: the company's latest import, or null. */
export async function latestSubscriptionImport(ctx: Ctx): Promise<SubscriptionImport | null> {
  const [row] = await ctx.db
    .select(recordColumns)
    .from(subscriptionImports)
    .where(eq(subscriptionImports.company_id, ctx.companyId))
    .orderBy(desc(subscriptionImports.id))
    .limit(1);
  return row ? toImport(row as ImportRow) : null;
}

/** A failure with a message for the merchant. */
class ImportFailure extends Error {}

const changed = (errors: SubscriptionImportError[]) => {
  const [first] = [...errors].sort((a, b) => a.row - b.row);
  return new ImportFailure(
    TEXTS.changedSinceChecked(first!.row, first!.column, first!.message, errors.length - 1),
  );
};

/**
 * Runs a queued import to its end (see the module comment). `ctx` is in the import's company and
 * reads outside a transaction; every write goes through `transact`.
 */
export async function runSubscriptionImport(
  ctx: Ctx,
  transact: Transact,
  importId: number,
  opts: { log: JobContext['log'] },
): Promise<SubscriptionImport | null> {
  const ofThis = and(eq(subscriptionImports.id, importId), eq(subscriptionImports.company_id, ctx.companyId));
  const [claimed] = await transact((c) => {
    const now = c.clock.now().toISOString();
    return c.db
      .update(subscriptionImports)
      .set({ status: 'running', started_at: now, updated_at: now })
      .where(and(ofThis, eq(subscriptionImports.status, 'queued')))
      .returning();
  });
  if (!claimed) {
    opts.log.info({ importId }, 'subscription import not queued any more; skipped');
    return null;
  }
  try {
    if ((await companyCurrency(ctx)) !== claimed.currency) throw new ImportFailure(TEXTS.currencyChanged);
    const rows = claimed.rows;
    // First pass, outside the write: every row matched again (the data may have changed since the
    // file was checked), the progress moving with each chunk.
    for (let i = 0; i < rows.length; i += CHUNK) {
      const { errors } = await matchRows(ctx, rows.slice(i, i + CHUNK), claimed.currency);
      if (errors.length > 0) throw changed(errors);
      const processed = Math.min(rows.length, i + CHUNK);
      await transact((c) =>
        c.db
          .update(subscriptionImports)
          .set({ processed_rows: processed, updated_at: c.clock.now().toISOString() })
          .where(ofThis),
      );
    }
    const [done] = await transact(async (c) => {
      // Matched once more under lock: nothing it names can be archived or deleted before this commits.
      const { matched, errors } = await matchRows(c, rows, claimed.currency, { lock: true });
      if (errors.length > 0) throw changed(errors);
      const made = await writeImportRows(c, matched as MatchedRow[], {
        currency: claimed.currency,
        importId,
        note: `Imported from ${claimed.file_name ?? 'a CSV file'} (import ${importId}).`,
      });
      const now = c.clock.now().toISOString();
      return c.db
        .update(subscriptionImports)
        .set({
          status: 'succeeded',
          processed_rows: rows.length,
          created_orders: made.orders,
          created_subscriptions: made.subscriptions,
          // The rows are written now; the import keeps its counts, not a second copy of them.
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
    if (!known) opts.log.error({ err, importId }, 'subscription import failed');
    const [failed] = await transact((c) => {
      const now = c.clock.now().toISOString();
      return c.db
        .update(subscriptionImports)
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

/**
 * The background job of `POST subscriptions/import`. It never retries: a failed import wrote nothing
 * and is started again by the merchant, with the file fixed.
 */
export const subscriptionImportJob = defineJob({
  name: IMPORT_JOB,
  schema: z.object({
    importId: z.number().int().positive(),
    requestedBy: z.number().int().positive().nullable().optional(),
  }),
  retryLimit: 0,
  async handler({ importId, requestedBy }, jc) {
    // The company is the import row's, never the payload's alone.
    const [row] = await jc.database.primary
      .select({ company_id: subscriptionImports.company_id })
      .from(subscriptionImports)
      .where(eq(subscriptionImports.id, importId));
    if (!row) {
      jc.log.info({ importId }, 'subscription import not found; skipped');
      return null;
    }
    const companyId = row.company_id;
    const actor = jobActor(IMPORT_JOB, jc.attempt?.jobId ?? `import-${importId}`, requestedBy ?? null);
    const result = await runSubscriptionImport(
      jobCtx(jc, actor, companyId),
      (write) => inJobTransaction(jc, actor, companyId, write),
      importId,
      { log: jc.log },
    );
    jc.log.info({ importId, status: result?.status, error: result?.error }, 'subscription import finished');
    // The members are told, as after a product sync (the dialog may have been closed meanwhile).
    const notice = result && subscriptionImportNotification(result);
    if (notice) await notifyCompanyFromJob(jc, actor, companyId, notice);
    return result?.status ?? null;
  },
});
