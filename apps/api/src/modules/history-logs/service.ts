/** Reading the audit trail (written by the audit trigger and the sign-in code). */
import type {
  HISTORY_LOG_SORTS,
  HistoryLog,
  HistoryLogFilters,
  OperatorHistoryLogFilters,
} from '@rentloop/domain/history-logs';
import { and, asc, desc, eq, getTableColumns, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Ctx, isOperator, type PlatformCtx, type UserActor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { historyLogs, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';

const selection = { ...getTableColumns(historyLogs), user_name: users.name, user_email: users.email };

/** A company's entries; operators also see platform entries that belong to no company (users, sign-ins). */
function scope({ actor, companyId }: Ctx<UserActor>): SQL {
  return isOperator(actor.globalRole)
    ? (or(eq(historyLogs.company_id, companyId), isNull(historyLogs.company_id)) as SQL)
    : eq(historyLogs.company_id, companyId);
}

type Sort = (typeof HISTORY_LOG_SORTS)[number];

/** A company's trail (company routes: owners, admins, operators). */
export function listHistoryLogs(
  ctx: Ctx<UserActor>,
  p: ListParams<Sort, HistoryLogFilters>,
): Promise<{ rows: HistoryLog[]; total: number }> {
  return list(ctx.db, [scope(ctx)], p);
}

/**
 * The whole trail (operators only: the route is `access.operator`): every company's entries and the
 * platform's, or one company's with `company_id`, which keeps working after the company is deleted
 * (the trail has no foreign key to companies, so its entries outlive them).
 */
export function listAllHistoryLogs(
  ctx: PlatformCtx,
  p: ListParams<Sort, OperatorHistoryLogFilters>,
): Promise<{ rows: HistoryLog[]; total: number }> {
  const { company_id } = p.filters;
  return list(ctx.db, company_id === undefined ? [] : [eq(historyLogs.company_id, company_id)], p);
}

async function list(
  db: Db,
  scoped: SQL[],
  p: ListParams<Sort, HistoryLogFilters>,
): Promise<{ rows: HistoryLog[]; total: number }> {
  const f = p.filters;
  const conditions: SQL[] = [...scoped];
  if (f.entity) conditions.push(eq(historyLogs.entity_type, f.entity));
  if (f.entity_id) conditions.push(eq(historyLogs.entity_id, f.entity_id));
  if (f.user) conditions.push(eq(historyLogs.user_id, f.user));
  if (f.action) conditions.push(eq(historyLogs.action, f.action));
  if (f.date_from) conditions.push(sql`${historyLogs.created_at} >= ${f.date_from}::date`);
  if (f.date_to) conditions.push(sql`${historyLogs.created_at} < (${f.date_to}::date + 1)`);
  if (p.search)
    conditions.push(
      sql`${historyLogs.entity_type} || ' ' || coalesce(${historyLogs.entity_id}, '') ILIKE ${`%${p.search}%`}`,
    );
  const where = and(...conditions);
  // Entries are appended in time order, so created_at and id sort alike; id is the index.
  const order = p.desc ? desc(historyLogs.id) : asc(historyLogs.id);
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(historyLogs)
      .leftJoin(users, eq(users.id, historyLogs.user_id))
      .where(where)
      .orderBy(order)
      .limit(p.perPage)
      .offset(p.offset),
    db.select({ n: sql<number>`count(*)::int8` }).from(historyLogs).where(where),
  ]);
  return { rows: rows as HistoryLog[], total: Number(total?.n ?? 0) };
}

export async function getHistoryLog(ctx: Ctx<UserActor>, id: number): Promise<HistoryLog> {
  const [row] = await ctx.db
    .select(selection)
    .from(historyLogs)
    .leftJoin(users, eq(users.id, historyLogs.user_id))
    .where(and(eq(historyLogs.id, id), scope(ctx)))
    .limit(1);
  if (!row) throw notFound();
  return row as HistoryLog;
}
