/**
 * A graph's data as rows for the chart, the text table and the CSV download: one row per label, one
 * column per series. Amounts and rates stay the exact strings the API sent in the table and the CSV;
 * the chart alone reads them as numbers to draw.
 */
import type { CohortGrid, Graph, GraphSeries } from '@rentloop/domain/graphs';

export const cell = (s: GraphSeries, i: number): string => {
  const v = s.values[i];
  return v === null || v === undefined ? '' : String(v);
};

/** Rows for the chart: `{ label, [series key]: number | null }`. */
export function chartRows(g: Graph): Record<string, string | number | null>[] {
  return g.labels.map((label, i) => {
    const row: Record<string, string | number | null> = { label };
    for (const s of g.series) {
      const v = s.values[i];
      row[s.key] = v === null || v === undefined ? null : Number(v);
    }
    return row;
  });
}

const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** The graph as CSV: a header of the period and the series' labels (amounts in the currency named). */
export function graphCsv(g: Graph): string {
  const head = [
    'Period',
    ...g.series.map((s) => (s.unit === 'amount' ? `${s.label} (${g.currency})` : s.label)),
  ];
  const lines = g.labels.map((label, i) => [label, ...g.series.map((s) => cell(s, i))]);
  return `${[head, ...lines].map((r) => r.map(csvField).join(',')).join('\n')}\n`;
}

const list = (path: string, filters: Record<string, string>) =>
  `${path}?filters=${encodeURIComponent(JSON.stringify(filters))}`;

/** The last day of a `yyyy-mm` month, or `asOf` for the month it falls in (the grid's current month). */
const monthEnd = (month: string, asOf: string) => {
  if (asOf.startsWith(month)) return asOf;
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** `n` months after a `yyyy-mm` month. */
const monthsAfter = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * Where the cohort grid leads: a cohort (no `n`) to the customers whose first order fell in its month; a
 * cell (`n` months after) to those of them with a subscription running on that month's last day (today
 * for the current month), as the grid counts them.
 */
export function cohortHref(grid: CohortGrid, k: number, n?: number): string | null {
  const c = grid.cohorts[k];
  if (!c) return null;
  const first = { first_order_from: `${c.month}-01`, first_order_to: monthEnd(c.month, grid.as_of) };
  if (n === undefined) return list('/cms/customers', first);
  if (c.retained[n] === null || c.retained[n] === undefined) return null;
  return list('/cms/customers', { ...first, subscribed_on: monthEnd(monthsAfter(c.month, n), grid.as_of) });
}

/**
 * Where a bucket of a graph leads (issue 28: "every point drills down"): the list of the records behind
 * it, with the bucket's dates as the list's filters; null where no list holds exactly those records.
 * Lists read days in UTC and the graphs in the company's time zone: an edge of a few hours may differ.
 * `series`: the bar's series, where two of one graph lead to different lists (active customers and
 * active subscriptions); without it, the graph's first series. Which graphs lead nowhere, and why:
 * docs/insights.md "Drill-down".
 */
export function drillHref(g: Graph, i: number, series?: string): string | null {
  const r = g.ranges[i];
  if (!r) return null;
  switch (g.id) {
    case 'unpaid-invoices':
      // Issued in the bucket and owed now (not settled, not cancelled), as the graph counts them.
      return list('/cms/invoices', { issued_from: r.from, issued_to: r.to, unpaid: 'true' });
    case 'active-customers':
      // Both series count what ran on the bucket's last day.
      return series === 'active_subscriptions'
        ? list('/cms/subscriptions', { running_on: r.to })
        : list('/cms/customers', { subscribed_on: r.to });
    case 'invoice-revenue':
      return list('/cms/invoices', { issued_from: r.from, issued_to: r.to });
    case 'churn-and-retention':
    case 'lifetime':
      return list('/cms/subscriptions', { ended_from: r.from, ended_to: r.to });
    case 'recovered-invoices':
      // Only issued invoices are charged, so only they carry a recovery day.
      return list('/cms/invoices', { recovered_from: r.from, recovered_to: r.to });
    case 'failed-payment-attempts':
      // Every reason's bar: the failed charges of the bucket (settlement "failed" is exactly state failed).
      return list('/cms/transactions', {
        kind: 'charge',
        settlement: 'failed',
        created_from: r.from,
        created_to: r.to,
      });
    case 'new-customers':
      // The list shows the active ones; its "Show archived" switch (the filter kept) the archived ones.
      return list('/cms/customers', { created_from: r.from, created_to: r.to });
    default:
      return null;
  }
}
