import type { Graph } from '@rentloop/domain/graphs';
import { describe, expect, it } from 'vitest';
import { chartRows, cohortHref, drillHref, graphCsv } from './graph-data.ts';

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
    expect(filtersOf(drillHref(graph, 0))).toEqual({
      issued_from: '2025-01-01',
      issued_to: '2025-12-31',
      unpaid: 'true',
    });
    // Active customers and active subscriptions: what ran on the bucket's last day, each its own list.
    const active: Graph = { ...graph, id: 'active-customers' };
    expect(drillHref(active, 1)!.startsWith('/cms/customers?filters=')).toBe(true);
    expect(filtersOf(drillHref(active, 1))).toEqual({ subscribed_on: '2026-06-15' });
    expect(drillHref(active, 1, 'active_customers')).toBe(drillHref(active, 1));
    const subs = drillHref(active, 0, 'active_subscriptions');
    expect(subs!.startsWith('/cms/subscriptions?filters=')).toBe(true);
    expect(filtersOf(subs)).toEqual({ running_on: '2025-12-31' });
    // A bucket out of range leads nowhere.
    expect(drillHref(churn, 5)).toBeNull();
    for (const id of [
      'subscriptions-per-customer',
      'average-revenue-per-customer',
      'lifetime-value',
      'mrr-movements',
      'revenue-retention',
    ] as const)
      expect(drillHref({ ...graph, id }, 1), id).toBeNull();
  });
});

describe('cohortHref', () => {
  const grid = {
    as_of: '2026-06-15',
    offsets: [0, 1, 2],
    cohorts: [
      { month: '2026-01', customers: 2, retained: [2, 1, 1], shares: ['100.00', '50.00', '50.00'] },
      { month: '2026-05', customers: 1, retained: [1, 1, null], shares: ['100.00', '100.00', null] },
      { month: '2026-06', customers: 0, retained: [0, null, null], shares: [null, null, null] },
    ],
  };
  const filtersOf = (href: string | null) => JSON.parse(decodeURIComponent(href!.split('filters=')[1]!));
  it('leads a cohort to the customers of its first-order month, the current month ending today', () => {
    expect(cohortHref(grid, 0)!.startsWith('/cms/customers?filters=')).toBe(true);
    expect(filtersOf(cohortHref(grid, 0))).toEqual({
      first_order_from: '2026-01-01',
      first_order_to: '2026-01-31',
    });
    expect(filtersOf(cohortHref(grid, 2))).toEqual({
      first_order_from: '2026-06-01',
      first_order_to: '2026-06-15',
    });
    expect(cohortHref(grid, 3)).toBeNull();
  });
  it('leads a cell to those of them subscribed on the last day of the month n after (today for this one)', () => {
    expect(filtersOf(cohortHref(grid, 0, 1))).toEqual({
      first_order_from: '2026-01-01',
      first_order_to: '2026-01-31',
      subscribed_on: '2026-02-28',
    });
    expect(filtersOf(cohortHref(grid, 1, 1)).subscribed_on).toBe('2026-06-15');
    expect(filtersOf(cohortHref(grid, 0, 0)).subscribed_on).toBe('2026-01-31');
    // A month still to come has no cell to open.
    expect(cohortHref(grid, 1, 2)).toBeNull();
  });
});
