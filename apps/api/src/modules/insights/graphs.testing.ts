/**
 * The graphs recomputed from the lists the API answers (invoices, transactions, subscriptions,
 * customers), row by row in JavaScript, following docs/insights.md: what graphs.test.ts compares the
 * graph routes with. Nothing here reads the database or the graph code.
 */
import { localDate } from '@rentloop/domain/billing-periods';
import { type GraphId, type GraphPeriod, graphBuckets, ratio2 } from '@rentloop/domain/graphs';
import { decimalToMinor, minorToDecimal } from '@rentloop/domain/money';

export interface Lists {
  invoices: {
    id: number;
    status: string;
    type: string;
    issue_date: string | null;
    currency: string;
    customer_id: number;
    net: string;
    gross: string;
    payment_status: string;
    recovered_at: string | null;
  }[];
  /** Invoices that a cancellation (issued) points at. */
  cancelled: Set<number>;
  transactions: { kind: string; state: string; decline_reason: string | null; created_at: string }[];
  subscriptions: {
    status: string;
    start_date: string;
    ended_at: string | null;
    customer_id: number;
    price: string;
    quantity: number;
    frequency: string;
    interval: number;
  }[];
  customers: { created_at: string }[];
}

export function expectedGraph(
  id: GraphId,
  period: GraphPeriod,
  today: string,
  tz: string,
  currency: string,
  l: Lists,
): { labels: string[]; series: Record<string, (string | number | null)[]> } {
  const buckets = graphBuckets(period, today);
  const day = (ts: string) => localDate(new Date(ts), tz);
  const minor = (v: string) => decimalToMinor(v, currency)!;
  const money = (v: bigint) => minorToDecimal(v, currency);
  const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
  const perHead = (a: bigint, n: number) => {
    if (n === 0) return money(0n);
    const q = Number(a) / n; // small test amounts: exact enough to round to the cent
    return money(BigInt(Math.round(q)));
  };
  const issued = l.invoices.filter((i) => i.status === 'issued' && i.currency === currency);
  const inB = (d: string | null, b: { from: string; to: string }) => d !== null && d >= b.from && d <= b.to;
  const owed = (i: Lists['invoices'][number]) =>
    minor(i.gross) > 0n && i.payment_status !== 'settled' && !l.cancelled.has(i.id);
  const endDay = (s: Lists['subscriptions'][number]) => (s.ended_at ? day(s.ended_at) : null);
  const running = (s: Lists['subscriptions'][number], d: string) => {
    const e = endDay(s);
    return s.start_date <= d && s.status !== 'pending activation' && (e === null || e > d);
  };
  const churned = (b: { from: string; to: string }) =>
    l.subscriptions.filter((s) => {
      const e = endDay(s);
      return e !== null && inB(e, b) && s.start_date <= e;
    });
  const prevDay = (d: string) => {
    const t = new Date(`${d}T00:00:00Z`);
    t.setUTCDate(t.getUTCDate() - 1);
    return t.toISOString().slice(0, 10);
  };
  const active = (b: { to: string }) => l.subscriptions.filter((s) => running(s, b.to));
  const activeCustomers = (b: { to: string }) => new Set(active(b).map((s) => s.customer_id)).size;
  const revenue = (b: { from: string; to: string }) =>
    sum(issued.filter((i) => inB(i.issue_date, b)).map((i) => minor(i.net)));
  const exposed = (b: { from: string; to: string }) =>
    l.subscriptions.filter(
      (s) =>
        running(s, prevDay(b.from)) ||
        (s.start_date >= b.from && s.start_date <= b.to && s.status !== 'pending activation'),
    ).length;

  const series: Record<string, (string | number | null)[]> = {};
  const put = (key: string, f: (b: (typeof buckets)[number]) => string | number | null) => {
    series[key] = buckets.map(f);
  };
  switch (id) {
    case 'failed-payment-attempts':
      for (const reason of ['gateway rejected', 'credit card denied', 'server timeout', 'other reason'])
        put(
          reason.replaceAll(' ', '_'),
          (b) =>
            l.transactions.filter(
              (t) =>
                t.kind === 'charge' &&
                t.state === 'failed' &&
                (t.decline_reason ?? 'other reason') === reason &&
                inB(day(t.created_at), b),
            ).length,
        );
      break;
    case 'invoice-revenue':
      put('revenue', (b) => money(revenue(b)));
      break;
    case 'recovered-invoices': {
      const rec = (b: { from: string; to: string }) =>
        issued.filter((i) => i.recovered_at !== null && inB(day(i.recovered_at), b));
      put('count', (b) => rec(b).length);
      put('amount', (b) => money(sum(rec(b).map((i) => minor(i.gross)))));
      break;
    }
    case 'unpaid-invoices': {
      const un = (b: { from: string; to: string }) => issued.filter((i) => inB(i.issue_date, b) && owed(i));
      put('count', (b) => un(b).length);
      put('amount', (b) => money(sum(un(b).map((i) => minor(i.gross)))));
      break;
    }
    case 'lifetime-value': {
      const toDate = (b: { to: string }) =>
        issued.filter((i) => i.issue_date !== null && i.issue_date <= b.to);
      put('lifetime_value', (b) =>
        perHead(sum(toDate(b).map((i) => minor(i.net))), new Set(toDate(b).map((i) => i.customer_id)).size),
      );
      put('customers', (b) => new Set(toDate(b).map((i) => i.customer_id)).size);
      break;
    }
    case 'average-revenue-per-customer':
      put('average_revenue', (b) => perHead(revenue(b), activeCustomers(b)));
      break;
    case 'new-customers':
      put('new_customers', (b) => l.customers.filter((c) => inB(day(c.created_at), b)).length);
      break;
    case 'active-customers':
      put('active_customers', activeCustomers);
      put('active_subscriptions', (b) => active(b).length);
      break;
    case 'subscriptions-per-customer':
      put('subscriptions_per_customer', (b) => ratio2(BigInt(active(b).length), BigInt(activeCustomers(b))));
      break;
    case 'churn-and-retention':
      put('churned', (b) => churned(b).length);
      put('churn_rate', (b) => ratio2(BigInt(churned(b).length), BigInt(exposed(b)), 100n));
      put('retention_rate', (b) => ratio2(BigInt(exposed(b) - churned(b).length), BigInt(exposed(b)), 100n));
      break;
    case 'lifetime': {
      const days = (s: Lists['subscriptions'][number]) =>
        (Date.parse(`${endDay(s)}T00:00:00Z`) - Date.parse(`${s.start_date}T00:00:00Z`)) / 86_400_000;
      put('average_lifetime_days', (b) =>
        ratio2(BigInt(churned(b).reduce((a, s) => a + days(s), 0)), BigInt(churned(b).length)),
      );
      put('ended', (b) => churned(b).length);
      break;
    }
    case 'mrr-movements':
    case 'revenue-retention': {
      const moves = buckets.map((b) => movements(l.subscriptions, running, prevDay(b.from), b, currency));
      const round = (f: Fraction) => {
        // Half away from zero, to the minor unit.
        const [n, d] = f;
        const a = n < 0n ? -n : n;
        const r = (2n * a + d) / (2n * d);
        return money(n < 0n ? -r : r);
      };
      if (id === 'mrr-movements') {
        for (const key of ['new', 'expansion', 'reactivation'] as const)
          series[key] = moves.map((m) => round(m[key]));
        series.contraction = moves.map((m) => round(neg(m.contraction)));
        series.churned = moves.map((m) => round(neg(m.churned)));
        series.net = moves.map((m) => round(add(m.after, neg(m.before))));
        series.mrr = moves.map((m) => round(m.after));
      } else {
        const pct = (a: Fraction, b: Fraction) => ratio2(a[0] * b[1], b[0] * a[1], 100n);
        series.net_revenue_retention = moves.map((m) => pct(m.retained, m.before));
        series.gross_revenue_retention = moves.map((m) => pct(m.retainedGross, m.before));
      }
      break;
    }
  }
  return { labels: buckets.map((b) => b.label), series };
}

