/**
 * The reconciliation of attempts without a definitive answer (shared/BILLING.md "Money movements"), a
 * business job (jobs/business-jobs.ts): run hourly for every company by the `business-day` cron, and
 * day by day when an operator advances a test company's clock.
 *
 * It takes the company's charge and refund attempts that are `unknown` (a time-out, a 5xx, a reset) and those still
 * `processing` after `STALE_PROCESSING_MS` (the process died between committing the attempt and
 * recording its answer), and asks the provider with the attempt's own key (`lookup`): by its provider
 * reference, else by the key in the provider's metadata. When the provider never saw the key and the
 * attempt is within the provider's idempotency window, the identical request is replayed with the same
 * key (a replay can never charge twice: the provider answers the first execution if there was one; a
 * refund is replayed as the refund of the same charge, modules/payments/refunds.ts).
 * A definitive answer goes through the live answer's path (`applyProviderOutcome` → `recordOutcome`).
 * No answer: the next look is scheduled after 5 min, 1 h, 1 day (`reconcile_tries`, `reconcile_after`;
 * a `processing` attempt becomes `unknown` at its first look); when the look after the last delay finds
 * nothing either, the company's staff are alerted (a notification, `notifyCompany`, and the event
 * `transaction.reconciliation_exhausted` for operators' event list: notifications have no operators-only
 * audience), and the attempt is looked at once a day from then on, without a new alert.
 *
 * Claimed with FOR UPDATE SKIP LOCKED and leased (`reconcile_after` moved `LEASE_MS` ahead) in a short
 * transaction, so two runs (the cron and an advance) never look at one attempt at once; the provider is
 * called outside any transaction.
 */
import { and, eq, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { claimDue } from '../../db/claim.ts';
import { transactions } from '../../db/schema/index.ts';
import { gatewayFor } from '../../integrations/payments/index.ts';
import type { GatewayOutcome } from '../../integrations/payments/types.ts';
import type { BusinessJob } from '../companies/business-jobs.ts';
import { recordEvent } from '../events/service.ts';
import { publishQuietly } from '../notifications/bus.ts';
import { notifyCompany } from '../notifications/service.ts';
import { callGateway, methodFor, recordOutcome } from './charge.ts';
import { applyProviderOutcome } from './provider-outcome.ts';
import { callRefund, refundedChargeReference } from './refunds.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The waits after a look that found nothing: the 1st, 2nd and 3rd; after the 4th look, the alert. */
export const RECONCILE_DELAYS_MS = [5 * MINUTE, HOUR, DAY] as const;
/** A `processing` attempt older than this lost its answer (a charge call gives up after 30 s, retries included ~90 s). */
export const STALE_PROCESSING_MS = 10 * MINUTE;
/** A replay only while the provider still keeps the key (Stripe: 24 h; Mollie: longer). */
const REPLAY_WINDOW_MS = 23 * HOUR;
/** How long a claimed attempt is left to this run before another may take it (a run that died). */
const LEASE_MS = 15 * MINUTE;
const BATCH = 50;

type TxRow = typeof transactions.$inferSelect;

function dueCondition(ctx: Ctx, now: Date): SQL {
  const at = now.toISOString();
  const lookDue = or(isNull(transactions.reconcile_after), lte(transactions.reconcile_after, at));
  return and(
    eq(transactions.company_id, ctx.companyId),
    inArray(transactions.kind, ['charge', 'refund']),
    ne(transactions.gateway, 'offlinegateway'),
    lookDue,
    or(
      eq(transactions.state, 'unknown'),
      and(
        eq(transactions.state, 'processing'),
        lte(transactions.updated_at, new Date(now.getTime() - STALE_PROCESSING_MS).toISOString()),
      ),
    ),
  ) as SQL;
}

/** What the provider knows of the attempt now; null when nobody could say (no adapter, no answer). */
async function ask(ctx: Ctx, attempt: TxRow, now: Date): Promise<GatewayOutcome | null> {
  const gateway = await gatewayFor(ctx, attempt.gateway);
  if (!gateway) return null;
  const found = await gateway.lookup(attempt.provider_key, attempt.provider_reference);
  if (found) return found;
  // The provider never saw the key: replay the identical request while it would still recognise it.
  if (now.getTime() - Date.parse(attempt.created_at) > REPLAY_WINDOW_MS) return null;
  if (attempt.kind === 'refund') {
    const chargeReference = await refundedChargeReference(ctx, attempt);
    return chargeReference ? callRefund(ctx, { attempt, chargeReference }) : null;
  }
  const method = await methodFor(ctx, attempt.customer_id, attempt.gateway).catch(() => null);
  return method ? callGateway(ctx, attempt, method) : null;
}

/** Nothing definitive: a `processing` attempt becomes `unknown`, the next look is scheduled, or the alert. */
async function noAnswer(ctx: Ctx, attemptId: number, why: string, now: Date): Promise<void> {
  const [attempt] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, attemptId)))
    .for('update');
  if (!attempt || !['processing', 'unknown'].includes(attempt.state)) return;
  if (attempt.state === 'processing')
    await recordOutcome(ctx, attemptId, { state: 'unknown', error: why, raw: null });
  const tries = attempt.reconcile_tries + 1;
  const wait = RECONCILE_DELAYS_MS[tries - 1] ?? DAY;
  await ctx.db
    .update(transactions)
    .set({ reconcile_tries: tries, reconcile_after: new Date(now.getTime() + wait).toISOString() })
    .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, attemptId)));
  if (tries === RECONCILE_DELAYS_MS.length + 1) await alert(ctx, attempt, tries, why);
}

