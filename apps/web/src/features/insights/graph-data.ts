/**
 * A graph's data as rows for the chart, the text table and the CSV download: one row per label, one
 * column per series. Amounts and rates stay the exact strings the API sent in the table and the CSV;
 * the chart alone reads them as numbers to draw.
 */
import type { Graph, GraphSeries } from '@rentloop/domain/graphs';

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

/**
 * Where a bucket of a graph leads (issue 28: "every point drills down"): the list of the records behind
 * it, with the bucket's dates as the list's filters; null where no list holds exactly those records.
 * Lists read days in UTC and the graphs in the company's time zone: an edge of a few hours may differ.
 * Which graphs lead nowhere, and why: docs/insights.md "Drill-down".
 */
export function drillHref(g: Graph, i: number): string | null {
  const r = g.ranges[i];
  if (!r) return null;
  const list = (path: string, filters: Record<string, string>) =>
    `${path}?filters=${encodeURIComponent(JSON.stringify(filters))}`;
  switch (g.id) {
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
