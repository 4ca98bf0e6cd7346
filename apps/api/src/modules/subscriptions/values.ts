/**
 * The one builder of a new subscription row, for the three places that make subscriptions: order
 * placement (one per rented unit, orders/placement.ts), a subscription added to an order by hand
 * (changes.ts) and the CSV import (import-write.ts). What they share is written once here: the
 * company, the order's number and customer copied onto the row (snapshots, shared/BILLING.md), the
 * number `<order number>-<position>`, the minimum term's end, the first billing date, the timestamps.
 */
import { addPeriods, minimumTermEnd } from '@rentloop/domain/billing-periods';
import type { Ctx } from '../../context.ts';
import type { subscriptions } from '../../db/schema/index.ts';

type Insert = typeof subscriptions.$inferInsert;

/** The order a subscription belongs to: its number (none on an order not yet numbered) and customer. */
export interface SubscriptionOrder {
  id: number;
  number: string | null;
  customer_id: number;
  customer_name: string;
  customer_email: string;
}

/** What is rented, and on which terms. */
export interface SubscriptionTerms {
  order_item_id: number | null;
  product_id: number;
  variant_id: number;
  product_name: string;
  variant_name: string;
  buyout_price: Insert['buyout_price'];
  status: Insert['status'];
  frequency: Insert['frequency'];
  interval: number;
  /** One period's price in minor units, net or gross as the company's prices are. */
  price: bigint;
  tax_percent: string;
  quantity: number;
  price_mode: Insert['price_mode'];
  minimum_term_months: number;
  start_date: string;
  auto_renew: boolean;
  /**
   * When it is billed next; by default one period after the start (the first period is the order's
   * own first payment). The import passes its own (a running subscription from elsewhere is billed at
   * the next boundary after today, one not yet running not at all).
   */
  next_billing_date?: string | null;
}

/** The row of subscription number `position` (1, 2, ...) of `order`. */
export function subscriptionValues(
  ctx: Ctx,
  order: SubscriptionOrder,
  position: number,
  terms: SubscriptionTerms,
): Insert {
  const { next_billing_date, ...rest } = terms;
  const now = ctx.clock.now().toISOString();
  return {
    ...rest,
    company_id: ctx.companyId,
    number: order.number === null ? null : `${order.number}-${position}`,
    order_id: order.id,
    order_number: order.number,
    customer_id: order.customer_id,
    customer_name: order.customer_name,
    customer_email: order.customer_email,
    term_mode: 'fixed',
    minimum_term_end: minimumTermEnd(terms.start_date, terms.minimum_term_months),
    next_billing_date:
      next_billing_date === undefined
        ? addPeriods(terms.start_date, terms.frequency, terms.interval, 1)
        : next_billing_date,
    created_at: now,
    updated_at: now,
  };
}
