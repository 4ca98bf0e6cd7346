import type { EMAIL_ENTRY_SORTS, EmailEntry } from '@rentloop/domain/email';
import { and, asc, count, desc, eq, getTableColumns, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Ctx, isOperator, type UserActor } from '../../context.ts';
import { emailEntries } from '../../db/schema/index.ts';
import type { ListParams } from '../../lists.ts';
import { likePattern } from '../../lists.ts';

// Never `delivery_html`: the unredacted body (with a still-valid link) stays with the delivery job.
const { updated_at: _u, delivery_html: _d, ...columns } = getTableColumns(emailEntries);

/** The company's sent mail; operators also see platform mail (password resets, operator invitations). */
export async function listEmailEntries(
  ctx: Ctx<UserActor>,
  p: ListParams<(typeof EMAIL_ENTRY_SORTS)[number], { status?: EmailEntry['status']; kind?: string }>,
): Promise<{ rows: EmailEntry[]; total: number }> {
  const { db, actor, companyId } = ctx;
  const conditions: SQL[] = [
    isOperator(actor.globalRole)
      ? (or(eq(emailEntries.company_id, companyId), isNull(emailEntries.company_id)) as SQL)
      : eq(emailEntries.company_id, companyId),
  ];
  if (p.filters.status) conditions.push(eq(emailEntries.status, p.filters.status));
  if (p.filters.kind) conditions.push(eq(emailEntries.kind, p.filters.kind));
  if (p.search) {
    conditions.push(
      sql`(lower(${emailEntries.to}) LIKE ${likePattern(p.search)} OR lower(${emailEntries.subject}) LIKE ${likePattern(p.search)})`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(emailEntries)
      .where(where)
      .orderBy(p.desc ? desc(emailEntries.id) : asc(emailEntries.id))
      .limit(p.perPage)
      .offset(p.offset),
    db.select({ n: count() }).from(emailEntries).where(where),
  ]);
  return { rows: rows as EmailEntry[], total: Number(total?.n ?? 0) };
}
