/**
 * What one object adds to the Insights rollups (decision 89): its "fact", a map `metric|day` -> amount,
 * read from the object's current rows with the same definitions as the scanning queries
 * (graph-figures.ts, mrr-figures.ts, cohorts.ts; docs/insights.md). A figure over a range of days is then
 * the sum of a metric's values in that range; a figure "on day d" (running, owed) is the sum of its
 * changes up to d (a running subscription adds +1 on its start day and -1 on its end day).
 *
 * Metrics (days are company dates in the rollup's time zone):
 * - subscription: `run` running subscriptions (changes), `start` started (not pending), `churn` ended,
 *   `life` days from start to end of the ended ones, `mrr` MRR in units of 1/`MRR_SCALE` (changes);
 * - invoice (issued, in the rollup's currency): `rev` net by issue day, `unpc`/`unpa` owed now by issue
 *   day, `recc`/`reca` recovered by recovery day, `unpd` owed on a day (changes);
 * - transaction: `fail:<reason>` failed charge attempts;
 * - customer: `newc` created, `crun` customers with a running subscription (changes), `cinv` first issued
 *   invoice, `mv:<m|q|y>:<movement>` MRR movements from the day before the month, quarter or year to a
 *   day of it (changes), `coh` cohort size on the first order's month, `cohr:<cohort month>` running
 *   on a day of each of its 12 months (changes within each month).
 */
import { addDays } from '@rentloop/domain/billing-periods';
import type { Frequency } from '@rentloop/domain/enums';
import { monthlyUnits, mrrMovements } from '@rentloop/domain/mrr-movements';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';

export type Kind = 's' | 'i' | 't' | 'c';
export type Entries = Map<string, bigint>;

/** 12 × lcm(1..60): holds every subscription interval up to 60 (and any dividing it) exactly. */
export const MRR_SCALE = (() => {
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  let l = 1n;
  for (let n = 1n; n <= 60n; n++) l = (l * n) / gcd(l, n);
  return 12n * l;
})();

export interface Rollup {
  companyId: number;
  tz: string;
  currency: string;
}

type Rows = { rows: Record<string, unknown>[] };
const run = async (db: Tx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as Rows).rows;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const add = (e: Entries, metric: string, day: string, v: bigint) => {
  if (v === 0n) return;
  const k = `${metric}|${day}`;
  const next = (e.get(k) ?? 0n) + v;
  if (next === 0n) e.delete(k);
  else e.set(k, next);
};
const ids = (list: number[]) =>
  sql`array[${sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  )}]::bigint[]`;
const inTurn = async <T>(steps: (() => Promise<T>)[]): Promise<T[]> => {
  const out: T[] = [];
  for (const step of steps) out.push(await step());
  return out;
};
const dayDiff = (from: string, to: string) =>
  BigInt(Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000));
const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of the month of `y`-`m` (1-based, may overflow into later years). */
const monthEnd = (y: number, m: number) => {
  const idx = y * 12 + m; // the next month
  return addDays(`${Math.floor(idx / 12)}-${pad((idx % 12) + 1)}-01`, -1);
};

interface Sub {
  id: number;
  customer: number;
  status: string;
  start: string;
  end: string | null;
  units: bigint;
}

const subColumns = (tz: string) => sql`s.id, s.customer_id, s.status, s.start_date::text as start_date,
  ((s.ended_at at time zone ${tz})::date)::text as end_day, s.frequency, s.interval,
  (s.price * s.quantity)::text as amount`;

const subOf = (r: Record<string, unknown>): Sub => ({
  id: Number(r.id),
  customer: Number(r.customer_id),
  status: String(r.status),
  start: String(r.start_date),
  end: str(r.end_day),
  units: monthlyUnits(BigInt(String(r.amount)), r.frequency as Frequency, Number(r.interval), MRR_SCALE),
});

/** Runs for at least a day: the graphs' "running" holds on some day. */
const runs = (s: Sub) => s.status !== 'pending activation' && (s.end === null || s.end > s.start);

function subscriptionEntries(s: Sub): Entries {
  const e: Entries = new Map();
  if (runs(s)) {
    add(e, 'run', s.start, 1n);
    add(e, 'mrr', s.start, s.units);
    if (s.end !== null) {
      add(e, 'run', s.end, -1n);
      add(e, 'mrr', s.end, -s.units);
    }
  }
  if (s.status !== 'pending activation') add(e, 'start', s.start, 1n);
  if (s.end !== null && s.start <= s.end) {
    add(e, 'churn', s.end, 1n);
    add(e, 'life', s.end, dayDiff(s.start, s.end));
  }
  return e;
}

