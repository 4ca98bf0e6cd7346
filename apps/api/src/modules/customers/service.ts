/**
 * Customers of one company. Every query carries `company_id = companyId`: a record of another
 * company is not found, never shown or changed.
 */
import type { CUSTOMER_SORTS, Customer, CustomerFilters, CustomerInput } from '@rentloop/domain/customers';
import { customerInputSchema, customerUpdateSchema } from '@rentloop/domain/customers';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { customers, entityCounts } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { recordEvent } from '../events/service.ts';

type Sort = (typeof CUSTOMER_SORTS)[number];

// What the API returns: every column but the derived search and filter columns.
const { search_text: _s, billing_country: _b, ...columns } = getTableColumns(customers);

const duplicateEmail = () => invalid('email', 'A customer with this email already exists.');

/** The customers list (db/define-list.ts builds its statements). */
export const customerList = defineList<Sort, CustomerFilters, Customer>({
  name: 'customers',
  table: customers,
  id: customers.id,
  scopes: { company: sql`${customers.company_id} = ${ph('companyId')}` },
  columns,
  sorts: {
    id: customers.id,
    name: customers.name,
    email: customers.email,
    created_at: customers.created_at,
    updated_at: customers.updated_at,
  },
  filters: {
    language: (v) => sql`${customers.language} = ${v}`,
    country: (v) => sql`${customers.billing_country} = ${v}`,
    created_from: (v) => sql`${customers.created_at} >= ${v}::date`,
    created_to: (v) => sql`${customers.created_at} < (${v}::date + 1)`,
  },
  search: (pattern) => sql`${customers.search_text} LIKE ${pattern}`,
  total: { entity: 'customers', scope: 'company' },
});

export const listCustomers = (
  ctx: Ctx,
  p: ListParams<Sort, CustomerFilters>,
): Promise<{ rows: Customer[]; total: number }> => customerList.list(ctx, p);

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
