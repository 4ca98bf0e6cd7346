/**
 * Customers of one company. Every query carries `company_id = companyId`: a record of another
 * company is not found, never shown or changed.
 */
import type { CUSTOMER_SORTS, Customer, CustomerFilters, CustomerInput } from '@rentloop/domain/customers';
import { customerInputSchema, customerUpdateSchema } from '@rentloop/domain/customers';
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { statement } from '../../db/list-pages.ts';
import { customers, entityCounts } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { type ListParams, likePattern } from '../../lists.ts';
import { recordEvent } from '../events/service.ts';

type Sort = (typeof CUSTOMER_SORTS)[number];

// What the API returns: every column but the derived search and filter columns.
const { search_text: _s, billing_country: _b, ...columns } = getTableColumns(customers);

const duplicateEmail = () => invalid('email', 'A customer with this email already exists.');

/**
 * The shape of a list query: its sort and which filters it has. Each shape's SQL is built once per
 * process, with placeholders for the values (company, search pattern, filter values, limit, offset).
 */
interface Shape {
  sort: Sort;
  desc: boolean;
  search: boolean;
  language: boolean;
  country: boolean;
  from: boolean;
  to: boolean;
}
const shapeOf = (p: ListParams<Sort, CustomerFilters>): Shape => ({
  sort: p.sort,
  desc: p.desc,
  search: Boolean(p.search),
  language: Boolean(p.filters.language),
  country: Boolean(p.filters.country),
  from: Boolean(p.filters.created_from),
  to: Boolean(p.filters.created_to),
});
const isFiltered = (s: Shape) => s.search || s.language || s.country || s.from || s.to;
const valuesOf = (companyId: number, p: ListParams<Sort, CustomerFilters>) => ({
  companyId,
  pattern: p.search ? likePattern(p.search) : null,
  language: p.filters.language ?? null,
  country: p.filters.country ?? null,
  from: p.filters.created_from ?? null,
  to: p.filters.created_to ?? null,
  limit: p.perPage,
  offset: p.offset,
});

const ph = (name: string) => sql.placeholder(name);

function filterConditions(s: Shape): SQL[] {
  const c: SQL[] = [sql`${customers.company_id} = ${ph('companyId')}`];
  if (s.search) c.push(sql`${customers.search_text} LIKE ${ph('pattern')}`);
  if (s.language) c.push(sql`${customers.language} = ${ph('language')}`);
  if (s.country) c.push(sql`${customers.billing_country} = ${ph('country')}`);
  if (s.from) c.push(sql`${customers.created_at} >= ${ph('from')}::date`);
  if (s.to) c.push(sql`${customers.created_at} < (${ph('to')}::date + 1)`);
  return c;
}

/**
 * The list's query, in one statement (one round trip, one snapshot), where every row carries the
 * exact total: from entity_counts (kept by a trigger) when there is no search or filter, else
 * counted (an InitPlan, once, not per row). The page's ids come from the index alone
 * (company_id, sort, id) and only those rows are then read, which keeps deep pages cheap (OFFSET
 * walks index entries, not table rows). `reverse` reads the page from the other end of the index
 * (see DEEP_OFFSET); the rows still come back in the requested order.
 */
