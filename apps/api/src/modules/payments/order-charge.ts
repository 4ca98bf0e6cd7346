/** The order's initial payment: POST orders/{id}/charge and POST order/generate-offline-invoice. */
import type { Invoice } from '@rentloop/domain/invoices';
import { paymentStatusRefusal } from '@rentloop/domain/orders';
import type { TransactionDetail } from '@rentloop/domain/payments';
import type { Ctx, Transact } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { initialInvoiceOf } from '../invoices/issue.ts';
import { getInvoice } from '../invoices/records.ts';
import { orderRow } from '../orders/records.ts';
import { chargeInvoice } from './charge.ts';
import { getTransaction } from './records.ts';

export interface ChargeAnswer {
  invoice: Invoice;
  transaction: TransactionDetail;
}

/**
 * Charges the order's initial payment: only while its payment status is `payment_required` (spec 01 §4,
 * "Order does not require initial payment." otherwise, a 409). Its initial invoice is issued (or found)
 * first, in a transaction of its own, then charged like any invoice.
 */
export async function chargeOrder(
  ctx: Ctx,
  transact: Transact,
  orderId: number,
  message?: string,
): Promise<ChargeAnswer> {
  const invoiceId = await transact(async (tx) => {
    const order = await orderRow(tx, orderId, { lock: true });
    const refused = order.status === 'draft' ? 'draft' : paymentStatusRefusal(order.payment_status);
    if (refused === 'draft') throw new AppError('not_found');
    if (refused) throw new AppError('conflict', refused);
    return (await initialInvoiceOf(tx, orderId)).id;
  });
  const attempt = await chargeInvoice(ctx, transact, invoiceId, message);
  return { invoice: await getInvoice(ctx, invoiceId), transaction: await getTransaction(ctx, attempt.id) };
}

/** Issues the order's initial invoice on the offline gateway (or answers the one it has). */
export async function generateOfflineInvoice(ctx: Ctx, orderId: number): Promise<Invoice> {
  const { id } = await initialInvoiceOf(ctx, orderId, { gateway: 'offlinegateway' });
  return getInvoice(ctx, id);
}
