/**
 * The Insights graphs and stat cards (spec 02 §7 "Graphs"; decision 61): each graph is the figures of
 * graph-figures.ts over the period's buckets, shaped as labels and series. "Now" is the company's today
 * at the context's clock.
 */
import { addDays } from '@rentloop/domain/billing-periods';
import {
  FAILED_PAYMENT_REASONS,
  GRAPH_TEXTS,
  GRAPH_TITLES,
  type Graph,
  type GraphId,
  type GraphPeriod,
  type GraphSeries,
  graphBuckets,
  ratio2,
  type StatCards,
} from '@rentloop/domain/graphs';
import { unitsToMinor } from '@rentloop/domain/mrr-movements';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { companyCurrency, toDecimal } from '../../money.ts';
import { getSettings } from '../settings/sections.ts';
import { figuresFor } from './figure-source.ts';

const isGraph = (id: string): id is GraphId => Object.hasOwn(GRAPH_TITLES, id);

/** A bigint amount divided by a count, in minor units, half up (the currency's own rounding). */
const perHead = (amount: bigint, n: number): bigint | null =>
  n === 0 ? null : (2n * amount + (amount < 0n ? -BigInt(n) : BigInt(n))) / (2n * BigInt(n));

/** `scan`: from the records, never the rollups (what the rollups are tested against, decision 89). */
export interface FigureOptions {
  scan?: boolean;
}

export async function graph(
  ctx: Ctx,
  graphId: string,
  period: GraphPeriod,
  opts: FigureOptions = {},
): Promise<Graph> {
  if (!isGraph(graphId)) throw notFound(GRAPH_TEXTS.unknownGraph);
  const [currency, { time_zone: tz }, today] = await Promise.all([
    companyCurrency(ctx),
    getSettings(ctx, 'general'),
    companyToday(ctx),
  ]);
  const fig = await figuresFor(ctx, tz, currency, today, opts);
  const buckets = graphBuckets(period, today);
  const ranges = buckets.map(({ from, to }) => ({ from, to }));
  const money = (values: (bigint | null)[]) => values.map((v) => toDecimal(v ?? 0n, currency)!);
  const amount = (key: string, label: string, values: (bigint | null)[]): GraphSeries => ({
    key,
    label,
    unit: 'amount',
    values: money(values),
  });
  const count = (key: string, label: string, values: number[]): GraphSeries => ({
    key,
    label,
    unit: 'count',
    values,
  });
  let series: GraphSeries[];
  switch (graphId) {
    case 'failed-payment-attempts': {
      const rows = await fig.failed(ranges);
      series = FAILED_PAYMENT_REASONS.map((reason) => {
        const values = ranges.map(() => 0);
        for (const r of rows) if (r.reason === reason) values[r.i] = r.count;
        return count(reason.replaceAll(' ', '_'), reason, values);
      });
      break;
    }
    case 'invoice-revenue':
    case 'recovered-invoices':
    case 'unpaid-invoices':
    case 'lifetime-value': {
      const f = await fig.invoices(ranges);
      if (graphId === 'invoice-revenue')
        series = [
          amount(
            'revenue',
            'Revenue (net)',
            f.map((x) => x.revenue),
          ),
        ];
      else if (graphId === 'recovered-invoices')
        series = [
          count(
            'count',
            'Invoices recovered',
            f.map((x) => x.recoveredCount),
          ),
          amount(
            'amount',
            'Amount recovered',
            f.map((x) => x.recoveredAmount),
          ),
        ];
      else if (graphId === 'unpaid-invoices')
        series = [
          count(
            'count',
            'Invoices unpaid',
            f.map((x) => x.unpaidCount),
          ),
          amount(
            'amount',
            'Amount unpaid',
            f.map((x) => x.unpaidAmount),
          ),
        ];
      else
        series = [
          amount(
            'lifetime_value',
            'Lifetime value',
            f.map((x) => perHead(x.revenueToDate, x.customersToDate)),
          ),
          count(
            'customers',
            'Customers invoiced to date',
            f.map((x) => x.customersToDate),
          ),
        ];
      break;
    }
    case 'average-revenue-per-customer': {
      const [f, s] = await Promise.all([fig.invoices(ranges), fig.subscriptions(ranges)]);
      series = [
        amount(
          'average_revenue',
          'Average revenue per active customer',
          f.map((x, i) => perHead(x.revenue, s[i]!.customers)),
        ),
      ];
      break;
    }
    case 'new-customers':
      series = [count('new_customers', 'New customers', await fig.newCustomers(ranges))];
      break;
    case 'mrr-movements':
    case 'revenue-retention': {
      const { scale, buckets: m } = await fig.movements(ranges, period);
      const minor = (pick: (x: (typeof m)[number]) => bigint, sign = 1n) =>
        m.map((x) => sign * unitsToMinor(pick(x), scale));
      const rate = (key: string, label: string, values: (string | null)[]): GraphSeries => ({
        key,
        label,
        unit: 'percent',
        values,
      });
      series =
        graphId === 'mrr-movements'
          ? [
              amount(
                'new',
                'New',
                minor((x) => x.new),
              ),
              amount(
                'expansion',
                'Expansion',
                minor((x) => x.expansion),
              ),
              amount(
                'reactivation',
                'Reactivation',
                minor((x) => x.reactivation),
              ),
              amount(
                'contraction',
                'Contraction',
                minor((x) => x.contraction, -1n),
              ),
              amount(
                'churned',
                'Churned',
                minor((x) => x.churned, -1n),
              ),
              amount(
                'net',
                'Net new MRR',
                minor((x) => x.after - x.before),
              ),
              amount(
                'mrr',
                'MRR at the end',
                minor((x) => x.after),
              ),
            ]
          : [
              rate(
                'net_revenue_retention',
                'Net revenue retention',
                m.map((x) => ratio2(x.retained, x.before, 100n)),
              ),
              rate(
                'gross_revenue_retention',
                'Gross revenue retention',
                m.map((x) => ratio2(x.retainedGross, x.before, 100n)),
              ),
            ];
      break;
    }
    default: {
      const s = await fig.subscriptions(ranges);
      const fixed = (
        key: string,
        label: string,
        unit: 'ratio' | 'percent' | 'days',
        values: (string | null)[],
      ) => ({ key, label, unit, values }) as GraphSeries;
      if (graphId === 'active-customers')
        series = [
          count(
            'active_customers',
            'Active customers',
            s.map((x) => x.customers),
          ),
          count(
            'active_subscriptions',
            'Active subscriptions',
            s.map((x) => x.active),
          ),
        ];
      else if (graphId === 'subscriptions-per-customer')
        series = [
          fixed(
            'subscriptions_per_customer',
            'Subscriptions per active customer',
            'ratio',
            s.map((x) => ratio2(BigInt(x.active), BigInt(x.customers))),
          ),
        ];
      else if (graphId === 'churn-and-retention')
        series = [
          count(
            'churned',
            'Subscriptions ended',
            s.map((x) => x.churned),
          ),
          fixed(
            'churn_rate',
            'Churn rate',
            'percent',
            s.map((x) => ratio2(BigInt(x.churned), BigInt(x.exposed), 100n)),
          ),
          fixed(
            'retention_rate',
            'Retention rate',
            'percent',
            s.map((x) => ratio2(BigInt(x.exposed - x.churned), BigInt(x.exposed), 100n)),
          ),
        ];
      else
        series = [
          fixed(
            'average_lifetime_days',
            'Average lifetime (days)',
            'days',
            s.map((x) => ratio2(x.lifetimeDays, BigInt(x.churned))),
          ),
          count(
            'ended',
            'Subscriptions ended',
            s.map((x) => x.churned),
          ),
        ];
    }
  }
  return {
    id: graphId,
    title: GRAPH_TITLES[graphId],
    period,
    currency,
    labels: buckets.map((b) => b.label),
    ranges,
    series,
  };
}

