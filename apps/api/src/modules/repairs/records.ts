/**
 * Reading repairs: the list (db/define-list.ts; search by serial number or product), and one repair
 * with its pinned questionnaire version and the summary's costs computed from its answers. Every query
 * carries the company: another company's repair is not found.
 */
import { removesFromStock, repairCosts } from '@rentloop/domain/repair-answers';
import type { REPAIR_SORTS, Repair, RepairDetail, RepairFilters } from '@rentloop/domain/repairs';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context.ts';
import { companySearch } from '../../db/company-search.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { companies, repairs, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { companyCurrency, toDecimal } from '../../money.ts';
import { questionnaireVersion } from '../repair-questions/service.ts';

type Sort = (typeof REPAIR_SORTS)[number];
export type RepairRow = typeof repairs.$inferSelect;
type Named = Omit<RepairRow, 'search_text' | 'company_id'> & {
  currency: string;
  opened_by_name: string | null;
  closed_by_name: string | null;
};

const t = repairs;
const { search_text: _s, company_id: _c, ...columns } = getTableColumns(t);
const opener = alias(users, 'opener');
const closer = alias(users, 'closer');

export const toRepair = (row: Named): Repair => ({
  id: row.id,
  product_tracking_id: row.product_tracking_id,
  serial_number: row.serial_number,
  product_name: row.product_name,
  status: row.status,
  questionnaire_id: row.questionnaire_id,
  questionnaire_version: row.questionnaire_version,
  answers: row.answers,
  total_cost: toDecimal(row.total_cost, row.currency),
  currency: row.currency,
  outcome: row.outcome,
  reason: row.reason,
  opened_by: row.opened_by_name,
  closed_by: row.closed_by_name,
  closed_at: row.closed_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const currencyColumn = sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`;

export const repairList = defineList<Sort, RepairFilters, Named, Repair>({
  name: 'repairs',
  table: t,
  id: t.id,
  scopes: { company: sql`${t.company_id} = ${ph('companyId')}` },
  columns: { ...columns, currency: currencyColumn, opened_by_name: opener.name, closed_by_name: closer.name },
  joins: [
    { table: opener, on: sql`${opener.id} = ${t.opened_by}`, type: 'left' },
    { table: closer, on: sql`${closer.id} = ${t.closed_by}`, type: 'left' },
  ],
  sorts: {
    id: t.id,
    serial_number: t.serial_number,
    status: t.status,
    total_cost: t.total_cost,
    created_at: t.created_at,
    closed_at: t.closed_at,
  },
  filters: {
    status: (v) => sql`${t.status} = ${v}`,
    product_tracking_id: (v) => sql`${t.product_tracking_id} = ${v}`,
    created_from: (v) => sql`${t.created_at} >= ${v}::date`,
    created_to: (v) => sql`${t.created_at} < (${v}::date + 1)`,
  },
  search: (pattern) => companySearch(t.company_id, t.search_text, pattern),
  total: { entity: 'repairs', scope: 'company' },
  map: (row) => toRepair(row),
});

export const listRepairs = (ctx: Ctx, p: ListParams<Sort, RepairFilters>) => repairList.list(ctx, p);

/** The repair's row (locked with `lock`); 404 when the company has none of that id. */
export async function repairRow(ctx: Ctx, id: number, lock = false): Promise<RepairRow> {
  const q = ctx.db
    .select()
    .from(t)
    .where(and(eq(t.company_id, ctx.companyId), eq(t.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound();
  return row;
}

/** GET repairs/{id}: the repair, the questions it is answered with, and its costs with its answers. */
export async function getRepair(ctx: Ctx, id: number): Promise<RepairDetail> {
  const row = await repairRow(ctx, id);
  const names = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(sql`${users.id} IN (${row.opened_by ?? 0}, ${row.closed_by ?? 0})`);
  const nameOf = (uid: number | null) => names.find((n) => n.id === uid)?.name ?? null;
  const currency = await companyCurrency(ctx);
  const questionnaire = await questionnaireVersion(ctx, row.questionnaire_id);
  const costs = repairCosts(questionnaire.pages, row.answers, questionnaire.currency);
  const hours = costs.hours_hundredths;
  return {
    ...toRepair({
      ...row,
      currency,
      opened_by_name: nameOf(row.opened_by),
      closed_by_name: nameOf(row.closed_by),
    }),
    pages: questionnaire.pages,
    summary: {
      hours: `${hours / 100n}.${String(hours % 100n).padStart(2, '0')}`,
      lines: costs.lines.map((l) => ({
        ...l,
        amount: toDecimal(l.amount, questionnaire.currency) as string,
      })),
      total: toDecimal(costs.total, questionnaire.currency) as string,
      removes_from_stock: removesFromStock(questionnaire.pages, row.answers),
    },
  };
}
