/**
 * What the provider says of an attempt later than its live answer: a webhook's object fetched back
 * (webhooks.ts) or the reconciliation's look-up (reconcile.ts). Both go through `recordOutcome`, the
 * path of a live answer (charge.ts), and only forward: a late duplicate, an older event or an answer
 * that says what is already recorded changes nothing (BILLING.md "apply only forward transitions").
 */
import type { TransactionState } from '@rentloop/domain/payments';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { transactions } from '../../db/schema/index.ts';
import type { GatewayName, GatewayOutcome } from '../../integrations/payments/types.ts';
import { recordOutcome } from './charge.ts';

type TxRow = typeof transactions.$inferSelect;

/** The answers that move an attempt on from each state; any other answer leaves it as it is. */
const FORWARD: Record<TransactionState, readonly GatewayOutcome['state'][]> = {
  created: [],
  // A crash between the commit and the answer: whatever the provider knows (or a loss to `unknown`).
  processing: ['succeeded', 'failed', 'pending', 'unknown'],
  unknown: ['succeeded', 'failed', 'pending'],
  // SEPA, Mollie's direct debit: the money arrives or is returned days later.
  pending: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
};

export const movesForward = (state: TransactionState, outcome: GatewayOutcome['state']) =>
  FORWARD[state].includes(outcome);

/**
 * Applies `outcome` to the attempt in the caller's transaction when it moves it forward; answers
 * whether it did. The attempt is locked first, so a live answer and a webhook cannot both apply.
 */
export async function applyProviderOutcome(
  ctx: Ctx,
  attemptId: number,
  outcome: GatewayOutcome,
): Promise<boolean> {
  const [attempt] = await ctx.db
    .select({ state: transactions.state })
    .from(transactions)
    .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, attemptId)))
    .for('update');
  if (!attempt || !movesForward(attempt.state, outcome.state)) return false;
  await recordOutcome(ctx, attemptId, outcome);
  if (outcome.state !== 'unknown')
    await ctx.db
      .update(transactions)
      .set({ reconcile_after: null })
      .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, attemptId)));
  return true;
}

/** The attempt's key the provider keeps in its object's metadata (both adapters write `idempotency_key`). */
export function keyInMetadata(outcome: GatewayOutcome): string | null {
  const raw = outcome.raw as { metadata?: Record<string, unknown> | null } | null;
  const key = raw?.metadata?.idempotency_key;
  return typeof key === 'string' ? key : null;
}

/**
 * The company's charge attempt a provider object belongs to: by the provider's reference recorded on
 * it, else (its live answer was lost) by the attempt's key in the object's metadata.
 */
export async function attemptOfProviderObject(
  ctx: Ctx,
  gateway: GatewayName,
  outcome: GatewayOutcome,
): Promise<TxRow | null> {
  const scope = (extra: ReturnType<typeof eq>) =>
    and(
      eq(transactions.company_id, ctx.companyId),
      eq(transactions.gateway, gateway),
      eq(transactions.kind, 'charge'),
      extra,
    );
  if (outcome.state !== 'unknown' && outcome.providerReference) {
    const [byRef] = await ctx.db
      .select()
      .from(transactions)
      .where(scope(eq(transactions.provider_reference, outcome.providerReference)))
      .limit(1);
    if (byRef) return byRef;
  }
  const key = keyInMetadata(outcome);
  if (!key) return null;
  const [byKey] = await ctx.db
    .select()
    .from(transactions)
    .where(scope(eq(transactions.provider_key, key)))
    .limit(1);
  return byKey ?? null;
}
