/** Reading the audit trail (written by the audit trigger and the sign-in code). */
import type {
  HISTORY_LOG_SORTS,
  HistoryLog,
  HistoryLogFilters,
  OperatorHistoryLogFilters,
} from '@rentloop/domain/history-logs';
import { and, eq, getTableColumns, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Ctx, isOperator, type PlatformCtx, type UserActor } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { historyLogs, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { type HistoryLogRow, withRecordNames } from './record-names.ts';

const selection = { ...getTableColumns(historyLogs), user_name: users.name, user_email: users.email };

/** A company's entries; operators also see platform entries that belong to no company (users, sign-ins). */
function scope({ actor, companyId }: Ctx<UserActor>): SQL {
  return isOperator(actor.globalRole)
    ? (or(eq(historyLogs.company_id, companyId), isNull(historyLogs.company_id)) as SQL)
    : eq(historyLogs.company_id, companyId);
}

type Sort = (typeof HISTORY_LOG_SORTS)[number];

/**
 * The trail as a list (db/define-list.ts). No entity_counts trigger (the trail is written by the audit
 * trigger on every change; a count per company and row would serialize them): totals count the matching
 * rows on the indexes, `(company_id, id)` for a company, the filters' own indexes, and the trigram
 * index on the searched expression (migration 0021).
 */
export const historyLogList = defineList<Sort, OperatorHistoryLogFilters, HistoryLogRow>({
  name: 'history_logs',
  table: historyLogs,
  id: historyLogs.id,
  scopes: {
    company: sql`${historyLogs.company_id} = ${ph('companyId')}`,
    // Operators under a company's URL: its entries and the platform's.
    withPlatform: sql`(${historyLogs.company_id} = ${ph('companyId')} or ${historyLogs.company_id} is null)`,
    // Operators' whole trail (filtered by `company_id` to one company's, deleted ones too).
    all: undefined,
  },
  columns: selection,
  joins: [{ table: users, on: eq(users.id, historyLogs.user_id), type: 'left' }],
  // Entries are appended in time order, so created_at and id sort alike; id is the index.
  sorts: { id: historyLogs.id, created_at: historyLogs.id },
  filters: {
    entity: (v) => sql`${historyLogs.entity_type} = ${v}`,
    entity_id: (v) => sql`${historyLogs.entity_id} = ${v}`,
    user: (v) => sql`${historyLogs.user_id} = ${v}`,
    action: (v) => sql`${historyLogs.action} = ${v}`,
    date_from: (v) => sql`${historyLogs.created_at} >= ${v}::date`,
    date_to: (v) => sql`${historyLogs.created_at} < (${v}::date + 1)`,
    company_id: (v) => sql`${historyLogs.company_id} = ${v}`,
  },
  search: (pattern) =>
    sql`lower(${historyLogs.entity_type} || ' ' || coalesce(${historyLogs.entity_id}, '')) LIKE ${pattern}`,
  // Exact totals without counting (db/trail-counts.ts): the trail grows with every write.
  trail: {
    entity: 'history_logs',
    scopes: { company: 'company', withPlatform: 'company+platform', all: 'all' },
  },
});

/** A company's trail (company routes: owners, admins, operators), with the records' names. */
export async function listHistoryLogs(
  ctx: Ctx<UserActor>,
  p: ListParams<Sort, HistoryLogFilters>,
): Promise<{ rows: HistoryLog[]; total: number }> {
  const page = await historyLogList.list(
    ctx,
    p,
    isOperator(ctx.actor.globalRole) ? 'withPlatform' : 'company',
  );
  return { rows: await withRecordNames(ctx.db, page.rows), total: page.total };
}

/** The same entries, every one, in batches (http/list-export.ts). */
export const exportHistoryLogs = (
  ctx: Ctx<UserActor>,
  p: ListParams<Sort, HistoryLogFilters>,
  ids?: number[],
) =>
  historyLogList.batches(ctx, p, {
    scope: isOperator(ctx.actor.globalRole) ? 'withPlatform' : 'company',
    ids,
  });

export const exportAllHistoryLogs = (
  ctx: PlatformCtx,
  p: ListParams<Sort, OperatorHistoryLogFilters>,
  ids?: number[],
) => historyLogList.batches(ctx, p, { scope: 'all', ids });

/**
 * The whole trail (operators only: the route is `access.operator`): every company's entries and the
 * platform's, or one company's with `company_id`, which keeps working after the company is deleted
 * (the trail has no foreign key to companies, so its entries outlive them).
 */
export async function listAllHistoryLogs(
  ctx: PlatformCtx,
  p: ListParams<Sort, OperatorHistoryLogFilters>,
): Promise<{ rows: HistoryLog[]; total: number }> {
  const page = await historyLogList.list(ctx, p, 'all');
  return { rows: await withRecordNames(ctx.db, page.rows), total: page.total };
}

export async function getHistoryLog(ctx: Ctx<UserActor>, id: number): Promise<HistoryLog> {
  const [row] = await ctx.db
    .select(selection)
    .from(historyLogs)
    .leftJoin(users, eq(users.id, historyLogs.user_id))
    .where(and(eq(historyLogs.id, id), scope(ctx)))
    .limit(1);
  if (!row) throw notFound();
  const [named] = await withRecordNames(ctx.db, [row as HistoryLogRow]);
  return named!;
}
