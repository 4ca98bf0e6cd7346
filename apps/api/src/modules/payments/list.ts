/** The transactions list (GET read-replica .../transactions): every payment attempt of the company. */
import {
  SETTLEMENT_OF_STATE,
  type TRANSACTION_SORTS,
  type Transaction,
  type TransactionFilters,
} from '@rentloop/domain/payments';
import { type SQL, sql } from 'drizzle-orm';
import { defineList, ph } from '../../db/define-list.ts';
import { transactions } from '../../db/schema/index.ts';
import { toTransaction, transactionJoins, transactionListColumns } from './records.ts';

type Sort = (typeof TRANSACTION_SORTS)[number];

// The settlement is derived from the state, never stored: the filter is the domain's table as SQL, so
// the two cannot disagree.
const settlementOfState: SQL = sql`(case ${transactions.state} ${sql.join(
  Object.entries(SETTLEMENT_OF_STATE).map(([state, settlement]) => sql`when ${state} then ${settlement}`),
  sql` `,
)} end)`;

export const transactionList = defineList<
  Sort,
  TransactionFilters,
  Parameters<typeof toTransaction>[0],
  Transaction
>({
  name: 'transactions',
  table: transactions,
  id: transactions.id,
  scopes: { company: sql`${transactions.company_id} = ${ph('companyId')}` },
  columns: transactionListColumns,
  joins: transactionJoins,
  // The invoice's number, buyer name and email (its trigram-indexed search_text), or the gateway's own
  // reference (pi_..., tr_...) that support is given by the customer or the provider. The invoices are
  // found once (an uncorrelated subquery: the rows are the company's already, and an attempt names only
  // its own company's invoice), not looked up again for every attempt.
  search: (pattern) =>
    sql`(lower(coalesce(${transactions.provider_reference}, '')) LIKE ${pattern} OR ${transactions.invoice_id} IN (select i.id from invoices i where i.search_text LIKE ${pattern}))`,
  // Each sort has its (company_id, column, id) index (db/schema/billing.ts).
  sorts: {
    id: transactions.id,
    created_at: transactions.created_at,
    updated_at: transactions.updated_at,
    amount: transactions.amount,
    state: transactions.state,
    gateway: transactions.gateway,
  },
  filters: {
    gateway: (v) => sql`${transactions.gateway} = ${v}`,
    kind: (v) => sql`${transactions.kind} = ${v}`,
    state: (v) => sql`${transactions.state} = ${v}`,
    provider_status: (v) => sql`${transactions.provider_status} = ${v}`,
    settlement: (v) => sql`${settlementOfState} = ${v}`,
    decline_reason: (v) => sql`${transactions.decline_reason} = ${v}`,
    invoice_id: (v) => sql`${transactions.invoice_id} = ${v}`,
    order_id: (v) => sql`${transactions.order_id} = ${v}`,
    customer_id: (v) => sql`${transactions.customer_id} = ${v}`,
    created_from: (v) => sql`${transactions.created_at} >= ${v}::date`,
    created_to: (v) => sql`${transactions.created_at} < (${v}::date + 1)`,
  },
  // entity_counts keeps the company's total (migration 0039's triggers) for the unfiltered pages.
  total: { entity: 'transactions', scope: 'company' },
  map: (r) => {
    const { raw: _raw, ...t } = toTransaction(r);
    return t;
  },
});