function listQuery(db: Db, s: Shape, reverse: boolean) {
  const where = and(...filterConditions(s));
  const orderBy = (descending: boolean) => {
    const direction = descending ? desc : asc;
    return s.sort === 'id'
      ? [direction(customers.id)]
      : [direction(customers[s.sort]), direction(customers.id)];
  };
  if (s.search) {
    // A search counts its matches anyway (a trigram bitmap scan that reads every matching row), so
    // the page is taken from those same matches: one scan, then a top-N sort of the matching ids,
    // instead of a second walk down the index that filters rows until the page is full (which
    // costs most when the term is rare). Referenced twice, the CTE is computed once.
    const matches = db.$with('matches').as(
      db
        .select({ id: customers.id, key: sql`${customers[s.sort]}`.as('sort_key') })
        .from(customers)
        .where(where),
    );
    const direction = s.desc ? desc : asc;
    // Not `.with(matches)` here: the subquery reads the outer statement's CTE.
    const pageIds = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(direction(matches.key), direction(matches.id))
      .limit(ph('limit'))
      .offset(ph('offset'));
    return db
      .with(matches)
      .select({ ...columns, total: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
      .from(customers)
      .where(inArray(customers.id, pageIds))
      .orderBy(...orderBy(s.desc));
  }
  const pageIds = db
    .select({ id: customers.id })
    .from(customers)
    .where(where)
    .orderBy(...orderBy(s.desc !== reverse))
    .limit(ph('limit'))
    .offset(ph('offset'));
  const total = isFiltered(s)
    ? sql<number>`(select count(*) from ${customers} where ${where})`
    : sql<number>`(select ${entityCounts.total} from ${entityCounts}
        where ${entityCounts.company_id} = ${ph('companyId')} and ${entityCounts.entity} = 'customers')`;
  return db
    .select({ ...columns, total: total.mapWith(Number) })
    .from(customers)
    .where(inArray(customers.id, pageIds))
    .orderBy(...orderBy(s.desc));
}

/** The total alone, for a page past the end (no row to carry it) and to place a deep page. */
function totalQuery(db: Db, s: Shape) {
  return isFiltered(s)
    ? db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(customers)
        .where(and(...filterConditions(s)))
    : db
        .select({ n: entityCounts.total })
        .from(entityCounts)
        .where(and(eq(entityCounts.company_id, ph('companyId')), eq(entityCounts.entity, 'customers')));
}

// Statements are built once per process and shape; the unfiltered ones are named prepared statements
// (db/list-pages.ts says why).
const shapeKey = (s: Shape) =>
  `customers_${s.sort}_${s.desc ? 'desc' : 'asc'}${isFiltered(s) ? `_f${[s.search, s.language, s.country, s.from, s.to].map(Number).join('')}` : ''}`;
const listStatement = (db: Db, s: Shape, reverse: boolean) =>
  statement(db, `${shapeKey(s)}${reverse ? '_rev' : ''}`, !isFiltered(s), () => listQuery(db, s, reverse));
const totalStatement = (db: Db, s: Shape) =>
  isFiltered(s)
    ? statement(db, `${shapeKey(s)}_count`, false, () => totalQuery(db, s))
    : statement(db, 'customers_total', true, () => totalQuery(db, s));

/**
 * Offsets from which an unfiltered page is read from whichever end of the index is nearer: page
 * 9,001 of 10,000 walks 9,990 index entries from the end instead of 90,000 from the start. The
 * offsets from the end come from the total, which entity_counts keeps exact in the same transaction
 * as every insert and delete; the statement returns the total of its own snapshot, and the page is
 * read again from the start if a write came in between, so it is always the page the forward scan
 * gives.
 */
const DEEP_OFFSET = 1_000;

type Row = Customer & { total: number };
const withoutTotal = (rows: Row[]) => rows.map(({ total: _t, ...row }) => row as Customer);

export async function listCustomers(
  ctx: Ctx,
  p: ListParams<Sort, CustomerFilters>,
): Promise<{ rows: Customer[]; total: number }> {
  const { db } = ctx;
  const shape = shapeOf(p);
  const values = valuesOf(ctx.companyId, p);
  const readTotal = async () => Number((await totalStatement(db, shape).execute(values))[0]?.n ?? 0);

  if (!isFiltered(shape) && p.offset >= DEEP_OFFSET) {
    const total = await readTotal();
    if (p.offset >= total) return { rows: [], total };
    const fromEnd = total - p.offset - p.perPage;
    if (fromEnd < p.offset) {
      const rows = (await listStatement(db, shape, true).execute({
        ...values,
        limit: Math.min(p.perPage, total - p.offset),
        offset: Math.max(0, fromEnd),
      })) as Row[];
      if (rows[0]?.total === total) return { rows: withoutTotal(rows), total };
      // A write came in between: read the page from the start.
    }
  }

  const rows = (await listStatement(db, shape, false).execute(values)) as Row[];
  if (rows.length > 0) return { rows: withoutTotal(rows), total: Number(rows[0]?.total) };
  // An empty page (past the end) has no row to carry the total.
  return { rows: [], total: await readTotal() };
}

export async function getCustomer(ctx: Ctx, id: number): Promise<Customer> {
  const [row] = await ctx.db
    .select(columns)
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, ctx.companyId)))
    .limit(1);
  if (!row) throw notFound();
  return row as Customer;
}

export async function createCustomer(ctx: Ctx, input: CustomerInput): Promise<Customer> {
  const data = customerInputSchema.parse(input);
  try {
    const [row] = await ctx.db
      .insert(customers)
      .values({ ...data, company_id: ctx.companyId })
      .returning(columns);
    if (!row) throw new AppError('internal');
    await recordEvent(ctx, {
      type: 'customer.created',
      object: 'customer',
      objectId: row.id,
      payload: { name: row.name, email: row.email },
    });
    return row as Customer;
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateEmail();
    throw e;
  }
}

export async function updateCustomer(ctx: Ctx, id: number, input: Partial<CustomerInput>): Promise<Customer> {
  const data = customerUpdateSchema.parse(input);
  if (Object.keys(data).length === 0) return getCustomer(ctx, id);
  try {
    const [row] = await ctx.db
      .update(customers)
      .set({ ...data, updated_at: ctx.clock.now().toISOString() })
      .where(and(eq(customers.id, id), eq(customers.company_id, ctx.companyId)))
      .returning(columns);
    if (!row) throw notFound();
    return row as Customer;
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateEmail();
    throw e;
  }
}

/** The figures of the Insights screen's customer cards. */
export async function customerInsights(ctx: Ctx): Promise<{ total: number; new_this_month: number }> {
  const { db, companyId } = ctx;
  const monthStart = startOfUtcMonth(ctx.clock.now()).toISOString();
  const [totals, fresh] = await Promise.all([
    db
      .select({ n: entityCounts.total })
      .from(entityCounts)
      .where(and(eq(entityCounts.company_id, companyId), eq(entityCounts.entity, 'customers'))),
    db
      .select({ n: sql<number>`count(*)::int8` })
      .from(customers)
      .where(
        and(eq(customers.company_id, companyId), sql`${customers.created_at} >= ${monthStart}::timestamptz`),
      ),
  ]);
  return { total: Number(totals[0]?.n ?? 0), new_this_month: Number(fresh[0]?.n ?? 0) };
}

const startOfUtcMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
