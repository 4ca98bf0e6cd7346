/**
 * What an order's payment chip says, apart from `orders.ts` (its zod schemas) so the screens that show
 * the chip load no schema code for it.
 */
import type { AccountPaymentState, OrderStatus } from './enums.ts';

/**
 * The payment state an order's chip shows (list, page, customer page): the state billing keeps on the
 * order (paid, payment_pending, payment_required, trial: it moves with the initial invoice's payment),
 * except that an order owing nothing never says "payment required": a cancelled order, a quote, or one
 * whose total is zero shows no payment chip (null) rather than asking for money it will not take.
 */
export function shownPaymentStatus(order: {
  status: OrderStatus;
  payment_status: AccountPaymentState;
  total: string;
}): AccountPaymentState | null {
  if (order.payment_status !== 'payment_required') return order.payment_status;
  const owesNothing =
    order.status === 'cancelled' || order.status === 'draft' || /^-?0*\.?0*$/.test(order.total);
  return owesNothing ? null : 'payment_required';
}
