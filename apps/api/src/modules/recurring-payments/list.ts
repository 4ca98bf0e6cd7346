/**
 * The recurring payments list (GET read-replica .../recurring-payments): each billing period with its
 * customer's name, its invoice, what was refunded of it and where it stands in dunning, amounts as
 * decimal strings.
 */
import type {
  RECURRING_PAYMENT_SORTS,
  RecurringPayment,
  RecurringPaymentFilters,
} from '@rentloop/domain/recurring-payments';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { defineList, ph } from '../../db/define-list.ts';
import {
  companies,
  customers,
  dunnings,
  invoices,
  recurringPayments,
  transactions,
} from '../../db/schema/index.ts';
import { toDecimal } from '../../money.ts';

type Sort = (typeof RECURRING_PAYMENT_SORTS)[number];

const { company_id: _c, ...own } = getTableColumns(recurringPayments);
// The amount is in the company's currency (frozen once it has money, migration 0017).
const currency = sql<string>`(select ${companies.currency} from ${companies} where ${companies.id} = ${ph('companyId')})`;
// The succeeded refunds of its invoice: the refund attempts of the refund invoices whose original it is
// (modules/payments/refunds.ts), summed in minor units in SQL (exact: bigint sums to numeric, read as
// text), 0 when there is no invoice or no refund.
const refunded = sql<string>`(select coalesce(sum(t.amount), 0)::text from ${transactions} t
  join ${invoices} r on r.company_id = t.company_id and r.id = t.invoice_id
  where r.company_id = ${invoices.company_id} and r.original_invoice_id = ${invoices.id}
    and t.kind = 'refund' and t.state = 'succeeded')`;

// The payment's dunning (at most one: unique per recurring payment). The filters ask it in a subquery,
// since the list's count reads the table alone.
const dunningOf = (condition: SQL) => sql`exists (select 1 from ${dunnings}
  where ${dunnings.company_id} = ${recurringPayments.company_id}
    and ${dunnings.recurring_payment_id} = ${recurringPayments.id} and ${condition})`;

type Row = Omit<typeof recurringPayments.$inferSelect, 'company_id'> & {
  customer_name: string | null;
  currency: string;
  invoice_id: number | null;
  refunded: string;
  dunning_status: (typeof dunnings.$inferSelect)['status'] | null;
  dunning_step: number | null;
  dunning_max_steps: number | null;
  dunning_next_attempt_on: string | null;
  dunning_end_action: (typeof dunnings.$inferSelect)['end_action'];
};

export const recurringPaymentList = defineList<Sort, RecurringPaymentFilters, Row, RecurringPayment>({
  name: 'recurring_payments',
  table: recurringPayments,
  id: recurringPayments.id,
  scopes: { company: sql`${recurringPayments.company_id} = ${ph('companyId')}` },
  columns: {
    ...own,
    customer_name: customers.name,
    currency,
    invoice_id: invoices.id,
    refunded,
    dunning_status: dunnings.status,
    dunning_step: dunnings.step,
    dunning_max_steps: dunnings.max_steps,
    dunning_next_attempt_on: dunnings.next_attempt_on,
    dunning_end_action: dunnings.end_action,
  },
  joins: [
    {
      table: customers,
      on: and(
        eq(customers.company_id, recurringPayments.company_id),
        eq(customers.id, recurringPayments.customer_id),
      )!,
      type: 'left',
    },
    // Its invoice: one per recurring payment (the partial unique index invoices_recurring_payment_key).
    {
      table: invoices,
      on: and(
        eq(invoices.company_id, recurringPayments.company_id),
        eq(invoices.recurring_payment_id, recurringPayments.id),
        eq(invoices.type, 'recurring payment'),
      )!,
      type: 'left',
    },
    {
      table: dunnings,
      on: and(
        eq(dunnings.company_id, recurringPayments.company_id),
        eq(dunnings.recurring_payment_id, recurringPayments.id),
      )!,
      type: 'left',
    },
  ],
  // Each sort has its (company_id, column, id) index (db/schema/billing.ts).
  sorts: {
    id: recurringPayments.id,
    due_date: recurringPayments.due_date,
    period_start: recurringPayments.period_start,
    amount: recurringPayments.amount,
    status: recurringPayments.status,
    created_at: recurringPayments.created_at,
  },
  filters: {
    status: (v) => sql`${recurringPayments.status} = ${v}`,
    subscription_id: (v) => sql`${recurringPayments.subscription_id} = ${v}`,
    customer_id: (v) => sql`${recurringPayments.customer_id} = ${v}`,
    order_id: (v) => sql`${recurringPayments.order_id} = ${v}`,
    due_from: (v) => sql`${recurringPayments.due_date} >= ${v}::date`,
    due_to: (v) => sql`${recurringPayments.due_date} <= ${v}::date`,
    dunning_step: (v) => dunningOf(sql`${dunnings.status} = 'active' and ${dunnings.step} = ${v}`),
    dunning_status: (v) => dunningOf(sql`${dunnings.status} = ${v}`),
  },
  // entity_counts keeps the company's total (migration 0039's triggers) for the unfiltered pages.
  total: { entity: 'recurring_payments', scope: 'company' },
  map: (r) => ({
    id: r.id,
    subscription_id: r.subscription_id,
    order_id: r.order_id,
    customer_id: r.customer_id,
    customer_name: r.customer_name ?? '',
    period_start: r.period_start,
    period_end: r.period_end,
    due_date: r.due_date,
    amount: toDecimal(r.amount, r.currency) as string,
    currency: r.currency,
    status: r.status,
    invoice_id: r.invoice_id,
    park_reason: r.park_reason,
    refunded_amount: toDecimal(BigInt(r.refunded), r.currency) as string,
    dunning:
      r.dunning_status === null
        ? null
        : {
            status: r.dunning_status,
            step: Number(r.dunning_step),
            max_steps: Number(r.dunning_max_steps),
            next_attempt_on: r.dunning_next_attempt_on,
            end_action: r.dunning_end_action,
          },
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
});
