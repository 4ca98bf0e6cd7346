/**
 * The figures behind the Insights graphs and stat cards (docs/insights.md has the definitions), per
 * bucket of dates: one aggregate query per source table over a VALUES list of the buckets, on the
 * company's own rows, summed by the database (bigint sums read as text, never through a float).
 * Timestamps are read as dates in the company's time zone; dates (issue date, start date) as they are.
 * The invoice and attempt figures also answer for one customer (`customerId`: the customer page's
 * figures, customers/insights.ts), with one bucket from `SINCE_EVER` to today.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';

export interface Range {
  from: string;
  to: string;
}

/** The first day of the bucket "to date": before any record. */
export const SINCE_EVER = '1900-01-01';

type Rows = { rows: Record<string, unknown>[] };
const run = async (ctx: Ctx, query: SQL) => ((await ctx.db.execute(query)) as unknown as Rows).rows;

const bucketsOf = (ranges: Range[]) =>
  sql`(values ${sql.join(
    ranges.map((r, i) => sql`(${i}::int, ${r.from}::date, ${r.to}::date)`),
    sql`, `,
  )}) as b(i, s, e)`;

const byIndex = <T>(
  n: number,
  rows: Record<string, unknown>[],
  read: (r: Record<string, unknown>) => T,
  empty: T,
) => {
  const out: T[] = Array.from({ length: n }, () => empty);
  for (const r of rows) out[Number(r.i)] = read(r);
  return out;
};
const big = (v: unknown) => BigInt(String(v ?? '0'));
const int = (v: unknown) => Number(v ?? 0);

/** Narrows a figure to one customer's rows (the customer page), or to none: the whole company's. */
const ofCustomer = (table: SQL, customerId?: number) =>
  customerId === undefined ? sql`` : sql` and ${table}.customer_id = ${customerId}`;

/** A timestamp column as the company's local date. */
const day = (column: SQL, tz: string) => sql`(${column} at time zone ${tz})::date`;

/** The day a subscription stopped running (company date), null while it runs. */
export const endDay = (tz: string) => day(sql`s.ended_at`, tz);
/** Running on day `d`: started by then, not pending its start, not ended on or before it. */
export const runningOn = (d: SQL, tz: string) =>
  sql`(s.start_date <= ${d} and s.status <> 'pending activation' and (s.ended_at is null or ${endDay(tz)} > ${d}))`;

export interface SubscriptionFigures {
  active: number;
  customers: number;
  /** Running the day before the bucket, plus started in it: those that could churn in it. */
  exposed: number;
  churned: number;
  /** Days from start to end of the churned ones, summed. */
  lifetimeDays: bigint;
}

export async function subscriptionFigures(
  ctx: Ctx,
  ranges: Range[],
  tz: string,
): Promise<SubscriptionFigures[]> {
  const startedIn = sql`(s.start_date between b.s and b.e and s.status <> 'pending activation')`;
  const churnedIn = sql`(s.ended_at is not null and ${endDay(tz)} between b.s and b.e and s.start_date <= ${endDay(tz)})`;
  const rows = await run(
    ctx,
    sql`select b.i,
      count(s.id) filter (where ${runningOn(sql`b.e`, tz)}) as active,
      count(distinct s.customer_id) filter (where ${runningOn(sql`b.e`, tz)}) as customers,
      count(s.id) filter (where ${runningOn(sql`(b.s - 1)`, tz)} or ${startedIn}) as exposed,
      count(s.id) filter (where ${churnedIn}) as churned,
      coalesce(sum(${endDay(tz)} - s.start_date) filter (where ${churnedIn}), 0)::text as days
    from ${bucketsOf(ranges)} left join subscriptions s on s.company_id = ${ctx.companyId}
    group by b.i`,
  );
  return byIndex(
    ranges.length,
    rows,
    (r) => ({
      active: int(r.active),
      customers: int(r.customers),
      exposed: int(r.exposed),
      churned: int(r.churned),
      lifetimeDays: big(r.days),
    }),
    { active: 0, customers: 0, exposed: 0, churned: 0, lifetimeDays: 0n },
  );
}

export interface InvoiceFigures {
  /** Net of the invoices issued in the bucket, credits netted. */
  revenue: bigint;
  /** Net of every invoice issued up to the bucket's end, and the customers they were issued to. */
  revenueToDate: bigint;
  customersToDate: number;
  unpaidCount: number;
  unpaidAmount: bigint;
  recoveredCount: number;
  recoveredAmount: bigint;
}

/** Whether an invoice with a positive total is owed: not cancelled, not settled. */
const owed = sql`(i.gross > 0 and i.payment_status <> 'settled' and not exists (select 1 from invoices c
  where c.company_id = i.company_id and c.original_invoice_id = i.id and c.type = 'cancellation' and c.status = 'issued'))`;