/** An exact fraction [numerator, denominator > 0]. */
type Fraction = [bigint, bigint];
const add = (a: Fraction, b: Fraction): Fraction => [a[0] * b[1] + b[0] * a[1], a[1] * b[1]];
const neg = (a: Fraction): Fraction => [-a[0], a[1]];
const less = (a: Fraction, b: Fraction) => a[0] * b[1] < b[0] * a[1];
const ZERO: Fraction = [0n, 1n];

/**
 * MRR movements between the day before a bucket and its last day, customer by customer, from the
 * subscriptions list, with fractions (not the product's common scale): docs/insights.md "MRR movements".
 */
function movements(
  subs: Lists['subscriptions'],
  running: (s: Lists['subscriptions'][number], d: string) => boolean,
  dayBefore: string,
  b: { from: string; to: string },
  currency: string,
) {
  const perYear: Record<string, bigint> = { daily: 365n, weekly: 52n, monthly: 12n, yearly: 1n };
  const mrrOf = (customer: number, d: string): Fraction =>
    subs
      .filter((s) => s.customer_id === customer && running(s, d))
      .reduce<Fraction>(
        (acc, s) =>
          add(acc, [
            decimalToMinor(s.price, currency)! * BigInt(s.quantity) * perYear[s.frequency]!,
            12n * BigInt(s.interval),
          ]),
        ZERO,
      );
  const out = {
    before: ZERO,
    after: ZERO,
    new: ZERO,
    expansion: ZERO,
    reactivation: ZERO,
    contraction: ZERO,
    churned: ZERO,
    retained: ZERO,
    retainedGross: ZERO,
  };
  for (const customer of new Set(subs.map((s) => s.customer_id))) {
    const a = mrrOf(customer, dayBefore);
    const z = mrrOf(customer, b.to);
    out.before = add(out.before, a);
    out.after = add(out.after, z);
    const had = a[0] !== 0n;
    const has = z[0] !== 0n;
    if (!had && has) {
      // Subscribed before: some subscription of theirs ran for a day before the bucket.
      const earlier = subs.some(
        (s) => s.customer_id === customer && s.start_date < b.from && running(s, s.start_date),
      );
      if (earlier) out.reactivation = add(out.reactivation, z);
      else out.new = add(out.new, z);
    } else if (had) {
      out.retained = add(out.retained, z);
      out.retainedGross = add(out.retainedGross, less(z, a) ? z : a);
      if (!has) out.churned = add(out.churned, a);
      else if (less(a, z)) out.expansion = add(out.expansion, add(z, neg(a)));
      else out.contraction = add(out.contraction, add(a, neg(z)));
    }
  }
  return out;
}
