/**
 * Where the graphs' figures come from (decision 89): the rollups when the company's are ready (caught up
 * with every committed event first), else the scanning queries. Both answer the same figures.
 */
import { FAILED_PAYMENT_REASONS, type GraphPeriod } from '@rentloop/domain/graphs';
import type { Ctx } from '../../context.ts';
import {
  failedAttempts,
  type InvoiceFigures,
  invoiceFigures,
  newCustomers,
  type Range,
  type SubscriptionFigures,
  subscriptionFigures,
  unpaidOn,
} from './graph-figures.ts';
import { type BucketMovements, mrrMovementsByBucket, mrrOn } from './mrr-figures.ts';
import {
  failedAttemptsOf,
  INVOICE_METRICS,
  invoiceFiguresOf,
  loadValues,
  mrrMovementsOf,
  mrrOnOf,
  newCustomersOf,
  readyRollup,
  SUBSCRIPTION_METRICS,
  subscriptionFiguresOf,
  unpaidOnOf,
} from './rollups/read.ts';

export interface Figures {
  /** Whether they come from the rollups. */
  rolled: boolean;
  subscriptions(ranges: Range[]): Promise<SubscriptionFigures[]>;
  invoices(ranges: Range[]): Promise<InvoiceFigures[]>;
  failed(ranges: Range[]): Promise<{ i: number; reason: string; count: number }[]>;
  newCustomers(ranges: Range[]): Promise<number[]>;
  unpaidOn(d: string): Promise<bigint>;
  mrrOn(d: string): Promise<bigint>;
  movements(ranges: Range[], period: GraphPeriod): Promise<BucketMovements>;
}

export const scanning = (ctx: Ctx, tz: string, currency: string): Figures => ({
  rolled: false,
  subscriptions: (ranges) => subscriptionFigures(ctx, ranges, tz),
  invoices: (ranges) => invoiceFigures(ctx, ranges, tz, currency),
  failed: (ranges) => failedAttempts(ctx, ranges, tz),
  newCustomers: (ranges) => newCustomers(ctx, ranges, tz),
  unpaidOn: (d) => unpaidOn(ctx, d, tz, currency),
  mrrOn: (d) => mrrOn(ctx, d, tz),
  movements: (ranges) => mrrMovementsByBucket(ctx, ranges, tz),
});

/** The metrics the graphs read. */
const METRICS = [
  ...SUBSCRIPTION_METRICS,
  ...INVOICE_METRICS,
  'newc',
  'unpd',
  'mrr',
  ...FAILED_PAYMENT_REASONS.map((r) => `fail:${r}`),
  ...['m', 'q', 'y'].flatMap((k) =>
    ['new', 'reactivation', 'expansion', 'contraction', 'churned'].map((f) => `mv:${k}:${f}`),
  ),
];

export async function figuresFor(
  ctx: Ctx,
  tz: string,
  currency: string,
  today: string,
  opts: { scan?: boolean } = {},
): Promise<Figures> {
  if (opts.scan || !(await readyRollup(ctx, tz, currency))) return scanning(ctx, tz, currency);
  const v = await loadValues(ctx, today, METRICS);
  return {
    rolled: true,
    subscriptions: async (ranges) => subscriptionFiguresOf(v, ranges),
    invoices: async (ranges) => invoiceFiguresOf(v, ranges),
    failed: async (ranges) => failedAttemptsOf(v, ranges),
    newCustomers: async (ranges) => newCustomersOf(v, ranges),
    unpaidOn: async (d) => unpaidOnOf(v, d),
    mrrOn: async (d) => mrrOnOf(v, d),
    movements: async (ranges, period) => mrrMovementsOf(v, ranges, period),
  };
}
