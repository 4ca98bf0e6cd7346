/**
 * Handing an invoice over to the agency (`POST debtist/invoice/{id}/claim`) and commenting on a claim
 * (`POST debtist/claims/{id}/activity/comments`). No HTTP inside a transaction: a short transaction
 * checks the invoice and records the claim `pending` (one per invoice: a second hand-over answers the
 * first), the agency is called outside it with our reference as its idempotency key (a repeat, after a
 * time-out or from a concurrent request, answers the same claim there too), and a second short
 * transaction records its answer. An agency that is down leaves the claim `pending` with its reason:
 * the next hand-over of the invoice or the next sync files it.
 */
import { DEBT_TEXTS, type DebtClaimDetail } from '@rentloop/domain/debt-collection';
import { and, eq } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import { actingUserId, type Ctx, type Transact } from '../../context.ts';
import { debtClaimComments, debtClaims, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { ClaimRequest } from '../../integrations/debt-collection/index.ts';
import { toDecimal } from '../../money.ts';
import { recordEvent } from '../events/service.ts';
import { collectionFacts } from '../invoices/corrections.ts';
import { invoiceRow } from '../invoices/records.ts';
import { openAttempts } from '../payments/charge.ts';
import { getDebtCollectionConfig } from '../settings/sections.ts';
import { type AgencyOptions, agencyFailure, agencyOf, agencyProblem, debtSettings } from './agency.ts';
import { applyAgencyClaim } from './apply.ts';
import { type ClaimRow, claimOfInvoice, claimRow, getClaim } from './records.ts';

/** Our reference of an invoice's claim at the agency (its idempotency key there). */
export const externalIdOf = (companyId: number, invoiceId: number) => `rl:${companyId}:inv${invoiceId}`;

/**
 * Why the invoice may not be handed over (a 409), or null. In the caller's transaction, the invoice
 * locked (`lock`: a hand-over; not for a read of the invoice's actions).
 */
async function refusalOf(
  ctx: Ctx,
  invoiceId: number,
  minClaim: number,
  lock = true,
  dueChecked = true,
): Promise<string | null> {
  const invoice = await invoiceRow(ctx, invoiceId, { lock });
  if (invoice.status !== 'issued') return DEBT_TEXTS.invoiceNotIssued;
  const facts = await collectionFacts(ctx, invoice);
  if (invoice.gross <= 0n || facts.credit || invoice.type === 'refund') return DEBT_TEXTS.invoiceCredit;
  if (facts.cancelled || invoice.payment_status === 'settled' || (await openAttempts(ctx, invoiceId)) > 0)
    return DEBT_TEXTS.invoiceNotUnpaid;
  if (dueChecked && (!invoice.due_date || invoice.due_date >= (await companyToday(ctx))))
    return DEBT_TEXTS.invoiceNotDue;
  if (invoice.gross < BigInt(minClaim))
    return DEBT_TEXTS.invoiceTooSmall(toDecimal(BigInt(minClaim), invoice.currency) ?? String(minClaim));
  return null;
}

/**
 * Whether `GET invoices/{id}/actions` offers `debt_collection`: the agency is configured, the invoice has
 * no claim yet and would be accepted now (issued, unpaid, idle, due, not below the smallest claim).
 */
export async function handOverAllowed(ctx: Ctx, invoiceId: number): Promise<boolean> {
  const config = await getDebtCollectionConfig(ctx);
  if (!config?.base_url) return false;
  if (await claimOfInvoice(ctx, invoiceId)) return false;
  return (await refusalOf(ctx, invoiceId, config.min_claim_minor, false)) === null;
}

/** The claim to send for a recorded row (the debtor as invoiced). */
export async function claimRequestOf(ctx: Ctx, row: ClaimRow): Promise<ClaimRequest> {
  const invoice = await invoiceRow(ctx, row.invoice_id);
  const address = invoice.customer.address;
  return {
    externalId: externalIdOf(ctx.companyId, row.invoice_id),
    invoiceNumber: invoice.number,
    invoiceDate: invoice.issue_date,
    dueDate: invoice.due_date,
    amountMinor: row.amount,
    currency: row.currency,
    debtor: {
      name: invoice.customer.name,
      email: invoice.customer.email || null,
      company: (address as { company?: string | null } | null)?.company ?? null,
      address: address as Record<string, unknown> | null,
    },
  };
}

/**
 * Records the invoice's claim `pending` (checked, in the caller's transaction), or answers the one it
 * has. `created`: whether this call recorded it. `dunned`: handed over by the dunning's end, whose
 * retries were the grace: the invoice's payment terms (its due date) are not waited for.
 */
export async function recordClaim(
  ctx: Ctx,
  invoiceId: number,
  minClaim: number,
  opts: { dunned?: boolean } = {},
): Promise<{ row: ClaimRow; created: boolean }> {
  // The invoice first (404 for another company's), locked: a concurrent hand-over waits here.
  await invoiceRow(ctx, invoiceId, { lock: true });
  const existing = await claimOfInvoice(ctx, invoiceId);
  if (existing) return { row: existing, created: false };
  const refusal = await refusalOf(ctx, invoiceId, minClaim, true, !opts.dunned);
  if (refusal) throw new AppError('conflict', refusal);
  const invoice = await invoiceRow(ctx, invoiceId);
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .insert(debtClaims)
    .values({
      company_id: ctx.companyId,
      invoice_id: invoiceId,
      customer_id: invoice.customer_id,
      provider: 'debtist',
      status: 'pending',
      amount: invoice.gross,
      currency: invoice.currency,
      created_at: now,
      updated_at: now,
    })
    .returning();
  if (!row) throw new Error('The claim was not recorded.');
  await recordEvent(ctx, {
    type: 'debt_claim.created',
    object: 'debt_claim',
    objectId: Number(row.id),
    payload: {
      invoice_id: invoiceId,
      invoice_number: invoice.number,
      amount: toDecimal(row.amount, row.currency),
      currency: row.currency,
    },
  });
  return { row, created: true };
}

/** Sends a recorded claim that the agency has not confirmed; its answer or its failure is recorded. */
export async function fileClaim(
  ctx: Ctx,
  transact: Transact,
  row: ClaimRow,
  options: AgencyOptions = {},
): Promise<ClaimRow> {
  const agency = await agencyOf(ctx, options);
  const request = await claimRequestOf(ctx, row);
  try {
    const answer = await agency.createClaim(request);
    return await transact((tx) => applyAgencyClaim(tx, Number(row.id), answer).then((r) => r.row));
  } catch (err) {
    const problem = agencyProblem(err);
    await transact((tx) =>
      tx.db
        .update(debtClaims)
        .set({ last_error: problem, updated_at: tx.clock.now().toISOString() })
        .where(and(eq(debtClaims.company_id, tx.companyId), eq(debtClaims.id, row.id))),
    );
    throw err;
  }
}

/**
 * POST debtist/invoice/{id}/claim: the invoice handed over. Answers the claim and whether this call
 * created it (a repeat answers the first; a `pending` one is sent again).
 */
export async function claimInvoice(
  ctx: Ctx,
  transact: Transact,
  invoiceId: number,
  options: AgencyOptions = {},
): Promise<{ claim: DebtClaimDetail; created: boolean }> {
  // 404 for another company's invoice before anything else, then the 409 when nothing is configured.
  await invoiceRow(ctx, invoiceId);
  const settings = await debtSettings(ctx);
  const { row, created } = await transact((tx) => recordClaim(tx, invoiceId, settings.min_claim_minor));
  if (row.reference === null) {
    try {
      await fileClaim(ctx, transact, row, options);
    } catch (err) {
      agencyFailure(err, DEBT_TEXTS.claimFailed);
    }
  }
  return { claim: await getClaim(ctx, Number(row.id)), created };
}

async function authorName(ctx: Ctx): Promise<string> {
  const userId = actingUserId(ctx.actor);
  if (userId === null) return 'Rentloop';
  const [user] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? 'Rentloop';
}

/** POST debtist/claims/{id}/activity/comments: sent to the agency, then stored with its id. */
export async function addClaimComment(
  ctx: Ctx,
  transact: Transact,
  claimId: number,
  comment: string,
  options: AgencyOptions = {},
): Promise<DebtClaimDetail> {
  const claim = await claimRow(ctx, claimId);
  const agency = await agencyOf(ctx, options);
  if (claim.reference === null) throw new AppError('conflict', DEBT_TEXTS.claimPending);
  const author = await authorName(ctx);
  let answer: Awaited<ReturnType<typeof agency.addComment>>;
  try {
    answer = await agency.addComment(claim.reference, comment, author);
  } catch (err) {
    agencyFailure(err, DEBT_TEXTS.commentFailed);
  }
  await transact(async (tx) => {
    await tx.db
      .insert(debtClaimComments)
      .values({
        company_id: tx.companyId,
        claim_id: claimId,
        reference: answer.reference,
        source: 'staff',
        comment,
        author,
        author_user_id: actingUserId(tx.actor),
        created_at: answer.createdAt,
      })
      .onConflictDoNothing();
    await tx.db
      .update(debtClaims)
      .set({ updated_at: tx.clock.now().toISOString() })
      .where(and(eq(debtClaims.company_id, tx.companyId), eq(debtClaims.id, claimId)));
    await recordEvent(tx, {
      type: 'debt_claim.commented',
      object: 'debt_claim',
      objectId: claimId,
      payload: { reference: answer.reference },
    });
  });
  return getClaim(ctx, claimId);
}
