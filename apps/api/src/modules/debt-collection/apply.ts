/**
 * The agency's view of a claim recorded here, in the caller's (short) transaction: its reference, status,
 * what it collected and its fee, its comments (one row per agency activity id, so a sync adds none twice).
 * A claim the agency reports `paid` settles the invoice through the billing engine (`settleInvoice`: the
 * invoice settled, its order paid, its recurring payment paid, its dunning ended as recovered), with a
 * succeeded offline transaction whose reference is the claim's and whose raw answer carries what the
 * agency collected and its fee. The first answer that gives the claim the agency's reference is its filing:
 * the customer's notice is queued then (mail.ts). An invoice that was settled otherwise meanwhile, or has a payment in
 * progress, is not settled again: the claim says why, and a later sync tries again.
 */
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { debtClaimComments, debtClaims } from '../../db/schema/index.ts';
import type { AgencyClaim } from '../../integrations/debt-collection/index.ts';
import { toDecimal } from '../../money.ts';
import { recordEvent } from '../events/service.ts';
import { collectionFacts } from '../invoices/corrections.ts';
import { invoiceRow } from '../invoices/records.ts';
import { openAttempts, settleInvoice } from '../payments/charge.ts';
import { mailClaimToCustomer } from './mail.ts';
import type { ClaimRow } from './records.ts';

export const SETTLED_OTHERWISE =
  'The invoice was settled otherwise before the agency’s collection was recorded.';
export const PAYMENT_IN_PROGRESS =
  'The invoice has a payment in progress: the agency’s collection settles it at a later sync.';

/** Settles the claim's invoice by the agency's collection; null when done, else why not. */
async function settleByAgency(ctx: Ctx, claim: ClaimRow, answer: AgencyClaim): Promise<string | null> {
  const invoice = await invoiceRow(ctx, claim.invoice_id, { lock: true });
  const facts = await collectionFacts(ctx, invoice);
  if (invoice.payment_status === 'settled' || facts.cancelled) return SETTLED_OTHERWISE;
  if ((await openAttempts(ctx, claim.invoice_id)) > 0) return PAYMENT_IN_PROGRESS;
  await settleInvoice(ctx, claim.invoice_id, `${claim.provider}:${answer.reference}`, {
    debt_collection: {
      provider: claim.provider,
      claim_id: Number(claim.id),
      reference: answer.reference,
      collected: toDecimal(answer.paidMinor, claim.currency),
      fee: toDecimal(answer.feeMinor, claim.currency),
      currency: claim.currency,
    },
  });
  return null;
}

export async function applyAgencyClaim(
  ctx: Ctx,
  claimId: number,
  answer: AgencyClaim,
): Promise<{ row: ClaimRow; changed: boolean; settled: boolean }> {
  const [claim] = await ctx.db
    .select()
    .from(debtClaims)
    .where(and(eq(debtClaims.company_id, ctx.companyId), eq(debtClaims.id, claimId)))
    .for('update');
  if (!claim) throw new Error(`Claim ${claimId} vanished.`);
  const now = ctx.clock.now().toISOString();
  const changed =
    claim.reference !== answer.reference ||
    claim.status !== answer.status ||
    claim.paid_amount !== answer.paidMinor ||
    claim.fee !== answer.feeMinor;

  let settled = false;
  let problem: string | null = null;
  if (answer.status === 'paid' && claim.settled_at === null) {
    problem = await settleByAgency(ctx, claim, answer);
    settled = problem === null;
  }
  const [row] = await ctx.db
    .update(debtClaims)
    .set({
      reference: answer.reference,
      status: answer.status,
      paid_amount: answer.paidMinor,
      fee: answer.feeMinor,
      last_error: problem,
      last_synced_at: now,
      ...(settled ? { settled_at: now } : {}),
      ...(changed || settled ? { updated_at: now } : {}),
    })
    .where(and(eq(debtClaims.company_id, ctx.companyId), eq(debtClaims.id, claimId)))
    .returning();
  if (!row) throw new Error(`Claim ${claimId} vanished.`);
  // Filed: the agency has it for the first time. The customer is told now (when the settings say so).
  if (claim.reference === null && answer.reference) await mailClaimToCustomer(ctx, row);

  if (answer.comments.length > 0) {
    await ctx.db
      .insert(debtClaimComments)
      .values(
        answer.comments.map((c) => ({
          company_id: ctx.companyId,
          claim_id: claimId,
          reference: c.reference,
          source: c.byCreditor ? ('staff' as const) : ('agency' as const),
          comment: c.text,
          author: c.author,
          created_at: c.createdAt,
        })),
      )
      .onConflictDoNothing();
  }
  if (changed || settled) {
    await recordEvent(ctx, {
      type: settled ? 'debt_claim.paid' : 'debt_claim.status_changed',
      object: 'debt_claim',
      objectId: claimId,
      payload: {
        from: claim.status,
        to: answer.status,
        reference: answer.reference,
        paid_amount: toDecimal(answer.paidMinor, claim.currency),
        fee: toDecimal(answer.feeMinor, claim.currency),
        invoice_id: Number(claim.invoice_id),
        invoice_settled: settled,
      },
    });
  }
  return { row, changed, settled };
}