async function alert(ctx: Ctx, attempt: TxRow, tries: number, why: string): Promise<void> {
  await recordEvent(ctx, {
    type: 'transaction.reconciliation_exhausted',
    object: 'transaction',
    objectId: attempt.id,
    payload: { gateway: attempt.gateway, provider_key: attempt.provider_key, tries, last_error: why },
  });
  const id = await notifyCompany(ctx, {
    title: 'A payment needs checking',
    description: `Payment ${attempt.id}: no answer from ${attempt.gateway} after ${tries} looks.`,
    message: `The ${attempt.gateway} payment ${attempt.id} (invoice ${attempt.invoice_id ?? '-'}, key ${attempt.provider_key}) got no definitive answer, and ${tries} look-ups since found none: ${why}. Look it up in the ${attempt.gateway} dashboard by that key. Rentloop keeps looking once a day.`,
    type: 'error',
  });
  publishQuietly(ctx.deps.notifications, { kind: 'created', id, company_id: ctx.companyId });
}

/** One attempt: asked outside any transaction, its answer (or the lack of one) recorded in a short one. */
export async function reconcileAttempt(ctx: Ctx, transact: Transact, attemptId: number): Promise<boolean> {
  const now = ctx.clock.now();
  const [attempt] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, attemptId)));
  if (!attempt || !['processing', 'unknown'].includes(attempt.state)) return false;
  let outcome: GatewayOutcome | null;
  try {
    outcome = await ask(ctx, attempt, now);
  } catch (err) {
    outcome = { state: 'unknown', error: err instanceof Error ? err.message : String(err), raw: null };
  }
  if (outcome && outcome.state !== 'unknown')
    return transact((tx) => applyProviderOutcome(tx, attemptId, outcome));
  const why = outcome?.error ?? `${attempt.gateway} has no payment with this key.`;
  await transact((tx) => noAnswer(tx, attemptId, why, now));
  return false;
}

export const reconcilePaymentsJob: BusinessJob = {
  name: 'reconcile-payments',
  async run(ctx, transact) {
    const now = ctx.clock.now();
    const ids = await transact(async (tx) => {
      const claimed = await claimDue(tx.db, {
        table: transactions,
        id: transactions.id,
        due: dueCondition(tx, now),
        order: transactions.updated_at,
        limit: BATCH,
      });
      if (claimed.length > 0)
        await tx.db
          .update(transactions)
          .set({ reconcile_after: new Date(now.getTime() + LEASE_MS).toISOString() })
          .where(and(eq(transactions.company_id, tx.companyId), inArray(transactions.id, claimed)));
      return claimed;
    });
    for (const id of ids) await reconcileAttempt(ctx, transact, id);
    return ids.length;
  },
};
