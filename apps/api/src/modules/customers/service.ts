/**
 * Customers of one company. Every query carries `company_id = companyId`: a record of another
 * company is not found, never shown or changed.
 */
import type {
  CUSTOMER_SORTS,
  Customer,
  CustomerDetail,
  CustomerFilters,
  CustomerInput,
} from '@rentloop/domain/customers';
import { CUSTOMER_TEXTS, customerInputSchema, customerUpdateSchema } from '@rentloop/domain/customers';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { customers, entityCounts, orders } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { recordEvent } from '../events/service.ts';
import { deleteNotesOf } from '../notes/service.ts';
import { runningOnDay } from '../subscriptions/records.ts';

type Sort = (typeof CUSTOMER_SORTS)[number];

// What the API returns: every column but the derived search and filter columns.
const { search_text: _s, billing_country: _b, ...columns } = getTableColumns(customers);

const duplicateEmail = () => invalid('email', 'A customer with this email already exists.');

type ListFilters = Omit<CustomerFilters, 'archived'>;

/** When the customer's first order was placed (quotes not counted), as the cohort grid reads it. */
const firstOrderAt = sql`(select min(o.created_at) from orders o
  where o.company_id = ${customers.company_id} and o.customer_id = ${customers.id} and o.status <> 'draft')`;

/**
 * The customers list (db/define-list.ts builds its statements). Active and archived customers are two
 * scopes rather than a filter: the active one keeps the maintained total (entity_counts counts active
 * rows, migration 0022) and the partial indexes; the `archived` filter of the API picks the scope.
 */
export const customerList = defineList<Sort, ListFilters, Customer>({
  name: 'customers',
  table: customers,
  id: customers.id,
  scopes: {
    company: sql`${customers.company_id} = ${ph('companyId')} AND ${customers.archived_at} IS NULL`,
    archived: sql`${customers.company_id} = ${ph('companyId')} AND ${customers.archived_at} IS NOT NULL`,
  },
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
    subscribed_on: (
      v,
    ) => sql`exists (select 1 from subscriptions s where s.company_id = ${customers.company_id}
      and s.customer_id = ${customers.id} and ${runningOnDay(sql`s`, v)})`,
    first_order_from: (v) => sql`${firstOrderAt} >= ${v}::date`,
    first_order_to: (v) => sql`${firstOrderAt} < (${v}::date + 1)`,
  },
  search: (pattern) => sql`${customers.search_text} LIKE ${pattern}`,
  total: { entity: 'customers', scope: 'company' },
});

export const listCustomers = (
  ctx: Ctx,
  p: ListParams<Sort, CustomerFilters>,
): Promise<{ rows: Customer[]; total: number }> => {
  const { archived, ...filters } = p.filters;
  return customerList.list(ctx, { ...p, filters }, archived ? 'archived' : 'company');
};

export async function getCustomer(ctx: Ctx, id: number): Promise<Customer> {
  const [row] = await ctx.db
    .select(columns)
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, ctx.companyId)))
    .limit(1);
  if (!row) throw notFound();
  return row as Customer;
}

/**
 * Why a customer may not be deleted, or null: a customer with orders or quotes keeps their history
 * (subscriptions and, with billing, invoices hang off the orders); archive them instead.
 */
async function deleteRefusedFor(ctx: Ctx, id: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.company_id, ctx.companyId), eq(orders.customer_id, id)));
  const n = Number(row?.n ?? 0);
  return n > 0 ? CUSTOMER_TEXTS.hasOrders(n) : null;
}

export async function getCustomerDetail(ctx: Ctx, id: number): Promise<CustomerDetail> {
  const customer = await getCustomer(ctx, id);
  return { ...customer, delete_refused: await deleteRefusedFor(ctx, id) };
}

/**
 * Archives (`archive: true`) or restores a customer: archived customers leave the default list and
 * its total (migration 0022's trigger), nothing else changes. The same state again is a 409.
 */
export async function setCustomerArchived(ctx: Ctx, id: number, archive: boolean): Promise<CustomerDetail> {
  const before = await getCustomer(ctx, id);
  if ((before.archived_at !== null) === archive)
    throw new AppError('conflict', archive ? CUSTOMER_TEXTS.alreadyArchived : CUSTOMER_TEXTS.notArchived);
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .update(customers)
    .set({ archived_at: archive ? now : null, updated_at: now })
    .where(and(eq(customers.id, id), eq(customers.company_id, ctx.companyId)))
    .returning(columns);
  if (!row) throw notFound();
  await recordEvent(ctx, {
    type: archive ? 'customer.archived' : 'customer.restored',
    object: 'customer',
    objectId: id,
    payload: { name: row.name },
  });
  return { ...(row as Customer), delete_refused: await deleteRefusedFor(ctx, id) };
}

/** Deletes a customer nothing refers to; otherwise a 409 with the reason (archive it instead). */
export async function deleteCustomer(ctx: Ctx, id: number): Promise<void> {
  const customer = await getCustomer(ctx, id);
  const refused = await deleteRefusedFor(ctx, id);
  if (refused) throw new AppError('conflict', refused);
  // Notes name their record by kind and id (no foreign key): they go with it.
  await deleteNotesOf(ctx, 'customer', id);
  await ctx.db.delete(customers).where(and(eq(customers.id, id), eq(customers.company_id, ctx.companyId)));
  await recordEvent(ctx, {
    type: 'customer.deleted',
    object: 'customer',
    objectId: id,
    payload: { name: customer.name, email: customer.email },
  });
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
