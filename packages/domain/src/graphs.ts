/**
 * The Insights graphs (spec 02 §7 "Graphs", §9): `GET /api/{company}/graphs/stat-cards` and
 * `GET /api/{company}/graphs/{graphId}?period=monthly|quarterly|annually`. Every figure is computed from
 * the company's records (docs/insights.md has the definitions); amounts are exact decimal strings in the
 * company's currency. The periods' buckets are pure (`graphBuckets`), so a test can rebuild them.
 */
import { z } from 'zod';
import { addDays } from './billing-periods.ts';
import { amountSchema } from './money.ts';
import { DECLINE_REASONS } from './payments.ts';

/** Graph periods and how many labels each has (spec 02 §9). */
export const GRAPH_PERIODS = ['monthly', 'quarterly', 'annually'] as const;
export type GraphPeriod = (typeof GRAPH_PERIODS)[number];
export const GRAPH_PERIOD_LABELS: Record<GraphPeriod, number> = { monthly: 12, quarterly: 6, annually: 6 };

/** The eleven graphs of the spec, by slug (the `graphId` of the route). */
export const SPEC_GRAPH_IDS = [
  'failed-payment-attempts',
  'invoice-revenue',
  'recovered-invoices',
  'unpaid-invoices',
  'active-customers',
  'subscriptions-per-customer',
  'average-revenue-per-customer',
  'churn-and-retention',
  'lifetime',
  'lifetime-value',
  'new-customers',
] as const;
/**
 * Beyond the spec (issue 28 part 2): MRR and its movements (new, expansion, reactivation, contraction,
 * churned) and net and gross revenue retention, per bucket (docs/insights.md).
 */
export const REVENUE_GRAPH_IDS = ['mrr-movements', 'revenue-retention'] as const;
export const GRAPH_IDS = [...SPEC_GRAPH_IDS, ...REVENUE_GRAPH_IDS] as const;
export type GraphId = (typeof GRAPH_IDS)[number];

export const GRAPH_TITLES: Record<GraphId, string> = {
  'failed-payment-attempts': 'Failed payment attempts',
  'invoice-revenue': 'Invoice revenue',
  'recovered-invoices': 'Recovered invoices',
  'unpaid-invoices': 'Unpaid invoices',
  'active-customers': 'Active customers',
  'subscriptions-per-customer': 'Subscriptions per customer',
  'average-revenue-per-customer': 'Average revenue per customer',
  'churn-and-retention': 'Churn and retention',
  lifetime: 'Lifetime',
  'lifetime-value': 'Lifetime value',
  'new-customers': 'New customers',
  'mrr-movements': 'MRR movements',
  'revenue-retention': 'Revenue retention',
};

/** The failed-payment graph's series, one per reason (spec 02 §9). */
export const FAILED_PAYMENT_REASONS = DECLINE_REASONS;

export const GRAPH_TEXTS = {
  unknownGraph: `No such graph. Graphs: ${GRAPH_IDS.join(', ')}.`,
  period: `Must be one of: ${GRAPH_PERIODS.join(', ')}.`,
  failed: 'Failed to fetch insights.',
} as const;

export const graphQuerySchema = z.object({
  period: z.enum(GRAPH_PERIODS, { error: GRAPH_TEXTS.period }).default('monthly'),
});

/** A series: amounts as decimal strings, counts as integers, ratios, percentages and days as decimals. */
export const graphSeriesSchema = z.discriminatedUnion('unit', [
  z.object({ key: z.string(), label: z.string(), unit: z.literal('amount'), values: z.array(amountSchema) }),
  z.object({
    key: z.string(),
    label: z.string(),
    unit: z.literal('count'),
    values: z.array(z.number().int()),
  }),
  z.object({
    key: z.string(),
    label: z.string(),
    unit: z.enum(['ratio', 'percent', 'days']),
    /** Two decimals, rounded half up ("12.50"); null where it divides by nothing. */
    values: z.array(z.string().nullable()),
  }),
]);
export type GraphSeries = z.infer<typeof graphSeriesSchema>;

