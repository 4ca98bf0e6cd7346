/**
 * Debt claims as the API answers them: the list (db/define-list.ts, joined with the invoice for its
 * number and the customer's name as invoiced), one claim with its comments, and the row reads the
 * other files share.
 */
import type {
  DEBT_CLAIM_SORTS,
  DebtClaim,
  DebtClaimDetail,
  DebtComment,
} from '@rentloop/domain/debt-collection';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { debtClaimComments, debtClaims, invoices } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { toDecimal } from '../../money.ts';

export type ClaimRow = typeof debtClaims.$inferSelect;
type Sort = (typeof DEBT_CLAIM_SORTS)[number];
export type ClaimFilters = {
  status?: ClaimRow['status'];
  invoice_id?: number;
  customer_id?: number;
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const money = (v: bigint, currency: string) => toDecimal(v, currency) ?? '0';

type Joined = ClaimRow & { invoice_number: string | null; customer_name: string | null };

export function toClaim(row: Joined): DebtClaim {
  return {
    id: Number(row.id),
    invoice_id: Number(row.invoice_id),
    invoice_number: row.invoice_number,
    customer_id: Number(row.customer_id),
    customer_name: row.customer_name,
    provider: row.provider,
    reference: row.reference,
    status: row.status,
    amount: money(row.amount, row.currency),
    paid_amount: money(row.paid_amount, row.currency),
    fee: money(row.fee, row.currency),
    currency: row.currency,
    settled_at: iso(row.settled_at),
    last_error: row.last_error,
    last_synced_at: iso(row.last_synced_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

const invoiceNumber = sql<string | null>`(select ${invoices.number} from ${invoices}
  where ${invoices.company_id} = ${debtClaims.company_id} and ${invoices.id} = ${debtClaims.invoice_id})`;
const customerName = sql<string | null>`(select ${invoices.customer} ->> 'name' from ${invoices}
  where ${invoices.company_id} = ${debtClaims.company_id} and ${invoices.id} = ${debtClaims.invoice_id})`;

const columns = {
  ...getTableColumns(debtClaims),
  invoice_number: invoiceNumber,
  customer_name: customerName,
};

export const claimList = defineList<Sort, ClaimFilters, Joined, DebtClaim>({
  name: 'debt_claims',
  table: debtClaims,
  id: debtClaims.id,
  scopes: { company: sql`${debtClaims.company_id} = ${ph('companyId')}` },
  columns,
  sorts: {
    id: debtClaims.id,
    created_at: debtClaims.created_at,
    updated_at: debtClaims.updated_at,
    status: debtClaims.status,
    amount: debtClaims.amount,
  },
  filters: {
    status: (v) => sql`${debtClaims.status} = ${v}`,
    invoice_id: (v) => sql`${debtClaims.invoice_id} = ${v}`,
    customer_id: (v) => sql`${debtClaims.customer_id} = ${v}`,
  },
  map: toClaim,
});

export const listClaims = (ctx: Ctx, p: ListParams<Sort, ClaimFilters>) => claimList.list(ctx, p);

/** A claim's row, locked when asked; another company's or a missing one: 404. */
export async function claimRow(ctx: Ctx, id: number, opts: { lock?: boolean } = {}): Promise<ClaimRow> {
  const query = ctx.db
    .select()
    .from(debtClaims)
    .where(and(eq(debtClaims.company_id, ctx.companyId), eq(debtClaims.id, id)));
  const [row] = await (opts.lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

export async function claimOfInvoice(ctx: Ctx, invoiceId: number): Promise<ClaimRow | null> {
  const [row] = await ctx.db
    .select()
    .from(debtClaims)
    .where(and(eq(debtClaims.company_id, ctx.companyId), eq(debtClaims.invoice_id, invoiceId)));
  return row ?? null;
}

export async function getClaim(ctx: Ctx, id: number): Promise<DebtClaimDetail> {
  const [row] = await ctx.db
    .select(columns)
    .from(debtClaims)
    .where(and(eq(debtClaims.company_id, ctx.companyId), eq(debtClaims.id, id)));
  if (!row) throw notFound();
  const comments = await ctx.db
    .select()
    .from(debtClaimComments)
    .where(and(eq(debtClaimComments.company_id, ctx.companyId), eq(debtClaimComments.claim_id, id)))
    .orderBy(asc(debtClaimComments.created_at), asc(debtClaimComments.id));
  return {
    ...toClaim(row as Joined),
    comments: comments.map(
      (c): DebtComment => ({
        id: Number(c.id),
        comment: c.comment,
        source: c.source,
        author: c.author,
        created_at: iso(c.created_at)!,
      }),
    ),
  };
}
