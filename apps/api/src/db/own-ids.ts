/**
 * A bulk change names its rows by id: every id must be a row of the company, or the whole request is
 * refused (422 on `ids`, naming them) before anything changes, as a single change of another company's
 * row is a 404. The per-row results of a bulk change are then only about the rows themselves.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../context.ts';
import { invalid } from '../errors.ts';

export async function requireOwnIds(
  ctx: Ctx,
  table: PgTable & { id: PgColumn; company_id: PgColumn },
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.company_id, ctx.companyId), inArray(table.id, [...ids])));
  const found = new Set(rows.map((r) => Number(r.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw invalid('ids', `No such record: ${missing.join(', ')}.`);
}
