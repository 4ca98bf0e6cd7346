/** Payments (transactions) as the API answers them, and the order's money figures computed from them. */
import {
  type PaymentMethod,
  SETTLEMENT_OF_STATE,
  type Transaction,
  type TransactionDetail,
} from '@rentloop/domain/payments';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { customers, invoices, paymentMethods, transactions } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { companyCurrency, toDecimal } from '../../money.ts';
import { orderRow } from '../orders/records.ts';

const columns = {
  row: transactions,
  invoice_number: invoices.number,
  customer_name: customers.name,
};

const { raw: _raw, ...rowWithoutRaw } = getTableColumns(transactions);
/** A transaction's columns without the provider's raw answer (the list's, the export's). */
export const transactionListColumns = { ...columns, row: rowWithoutRaw };

// What names an attempt's invoice and customer (same company, composite keys).
const onInvoice = and(
  eq(invoices.company_id, transactions.company_id),
  eq(invoices.id, transactions.invoice_id),
)!;
const onCustomer = and(
  eq(customers.company_id, transactions.company_id),
  eq(customers.id, transactions.customer_id),
)!;
/** The joins of `transactionListColumns`, as defineList takes them. */
export const transactionJoins = [
  { table: invoices, on: onInvoice, type: 'left' as const },
  { table: customers, on: onCustomer, type: 'left' as const },
];

type TransactionRow = typeof transactions.$inferSelect;

export function toTransaction(r: {
  row: Omit<TransactionRow, 'raw'> & { raw?: TransactionRow['raw'] };
  invoice_number: string | null;
  customer_name: string | null;
}): TransactionDetail {
  const t = r.row;
  return {
    id: t.id,
    kind: t.kind,
    attempt_no: t.attempt_no,
    provider_key: t.provider_key,
    gateway: t.gateway,
    state: t.state,
    settlement: SETTLEMENT_OF_STATE[t.state],
    provider_status: t.provider_status,
    provider_reference: t.provider_reference,
    amount: toDecimal(t.amount, t.currency) as string,
    currency: t.currency,
    decline_code: t.decline_code,
    decline_class: t.decline_class,
    decline_reason: t.decline_reason,
    decline_message: t.decline_message,
    invoice_id: t.invoice_id,
    invoice_number: r.invoice_number,
    order_id: t.order_id,
    customer_id: t.customer_id,
    customer_name: r.customer_name ?? '',
    created_at: t.created_at,
    updated_at: t.updated_at,
    raw:
      t.raw === null || t.raw === undefined
        ? null
        : typeof t.raw === 'object' && !Array.isArray(t.raw)
          ? (t.raw as Record<string, unknown>)
          : { value: t.raw },
  };
}

function selectTransactions(ctx: Ctx) {
  return ctx.db
    .select(columns)
    .from(transactions)
    .leftJoin(invoices, onInvoice)
    .leftJoin(customers, onCustomer);
}

/** GET transactions/{id}: with the provider's raw answer. */
export async function getTransaction(ctx: Ctx, id: number): Promise<TransactionDetail> {
  const [r] = await selectTransactions(ctx).where(
    and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, id)),
  );
  if (!r) throw notFound();
  return toTransaction(r);
}

/** An invoice's attempts, newest first (the invoice screen's "attempts"). */
export async function transactionsOfInvoice(ctx: Ctx, invoiceId: number): Promise<Transaction[]> {
  const rows = await selectTransactions(ctx)
    .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.invoice_id, invoiceId)))
    .orderBy(desc(transactions.id));
  return rows.map((r) => {
    const { raw: _raw, ...t } = toTransaction(r);
    return t;
  });
}

/**
 * `GET orders/{id}/revenue` and `refunded-amount`: from the order's succeeded attempts. Revenue is what
 * was charged less what was refunded; computed, never stored.
 */
export async function orderMoney(
  ctx: Ctx,
  id: number,
): Promise<{ refunded_amount: string; revenue: string }> {
  await orderRow(ctx, id);
  const currency = await companyCurrency(ctx);
  const [sums] = await ctx.db
    .select({
      charged: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.kind} = 'charge'), 0)`,
      refunded: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.kind} = 'refund'), 0)`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(transactions.order_id, id),
        eq(transactions.state, 'succeeded'),
      ),
    );
  const charged = BigInt(sums?.charged ?? 0);
  const refunded = BigInt(sums?.refunded ?? 0);
  return {
    refunded_amount: toDecimal(refunded, currency) as string,
    revenue: toDecimal(charged - refunded, currency) as string,
  };
}

/** `GET orders/{order_id}/payment-methods`: the order's customer's stored methods, default first. */
export async function orderPaymentMethods(ctx: Ctx, orderId: number) {
  const order = await orderRow(ctx, orderId);
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.company_id, ctx.companyId), eq(paymentMethods.customer_id, order.customer_id)),
    )
    .orderBy(desc(paymentMethods.is_default), desc(paymentMethods.id));
  return rows.map(toPaymentMethod);
}

export const toPaymentMethod = (m: typeof paymentMethods.$inferSelect): PaymentMethod => ({
  id: m.id,
  customer_id: m.customer_id,
  gateway: m.gateway,
  customer_reference: m.customer_reference,
  method_reference: m.method_reference,
  label: m.label,
  is_default: m.is_default,
  created_at: m.created_at,
});
