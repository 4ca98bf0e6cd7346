/**
 * Reading returns: the list (db/define-list.ts, read replica) and one return. Every query carries the
 * company: another company's return is not found.
 */
import type { RETURN_SORTS, Return, ReturnFilters } from '@rentloop/domain/returns';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { companySearch } from '../../db/company-search.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { returns } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';

type Sort = (typeof RETURN_SORTS)[number];
type Row = typeof returns.$inferSelect;

const t = returns;
const { search_text: _s, company_id: _c, ...columns } = getTableColumns(t);

export const toReturn = (row: Omit<Row, 'search_text' | 'company_id'>): Return => ({
  id: row.id,
  product_tracking_id: row.product_tracking_id,
  serial_number: row.serial_number,
  product_name: row.product_name,
  subscription_id: row.subscription_id,
  subscription_number: row.subscription_number,
  customer_id: row.customer_id,
  customer_name: row.customer_name,
  status: row.status,
  outcome: row.outcome,
  source: row.source,
  carrier: row.carrier,
  tracking_number: row.tracking_number,
  note: row.note,
  received_on: row.received_on,
  received_by: row.received_by,
  condition_note: row.condition_note,
  inspected_at: row.inspected_at,
  inspected_by: row.inspected_by,
  complete: row.complete,
  missing: row.missing,
  damaged: row.damaged,
  damage: row.damage,
  inspection_note: row.inspection_note,
  closed_at: row.closed_at,
  closed_by: row.closed_by,
  close_note: row.close_note,
  created_by: row.created_by,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const returnList = defineList<Sort, ReturnFilters, Omit<Row, 'search_text' | 'company_id'>, Return>({
  name: 'returns',
  table: t,
  id: t.id,
  scopes: { company: sql`${t.company_id} = ${ph('companyId')}` },
  columns,
  sorts: {
    id: t.id,
    status: t.status,
    serial_number: t.serial_number,
    received_on: t.received_on,
    closed_at: t.closed_at,
    created_at: t.created_at,
  },
  filters: {
    status: (v) => sql`${t.status} = ${v}`,
    outcome: (v) => sql`${t.outcome} = ${v}`,
    product_tracking_id: (v) => sql`${t.product_tracking_id} = ${v}`,
    subscription_id: (v) => sql`${t.subscription_id} = ${v}`,
    // Days of the company's calendar are compared as days of the row's creation in UTC: a list filter,
    // not a billing boundary.
    created_from: (v) => sql`${t.created_at} >= ${v}::date`,
    created_to: (v) => sql`${t.created_at} < (${v}::date + 1)`,
  },
  search: (pattern) => companySearch(t.company_id, t.search_text, pattern),
  total: { entity: 'returns', scope: 'company' },
  map: (row) => toReturn(row),
});

export const listReturns = (ctx: Ctx, p: ListParams<Sort, ReturnFilters>) => returnList.list(ctx, p);

/** The return's row (locked with `lock`); 404 when the company has none of that id. */
export async function returnRow(ctx: Ctx, id: number, lock = false): Promise<Row> {
  const q = ctx.db
    .select()
    .from(t)
    .where(and(eq(t.company_id, ctx.companyId), eq(t.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound();
  return row;
}

export const getReturn = async (ctx: Ctx, id: number): Promise<Return> => toReturn(await returnRow(ctx, id));