export async function subscriptionFacts(db: Tx, r: Rollup, list: number[]): Promise<Map<number, Entries>> {
  const rows = await run(
    db,
    sql`select ${subColumns(r.tz)} from subscriptions s where s.company_id = ${r.companyId} and s.id = any(${ids(list)})`,
  );
  return new Map(rows.map((row) => [Number(row.id), subscriptionEntries(subOf(row))]));
}

/** The period (month, quarter, year) holding `day`: the day before it starts and its last day. */
function periodOf(kind: 'm' | 'q' | 'y', day: string): { before: string; end: string } {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const first = kind === 'm' ? m : kind === 'q' ? m - ((m - 1) % 3) : 1;
  const last = kind === 'm' ? m : kind === 'q' ? first + 2 : 12;
  return { before: addDays(`${y}-${pad(first)}-01`, -1), end: monthEnd(y, last) };
}

function customerEntries(
  created: string | null,
  subs: Sub[],
  firstInvoice: string | null,
  firstOrder: string | null,
): Entries {
  const e: Entries = new Map();
  if (created) add(e, 'newc', created, 1n);
  if (firstInvoice) add(e, 'cinv', firstInvoice, 1n);
  const running = subs.filter(runs);
  const on = (d: string) => running.some((s) => s.start <= d && (s.end === null || s.end > d));
  const mrrAt = (d: string) => {
    let u = 0n;
    for (const s of running) if (s.start <= d && (s.end === null || s.end > d)) u += s.units;
    return u;
  };
  // Customers running: +1 when the count of running subscriptions leaves 0, -1 when it comes back to 0.
  const changes = new Map<string, number>();
  for (const s of running) {
    changes.set(s.start, (changes.get(s.start) ?? 0) + 1);
    if (s.end !== null) changes.set(s.end, (changes.get(s.end) ?? 0) - 1);
  }
  let count = 0;
  for (const d of [...changes.keys()].sort()) {
    const next = count + changes.get(d)!;
    if (count === 0 && next > 0) add(e, 'crun', d, 1n);
    if (count > 0 && next === 0) add(e, 'crun', d, -1n);
    count = next;
  }
  // MRR movements between the day before a period and a day d of it (the period's last day, or today
  // for the current one): a step function of d per customer, written as its changes on the days the
  // customer's MRR changed, so the movements up to any day of the period are the changes summed.
  const first = running.length ? running.map((s) => s.start).sort()[0]! : null;
  const days = [...changes.keys()].sort();
  const FIELDS = ['new', 'reactivation', 'expansion', 'contraction', 'churned'] as const;
  for (const kind of ['m', 'q', 'y'] as const) {
    const periods = new Map<string, string[]>();
    for (const d of days) {
      const { before } = periodOf(kind, d);
      periods.set(before, [...(periods.get(before) ?? []), d]);
    }
    for (const [before, inPeriod] of periods) {
      const subscribedBefore = first !== null && first <= before;
      const mrrBefore = mrrAt(before);
      let prev = mrrMovements([]);
      for (const d of inPeriod) {
        const m = mrrMovements([{ before: mrrBefore, after: mrrAt(d), subscribedBefore }]);
        for (const f of FIELDS) add(e, `mv:${kind}:${f}`, d, m[f] - prev[f]);
        prev = m;
      }
    }
  }
  // Cohort: the month of the first order; each of the 12 months from it, whether the customer had a
  // subscription running, as a step function of the day (the month's last day, or today for this one).
  if (firstOrder) {
    const cohort = `${firstOrder.slice(0, 7)}-01`;
    add(e, 'coh', cohort, 1n);
    const y = Number(cohort.slice(0, 4));
    const m = Number(cohort.slice(5, 7));
    for (let n = 0; n < 12; n++) {
      const end = monthEnd(y, m + n);
      const from = `${end.slice(0, 7)}-01`;
      let was = on(from);
      if (was) add(e, `cohr:${cohort}`, from, 1n);
      for (const d of days) {
        if (d <= from || d > end) continue;
        const now = on(d);
        if (now !== was) add(e, `cohr:${cohort}`, d, now ? 1n : -1n);
        was = now;
      }
    }
  }
  return e;
}

