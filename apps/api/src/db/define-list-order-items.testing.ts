/**
 * The order items list's fixture of `define-list.test.ts` (orders/item-list.ts): its rows are the lines
 * the orders fixture seeds (one per order of either company, quotes among them, some consumable), so it
 * seeds nothing itself; the orders list's filters and searches, each applied to the line's order.
 */
import type { Fixture } from './define-list-billing.testing.ts';

export const orderItemsFixture: Fixture = {
  async seed() {},
  filters: {
    status: ['open', 'cancelled', 'fulfilled'],
    payment_status: ['paid', 'trial'],
    tag: ['delivered', 'lost'],
    customer_id: [1, 3, 999],
    product_id: [1, 2],
    created_from: ['2026-02-01', '2026-03-20'],
    created_to: ['2026-01-10', '2026-03-01'],
    consumable: [true, false],
  },
  searches: ['ORD-1', 'buyer 2', 'BUYER', '@orders', 'nothing-matches', '50%'],
};
