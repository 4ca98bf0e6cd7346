/**
 * Data export (decision 66): `POST data-export` checks what is asked (the list, its parameters as the
 * list checks them, the columns), records the export with the SHA-256 of a fresh random token, writes
 * the history log entry and enqueues the job, all in the request's transaction; the answer carries the
 * token once. `GET data/{token}` finds the export by the token's hash within the company of the URL
 * and streams the stored file back a piece at a time.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  DATA_EXPORT_DAYS,
  DATA_EXPORT_KINDS,
  DATA_EXPORT_TEXTS,
  DATA_EXPORT_TOKEN,
  type DataExport,
  type DataExportCreated,
  type DataExportRequest,
  PERSONAL_DATA_KINDS,
} from '@rentloop/domain/data-export';
import { and, asc, desc, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import { actingUserId, type Ctx } from '../../context.ts';
import type { Database, Tx } from '../../db/client.ts';
import { dataExportChunks, dataExports, historyLogs } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { CONTENT_TYPES } from './file.ts';
import { dataExportJob } from './job.ts';
import { exportListParams, kindColumns } from './kinds.ts';

const DAY_MS = 86_400_000;
/** How many of the user's exports the screen shows. */
const RECENT = 20;

type Row = typeof dataExports.$inferSelect;
const {
  token_hash: _hash,
  params: _params,
  company_id: _company,
  requested_by: _by,
  ...recordColumns
} = getTableColumns(dataExports);

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const toDataExport = (
  row: Omit<Row, 'token_hash' | 'params' | 'company_id' | 'requested_by'>,
): DataExport => ({
  id: row.id,
  kind: row.kind,
  format: row.format,
  status: row.status,
  columns: row.columns,
  rows_done: row.rows_done,
  rows_total: row.rows_total,
  file_name: row.file_name,
  size: row.size,
  error: row.error,
  expires_at: row.expires_at,
  finished_at: row.finished_at,
  created_at: row.created_at,
});

/** The columns asked for, each one of the list's (422 naming `columns.<n>` otherwise); none: all of them. */
function chosenColumns(input: DataExportRequest): string[] {
  const all = kindColumns(input.kind);
  if (!input.columns || input.columns.length === 0) return all;
  const known = new Set(all);
  const unknown = input.columns.findIndex((c) => !known.has(c));
  if (unknown >= 0)
    throw invalid(`columns.${unknown}`, DATA_EXPORT_TEXTS.unknownColumn(input.columns[unknown]!));
  return [...new Set(input.columns)];
}

export async function requestDataExport(ctx: Ctx, input: DataExportRequest): Promise<DataExportCreated> {
  const columns = chosenColumns(input);
  exportListParams(input);
  if (!ctx.deps.boss) throw new AppError('unavailable', 'Background jobs are not running on this server.');
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const params = {
    ...(input.search ? { search: input.search } : {}),
    ...(input.sort ? { sort: input.sort } : {}),
    ...(input.desc !== undefined ? { desc: input.desc } : {}),
    ...(input.filters ? { filters: input.filters } : {}),
  };
  const [row] = await ctx.db
    .insert(dataExports)
    .values({
      company_id: ctx.companyId,
      kind: input.kind,
      format: input.format,
      params,
      columns,
      token_hash: tokenHash(token),
      file_name: `${input.kind.replaceAll('_', '-')}-${await companyToday(ctx)}`,
      requested_by: actingUserId(ctx.actor),
      expires_at: new Date(now.getTime() + DATA_EXPORT_DAYS * DAY_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .returning();
  const [named] = await ctx.db
    .update(dataExports)
    .set({ file_name: `${row!.file_name}-${row!.id}.${input.format}` })
    .where(and(eq(dataExports.company_id, ctx.companyId), eq(dataExports.id, row!.id)))
    .returning();
  // The history log: who exported which list, with which filters and columns (data_exports itself is
  // the job's progress and not audited; the request's id and address come from the audit context).
  await ctx.db.insert(historyLogs).values({
    company_id: ctx.companyId,
    user_id: actingUserId(ctx.actor),
    entity_type: 'data_exports',
    entity_id: String(row!.id),
    action: 'exported',
    after: {
      kind: input.kind,
      format: input.format,
      personal_data: PERSONAL_DATA_KINDS.includes(input.kind),
      ...params,
      columns,
    },
    request_id: sql`nullif(current_setting('rentloop.request_id', true), '')`,
    ip: sql`nullif(current_setting('rentloop.ip', true), '')`,
  });
  await enqueue(ctx.deps.boss, ctx.db, dataExportJob, {
    exportId: row!.id,
    requestedBy: named!.requested_by,
    token,
  });
  return { ...toDataExport(named!), token };
}

/** `GET data-export`: the signed-in user's exports in this company not expired yet, newest first. */
export async function recentDataExports(ctx: Ctx): Promise<DataExport[]> {
  const userId = actingUserId(ctx.actor);
  if (userId === null) return [];
  const rows = await ctx.db
    .select(recordColumns)
    .from(dataExports)
    .where(
      and(
        eq(dataExports.company_id, ctx.companyId),
        eq(dataExports.requested_by, userId),
        gt(dataExports.expires_at, ctx.clock.now().toISOString()),
      ),
    )
    .orderBy(desc(dataExports.id))
    .limit(RECENT);
  return rows.map(toDataExport);
}

export const exportColumns = () => DATA_EXPORT_KINDS.map((kind) => ({ kind, columns: kindColumns(kind) }));

/**
 * `GET data/{token}`: the export of that token in the company of the URL (another company's, a token
 * that never was, or a malformed one: 404), not expired (404 saying so), made (409 while it is being
 * made or when it failed). The file is read a piece at a time as the answer is sent.
 */
export async function dataExportFile(
  ctx: Ctx,
  token: string,
): Promise<{ fileName: string; contentType: string; size: number; body: AsyncIterable<Buffer> }> {
  if (!DATA_EXPORT_TOKEN.test(token)) throw notFound();
  const [row] = await ctx.db
    .select(recordColumns)
    .from(dataExports)
    .where(and(eq(dataExports.company_id, ctx.companyId), eq(dataExports.token_hash, tokenHash(token))));
  if (!row) throw notFound();
  if (new Date(row.expires_at) <= ctx.clock.now()) throw notFound(DATA_EXPORT_TEXTS.expired);
  if (row.status === 'failed') throw new AppError('conflict', DATA_EXPORT_TEXTS.failed);
  if (row.status !== 'ready') throw new AppError('conflict', DATA_EXPORT_TEXTS.preparing);
  const { db, companyId } = ctx;
  async function* pieces() {
    for (let seq = 0; ; seq++) {
      const [piece] = await db
        .select({ bytes: dataExportChunks.bytes })
        .from(dataExportChunks)
        .where(
          and(
            eq(dataExportChunks.company_id, companyId),
            eq(dataExportChunks.export_id, row!.id),
            eq(dataExportChunks.seq, seq),
          ),
        )
        .orderBy(asc(dataExportChunks.seq));
      if (!piece) return;
      yield piece.bytes;
    }
  }
  return {
    fileName: row.file_name,
    contentType: CONTENT_TYPES[row.format],
    size: row.size ?? 0,
    body: pieces(),
  };
}

/** Deletes every expired export with its file (the nightly purge): nothing can download it any more. */
export async function purgeExpiredDataExports(db: Tx | Database['primary'], now: Date): Promise<number> {
  const removed = await db
    .delete(dataExports)
    .where(lt(dataExports.expires_at, now.toISOString()))
    .returning({ id: dataExports.id });
  return removed.length;
}
