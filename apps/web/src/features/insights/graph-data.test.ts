import type { Graph } from '@rentloop/domain/graphs';
import { describe, expect, it } from 'vitest';
import { chartRows, drillHref, graphCsv } from './graph-data.ts';

const graph: Graph = {
  id: 'unpaid-invoices',
  title: 'Unpaid invoices',
  period: 'annually',
  currency: 'EUR',
  labels: ['2025', '2026'],
  ranges: [
    { from: '2025-01-01', to: '2025-12-31' },
    { from: '2026-01-01', to: '2026-06-15' },
  ],
  series: [
    { key: 'count', label: 'Invoices unpaid', unit: 'count', values: [0, 2] },
    { key: 'amount', label: 'Amount, unpaid', unit: 'amount', values: ['0.00', '1234.50'] },
    { key: 'rate', label: 'Rate', unit: 'percent', values: [null, '12.50'] },
  ],
};

describe('graph data', () => {
  it('writes the CSV with the exact amounts, the currency named, empty where there is no value', () => {
    expect(graphCsv(graph)).toBe(
      'Period,Invoices unpaid,"Amount, unpaid (EUR)",Rate\n2025,0,0.00,\n2026,2,1234.50,12.50\n',
    );
  });
  it('gives the chart numbers, null kept', () => {
    expect(chartRows(graph)).toEqual([
      { label: '2025', count: 0, amount: 0, rate: null },
      { label: '2026', count: 2, amount: 1234.5, rate: 12.5 },
    ]);
  });
});

describe('drillHref', () => {
  it('leads a bucket to the list of its records, filtered by the bucket’s days', () => {
    const churn: Graph = { ...graph, id: 'churn-and-retention' };
    const href = drillHref(churn, 1)!;
    expect(href.startsWith('/cms/subscriptions?filters=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(href.split('filters=')[1]!))).toEqual({
      ended_from: '2026-01-01',
      ended_to: '2026-06-15',
    });
    const revenue = drillHref({ ...graph, id: 'invoice-revenue' }, 0)!;
    expect(JSON.parse(decodeURIComponent(revenue.split('filters=')[1]!))).toEqual({
      issued_from: '2025-01-01',
      issued_to: '2025-12-31',
    });
    const filtersOf = (href: string | null) => JSON.parse(decodeURIComponent(href!.split('filters=')[1]!));
    const failed = drillHref({ ...graph, id: 'failed-payment-attempts' }, 1);
    expect(failed!.startsWith('/cms/transactions?filters=')).toBe(true);
    expect(filtersOf(failed)).toEqual({
      kind: 'charge',
      settlement: 'failed',
      created_from: '2026-01-01',
      created_to: '2026-06-15',
    });
    const customers = drillHref({ ...graph, id: 'new-customers' }, 0);
    expect(customers!.startsWith('/cms/customers?filters=')).toBe(true);
    expect(filtersOf(customers)).toEqual({ created_from: '2025-01-01', created_to: '2025-12-31' });
    expect(filtersOf(drillHref({ ...graph, id: 'recovered-invoices' }, 0))).toEqual({
      recovered_from: '2025-01-01',
      recovered_to: '2025-12-31',
    });
    // No list holds exactly an unpaid bucket's invoices; a bucket out of range leads nowhere.
    expect(drillHref(graph, 0)).toBeNull();
    expect(drillHref(churn, 5)).toBeNull();
    for (const id of [
      'active-customers',
      'subscriptions-per-customer',
      'average-revenue-per-customer',
      'lifetime-value',
      'mrr-movements',
      'revenue-retention',
    ] as const)
      expect(drillHref({ ...graph, id }, 1), id).toBeNull();
  });
});