const change = (value: bigint, previous: bigint) => ratio2(value - previous, previous, 100n);
/** "12.34" as hundredths (12.34 -> 1234n), for comparing two rates exactly. */
const hundredths = (v: string | null) => (v === null ? null : BigInt(v.replace('.', '')));

export async function statCards(ctx: Ctx, opts: FigureOptions = {}): Promise<StatCards> {
  const [currency, { time_zone: tz }, today] = await Promise.all([
    companyCurrency(ctx),
    getSettings(ctx, 'general'),
    companyToday(ctx),
  ]);
  const fig = await figuresFor(ctx, tz, currency, today, opts);
  const monthStart = `${today.slice(0, 7)}-01`;
  const prevEnd = addDays(monthStart, -1);
  const prevStart = `${prevEnd.slice(0, 7)}-01`;
  const ranges = [
    { from: prevStart, to: prevEnd },
    { from: monthStart, to: today },
  ];
  const [subs, inv, mrrNow, mrrPrev, unpaidNow, unpaidPrev] = await Promise.all([
    fig.subscriptions(ranges),
    fig.invoices(ranges),
    fig.mrrOn(today),
    fig.mrrOn(prevEnd),
    fig.unpaidOn(today),
    fig.unpaidOn(prevEnd),
  ]);
  const [p, n] = [subs[0]!, subs[1]!];
  const money = (value: bigint, previous: bigint) => ({
    value: toDecimal(value, currency)!,
    previous: toDecimal(previous, currency)!,
    change_percent: change(value, previous),
  });
  const counted = (value: number, previous: number) => ({
    value,
    previous,
    change_percent: change(BigInt(value), BigInt(previous)),
  });
  const churnNow = ratio2(BigInt(n.churned), BigInt(n.exposed), 100n);
  const churnPrev = ratio2(BigInt(p.churned), BigInt(p.exposed), 100n);
  const [a, b] = [hundredths(churnNow), hundredths(churnPrev)];
  return {
    currency,
    as_of: today,
    mrr: money(mrrNow, mrrPrev),
    active_subscriptions: counted(n.active, p.active),
    active_customers: counted(n.customers, p.customers),
    revenue_this_month: money(inv[1]!.revenue, inv[0]!.revenue),
    unpaid_amount: money(unpaidNow, unpaidPrev),
    churn_rate: {
      value: churnNow,
      previous: churnPrev,
      change_percent: a === null || b === null ? null : change(a, b),
    },
  };
}