export const graphSchema = z.object({
  id: z.enum(GRAPH_IDS),
  title: z.string(),
  period: z.enum(GRAPH_PERIODS),
  currency: z.string(),
  /** One per bucket, oldest first: `2026-03` (monthly), `2026-Q1` (quarterly), `2026` (annually). */
  labels: z.array(z.string()),
  /** Each bucket's first and last day (the current one ends today), company time zone. */
  ranges: z.array(z.object({ from: z.string(), to: z.string() })),
  series: z.array(graphSeriesSchema),
});
export type Graph = z.infer<typeof graphSchema>;

const card = <T extends z.ZodType>(value: T) =>
  z.object({
    /** Now (today, or this month so far). */
    value,
    /** At the end of the previous month (or the whole previous month). */
    previous: value,
    /** Change against `previous` in percent, two decimals; null when `previous` is zero. */
    change_percent: z.string().nullable(),
  });

export const statCardsSchema = z.object({
  currency: z.string(),
  as_of: z.string(),
  mrr: card(amountSchema),
  active_subscriptions: card(z.number().int()),
  active_customers: card(z.number().int()),
  revenue_this_month: card(amountSchema),
  unpaid_amount: card(amountSchema),
  /** Subscriptions ended in the month over those running at its start, percent. */
  churn_rate: card(z.string().nullable()),
});
export type StatCards = z.infer<typeof statCardsSchema>;

export interface GraphBucket {
  label: string;
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) =>
  addDays(`${m === 12 ? y + 1 : y}-${pad(m === 12 ? 1 : m + 1)}-01`, -1);

/**
 * The buckets of `period` ending with the one holding `today` (YYYY-MM-DD), oldest first; the current
 * bucket ends today (nothing after today has happened yet).
 */
export function graphBuckets(period: GraphPeriod, today: string): GraphBucket[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const n = GRAPH_PERIOD_LABELS[period];
  const out: GraphBucket[] = [];
  for (let k = n - 1; k >= 0; k--) {
    let b: GraphBucket;
    if (period === 'monthly') {
      const idx = y * 12 + (m - 1) - k;
      const by = Math.floor(idx / 12);
      const bm = (idx % 12) + 1;
      b = { label: `${by}-${pad(bm)}`, from: `${by}-${pad(bm)}-01`, to: lastDay(by, bm) };
    } else if (period === 'quarterly') {
      const idx = y * 4 + Math.floor((m - 1) / 3) - k;
      const by = Math.floor(idx / 4);
      const q = (idx % 4) + 1;
      b = { label: `${by}-Q${q}`, from: `${by}-${pad(q * 3 - 2)}-01`, to: lastDay(by, q * 3) };
    } else {
      const by = y - k;
      b = { label: String(by), from: `${by}-01-01`, to: `${by}-12-31` };
    }
    out.push(k === 0 ? { ...b, to: today } : b);
  }
  return out;
}

/** `num / den` with two decimals, half up, exact (integers in); null when `den` is zero. */
export function ratio2(num: bigint, den: bigint, times = 1n): string | null {
  if (den === 0n) return null;
  const scaled = num * times * 100n;
  const neg = scaled < 0n !== den < 0n && scaled !== 0n;
  const s = scaled < 0n ? -scaled : scaled;
  const d = den < 0n ? -den : den;
  const a = (2n * s + d) / (2n * d);
  return `${neg && a !== 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

/**
 * `GET /api/{company}/graphs/cohorts` (issue 28 part 2): customers by the month of their first order (the 12
 * months ending with the current one), and how many of each cohort still had a running subscription at the
 * end of each month after it (the current month: today). docs/insights.md "Cohorts".
 */
export const cohortGridSchema = z.object({
  as_of: z.string(),
  /** Months after the cohort's own: 0 (its own month) to 11. */
  offsets: z.array(z.number().int()),
  cohorts: z.array(
    z.object({
      /** `2026-03`, oldest first. */
      month: z.string(),
      customers: z.number().int(),
      /** Per offset: customers still subscribed at that month's end; null for a month still to come. */
      retained: z.array(z.number().int().nullable()),
      /** The same as a share of `customers`, percent with two decimals; null when nothing to divide. */
      shares: z.array(z.string().nullable()),
    }),
  ),
});
export type CohortGrid = z.infer<typeof cohortGridSchema>;