export async function customerFacts(db: Tx, r: Rollup, list: number[]): Promise<Map<number, Entries>> {
  // One after the other (`inTurn`): a transaction's connection runs one query at a time.
  const [customers = [], subs = [], invoices = [], orders = []] = await inTurn([
    () =>
      run(
        db,
        sql`select c.id, ((c.created_at at time zone ${r.tz})::date)::text as day from customers c
       where c.company_id = ${r.companyId} and c.id = any(${ids(list)})`,
      ),
    () =>
      run(
        db,
        sql`select ${subColumns(r.tz)} from subscriptions s
       where s.company_id = ${r.companyId} and s.customer_id = any(${ids(list)})`,
      ),
    () =>
      run(
        db,
        sql`select i.customer_id, min(i.issue_date)::text as day from invoices i
       where i.company_id = ${r.companyId} and i.customer_id = any(${ids(list)})
         and i.status = 'issued' and i.currency = ${r.currency} and i.issue_date is not null
       group by i.customer_id`,
      ),
    () =>
      run(
        db,
        sql`select o.customer_id, min((o.created_at at time zone ${r.tz})::date)::text as day from orders o
       where o.company_id = ${r.companyId} and o.customer_id = any(${ids(list)}) and o.status <> 'draft'
       group by o.customer_id`,
      ),
  ]);
  const created = new Map(customers.map((x) => [Number(x.id), String(x.day)]));
  const firstInvoice = new Map(invoices.map((x) => [Number(x.customer_id), String(x.day)]));
  const firstOrder = new Map(orders.map((x) => [Number(x.customer_id), String(x.day)]));
  const subsOf = new Map<number, Sub[]>();
  for (const row of subs) {
    const s = subOf(row);
    subsOf.set(s.customer, [...(subsOf.get(s.customer) ?? []), s]);
  }
  return new Map(
    list.map((id) => [
      id,
      customerEntries(
        created.get(id) ?? null,
        subsOf.get(id) ?? [],
        firstInvoice.get(id) ?? null,
        firstOrder.get(id) ?? null,
      ),
    ]),
  );
}

export async function invoiceFacts(db: Tx, r: Rollup, list: number[]): Promise<Map<number, Entries>> {
  const rows = await run(
    db,
    sql`select i.id, i.status, i.currency, i.issue_date::text as issue_date, i.net::text as net,
        i.gross::text as gross, i.payment_status,
        ((i.recovered_at at time zone ${r.tz})::date)::text as recovered_day,
        ((coalesce((select max(t.updated_at) from transactions t where t.company_id = i.company_id
          and t.invoice_id = i.id and t.kind = 'charge' and t.state = 'succeeded'), i.updated_at)
          at time zone ${r.tz})::date)::text as settled_day,
        exists (select 1 from invoices c where c.company_id = i.company_id and c.original_invoice_id = i.id
          and c.type = 'cancellation' and c.status = 'issued') as cancelled,
        (select min(c.issue_date) from invoices c where c.company_id = i.company_id
          and c.original_invoice_id = i.id and c.type = 'cancellation' and c.status = 'issued')::text as cancel_day
      from invoices i where i.company_id = ${r.companyId} and i.id = any(${ids(list)})`,
  );
  const out = new Map<number, Entries>();
  for (const x of rows) {
    const e: Entries = new Map();
    out.set(Number(x.id), e);
    if (x.status !== 'issued' || x.currency !== r.currency) continue;
    const gross = BigInt(String(x.gross));
    const issue = str(x.issue_date);
    if (issue) {
      add(e, 'rev', issue, BigInt(String(x.net)));
      if (gross > 0n && x.payment_status !== 'settled' && !x.cancelled) {
        add(e, 'unpc', issue, 1n);
        add(e, 'unpa', issue, gross);
      }
      if (gross > 0n) {
        // Owed from its issue day until it was settled or its cancellation issued.
        const ends = [x.payment_status === 'settled' ? str(x.settled_day) : null, str(x.cancel_day)].filter(
          (d): d is string => d !== null,
        );
        const end = ends.length ? ends.sort()[0]! : null;
        if (end === null || end > issue) {
          add(e, 'unpd', issue, gross);
          if (end !== null) add(e, 'unpd', end, -gross);
        }
      }
    }
    const recovered = str(x.recovered_day);
    if (recovered) {
      add(e, 'recc', recovered, 1n);
      add(e, 'reca', recovered, gross);
    }
  }
  return out;
}

export async function transactionFacts(db: Tx, r: Rollup, list: number[]): Promise<Map<number, Entries>> {
  const rows = await run(
    db,
    sql`select t.id, t.kind, t.state, coalesce(t.decline_reason, 'other reason') as reason,
        ((t.created_at at time zone ${r.tz})::date)::text as day
      from transactions t where t.company_id = ${r.companyId} and t.id = any(${ids(list)})`,
  );
  return new Map(
    rows.map((x) => {
      const e: Entries = new Map();
      if (x.kind === 'charge' && x.state === 'failed') add(e, `fail:${String(x.reason)}`, String(x.day), 1n);
      return [Number(x.id), e];
    }),
  );
}

export const FACTS: Record<Kind, (db: Tx, r: Rollup, list: number[]) => Promise<Map<number, Entries>>> = {
  s: subscriptionFacts,
  i: invoiceFacts,
  t: transactionFacts,
  c: customerFacts,
};
