/** The invoices list (GET read-replica .../paginated-invoices), amounts as decimal strings. */
import type { INVOICE_SORTS, InvoiceFilters, InvoiceListRow } from '@rentloop/domain/invoices';
import { and, eq, sql } from 'drizzle-orm';
import { companySearch } from '../../db/company-search.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { customers, invoices } from '../../db/schema/index.ts';
import { toDecimal } from '../../money.ts';

type Sort = (typeof INVOICE_SORTS)[number];

// Only what a row shows: never the lines, snapshots or documents.
const columns = {
  id: invoices.id,
  status: invoices.status,
  type: invoices.type,
  number: invoices.number,
  issue_date: invoices.issue_date,
  due_date: invoices.due_date,
  currency: invoices.currency,
  customer_id: invoices.customer_id,
  net: invoices.net,
  tax: invoices.tax,
  gross: invoices.gross,
  payment_status: invoices.payment_status,
  recovered_at: invoices.recovered_at,
  gateway: invoices.gateway,
  order_id: invoices.order_id,
  subscription_id: invoices.subscription_id,
  recurring_payment_id: invoices.recurring_payment_id,
  created_at: invoices.created_at,
  updated_at: invoices.updated_at,
  customer_name: customers.name,
};
type Row = Omit<InvoiceListRow, 'net' | 'tax' | 'gross' | 'customer_name'> & {
  net: bigint;
  tax: bigint;
  gross: bigint;
  customer_name: string | null;
};

export const invoiceList = defineList<Sort, InvoiceFilters, Row, InvoiceListRow>({
  name: 'invoices',
  table: invoices,
  id: invoices.id,
  scopes: { company: sql`${invoices.company_id} = ${ph('companyId')}` },
  columns,
  joins: [
    {
      table: customers,
      on: and(eq(customers.company_id, invoices.company_id), eq(customers.id, invoices.customer_id))!,
      type: 'left',
    },
  ],
  // Each sort has its (company_id, column, id) index (db/schema/billing.ts).
  sorts: {
    id: invoices.id,
    number: invoices.number,
    issue_date: invoices.issue_date,
    due_date: invoices.due_date,
    gross: invoices.gross,
    payment_status: invoices.payment_status,
    created_at: invoices.created_at,
  },
  filters: {
    status: (v) => sql`${invoices.status} = ${v}`,
    type: (v) => sql`${invoices.type} = ${v}`,
    payment_status: (v) => sql`${invoices.payment_status} = ${v}`,
    gateway: (v) => sql`${invoices.gateway} = ${v}`,
    customer_id: (v) => sql`${invoices.customer_id} = ${v}`,
    order_id: (v) => sql`${invoices.order_id} = ${v}`,
    subscription_id: (v) => sql`${invoices.subscription_id} = ${v}`,
    recurring_payment_id: (v) => sql`${invoices.recurring_payment_id} = ${v}`,
    issued_from: (v) => sql`${invoices.issue_date} >= ${v}::date`,
    issued_to: (v) => sql`${invoices.issue_date} <= ${v}::date`,
    due_from: (v) => sql`${invoices.due_date} >= ${v}::date`,
    due_to: (v) => sql`${invoices.due_date} <= ${v}::date`,
    recovered_from: (v) => sql`${invoices.recovered_at} >= ${v}::date`,
    recovered_to: (v) => sql`${invoices.recovered_at} < ${v}::date + 1`,
    // The unpaid-invoices graph's "owed" (insights/graph-figures.ts), true or false.
    unpaid: (v) => sql`(${invoices.status} = 'issued' and ${invoices.gross} > 0
      and ${invoices.payment_status} <> 'settled' and not exists (select 1 from invoices c
        where c.company_id = ${invoices.company_id} and c.original_invoice_id = ${invoices.id}
          and c.type = 'cancellation' and c.status = 'issued')) = ${v}`,
  },
  // The generated search_text (number, buyer's name and email) under its trigram index.
  search: (pattern) => companySearch(invoices.company_id, invoices.search_text, pattern),
  // entity_counts keeps the company's total (migration 0039's triggers) for the unfiltered pages.
  total: { entity: 'invoices', scope: 'company' },
  map: ({ net, tax, gross, customer_name, ...row }) => ({
    ...row,
    net: toDecimal(net, row.currency) as string,
    tax: toDecimal(tax, row.currency) as string,
    gross: toDecimal(gross, row.currency) as string,
    customer_name: customer_name ?? '',
  }),
});