export async function invoiceFigures(
  ctx: Ctx,
  ranges: Range[],
  tz: string,
  currency: string,
  customerId?: number,
): Promise<InvoiceFigures[]> {
  const inBucket = sql`(i.issue_date between b.s and b.e)`;
  const recovered = sql`(i.recovered_at is not null and ${day(sql`i.recovered_at`, tz)} between b.s and b.e)`;
  const rows = await run(
    ctx,
    sql`select b.i,
      coalesce(sum(i.net) filter (where ${inBucket}), 0)::text as revenue,
      coalesce(sum(i.net) filter (where i.issue_date <= b.e), 0)::text as to_date,
      count(distinct i.customer_id) filter (where i.issue_date <= b.e) as customers,
      count(i.id) filter (where ${inBucket} and ${owed}) as unpaid,
      coalesce(sum(i.gross) filter (where ${inBucket} and ${owed}), 0)::text as unpaid_amount,
      count(i.id) filter (where ${recovered}) as recovered,
      coalesce(sum(i.gross) filter (where ${recovered}), 0)::text as recovered_amount
    from ${bucketsOf(ranges)} left join invoices i on i.company_id = ${ctx.companyId}
      and i.status = 'issued' and i.currency = ${currency}${ofCustomer(sql`i`, customerId)}
    group by b.i`,
  );
  return byIndex(
    ranges.length,
    rows,
    (r) => ({
      revenue: big(r.revenue),
      revenueToDate: big(r.to_date),
      customersToDate: int(r.customers),
      unpaidCount: int(r.unpaid),
      unpaidAmount: big(r.unpaid_amount),
      recoveredCount: int(r.recovered),
      recoveredAmount: big(r.recovered_amount),
    }),
    {
      revenue: 0n,
      revenueToDate: 0n,
      customersToDate: 0,
      unpaidCount: 0,
      unpaidAmount: 0n,
      recoveredCount: 0,
      recoveredAmount: 0n,
    },
  );
}

/** Failed charge attempts per bucket (by the day the attempt was made) and reason; none: `other reason`. */
export async function failedAttempts(
  ctx: Ctx,
  ranges: Range[],
  tz: string,
  customerId?: number,
): Promise<{ i: number; reason: string; count: number }[]> {
  const rows = await run(
    ctx,
    sql`select b.i, coalesce(t.decline_reason, 'other reason') as reason, count(*) as n
      from ${bucketsOf(ranges)} join transactions t on t.company_id = ${ctx.companyId}
        and t.kind = 'charge' and t.state = 'failed' and ${day(sql`t.created_at`, tz)} between b.s and b.e
        ${ofCustomer(sql`t`, customerId)}
     group by b.i, 2`,
  );
  return rows.map((r) => ({ i: int(r.i), reason: String(r.reason), count: int(r.n) }));
}

/** Customers created per bucket (archived ones too: they were new then). */
export async function newCustomers(ctx: Ctx, ranges: Range[], tz: string): Promise<number[]> {
  const rows = await run(
    ctx,
    sql`select b.i, count(c.id) as n
      from ${bucketsOf(ranges)} left join customers c on c.company_id = ${ctx.companyId}
        and ${day(sql`c.created_at`, tz)} between b.s and b.e
     group by b.i`,
  );
  return byIndex(ranges.length, rows, (r) => int(r.n), 0);
}

/**
 * What was owed at the end of day `d`: invoices issued by then with a positive total, not cancelled by
 * then, and not settled by then (settled: the day of the last succeeded charge, else of the last change).
 */
export async function unpaidOn(ctx: Ctx, d: string, tz: string, currency: string): Promise<bigint> {
  const settledDay = day(
    sql`coalesce((select max(t.updated_at) from transactions t where t.company_id = i.company_id
      and t.invoice_id = i.id and t.kind = 'charge' and t.state = 'succeeded'), i.updated_at)`,
    tz,
  );
  const [row] = await run(
    ctx,
    sql`select coalesce(sum(i.gross), 0)::text as amount from invoices i
     where i.company_id = ${ctx.companyId} and i.status = 'issued' and i.currency = ${currency}
       and i.gross > 0 and i.issue_date <= ${d}::date
       and not (i.payment_status = 'settled' and ${settledDay} <= ${d}::date)
       and not exists (select 1 from invoices c where c.company_id = i.company_id and c.original_invoice_id = i.id
         and c.type = 'cancellation' and c.status = 'issued' and c.issue_date <= ${d}::date)`,
  );
  return big(row?.amount);
}
