/**
 * The billing run (shared/BILLING.md "The billing run"): every due recurring payment of a company is
 * invoiced and charged, in three phases per batch so that no gateway call happens inside a transaction
 * and a crash anywhere loses nothing:
 *
 * 1. issue: one transaction claims a batch of due `scheduled` payments (FOR UPDATE SKIP LOCKED: two runs
 *    never take the same row) and, set at a time (issue-phase.ts), issues their invoices (one range of
 *    gapless numbers) and commits their attempts `processing` with their provider keys. A payment that
 *    cannot be charged for a reason a retry would not cure (no payment method, gateway not enabled) is
 *    found before anything is written and `parked` with the reason; the batch goes on.
 *    Batches may be issued by more than one transaction at once (`issuers`); they queue only on the
 *    series' counter.
 * 2. charge: the gateway calls, outside any transaction, at most `concurrency` at once per gateway
 *    (while the next batch is issued).
 * 3. record: the answers that arrived together in one short transaction (record.ts, record-batch.ts:
 *    attempt, invoice, order, payment).
 *
 * A crash after 1 leaves `processing` attempts that the reconciliation resolves with the same key: the
 * provider's idempotency makes a repeat call charge nothing twice. The run's `billing_runs` row (one
 * per company and business date) is recounted from the rows at the end, so a re-run of a day only
 * recounts.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { companyToday } from '../../company-time.ts';
import type { Ctx, Transact } from '../../context.ts';
import { claimDue } from '../../db/claim.ts';
import { billingRuns, invoices, recurringPayments, type transactions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { collectRecurringPayment } from '../cumulated-invoices/collect.ts';
import { dropHeldSince, heldMark, holdingEvents } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { recurringPaymentMachine } from '../invoices/machine.ts';
import { callGateway, startCharge } from '../payments/charge.ts';
import { recurringInvoiceOf } from './invoice.ts';
import { type Prepared, planClaimed, writePlanned } from './issue-phase.ts';
import { answerRecorder } from './record.ts';

export interface RunOptions {
  /** Payments claimed and issued per transaction. */
  batchSize?: number;
  /** Gateway calls at once, per gateway. */
  concurrency?: number;
  /**
   * Batches issued at once, each in its own transaction (decision 95). One by default: on 2 cores a second
   * issuer measured no faster (the batches queue on the series' counter for most of their time).
   */
  issuers?: number;
}

export interface RunResult {
  business_date: string;
  issued: number;
  parked: number;
}

export type { Prepared } from './issue-phase.ts';

/**
 * Phase 1 for one payment, in the caller's transaction (its row locked): its invoice (issued now if it
 * has none) and a `processing` attempt. Throws the refusal (AppError) when it cannot be charged.
 * Answers null when the payment was collected into its customer's collective invoice instead
 * (cumulated-invoices/collect.ts): nothing to send now, the period's invoice is charged at its end.
 */
export async function prepareRecurringCharge(ctx: Ctx, rpId: number): Promise<Prepared | null> {
  const [rp] = await ctx.db
    .select()
    .from(recurringPayments)
    .where(and(eq(recurringPayments.company_id, ctx.companyId), eq(recurringPayments.id, rpId)))
    .for('update');
  if (!rp) throw new AppError('not_found', MESSAGES.notFound);
  const today = await companyToday(ctx);
  // The table's own refusal (not chargeable from this status, not due) before anything is issued.
  if (!['scheduled', 'failed', 'parked'].includes(rp.status))
    throw new AppError('conflict', MESSAGES.recurringPaymentNotChargeable);
  if (rp.due_date > today) throw new AppError('conflict', MESSAGES.recurringPaymentNotDue);
  if (await collectRecurringPayment(ctx, rp)) return null;
  const invoice = await recurringInvoiceOf(ctx, rp);
  const { attempt, method } = await startCharge(ctx, invoice.id);
  return { recurringPaymentId: rp.id, invoiceId: invoice.id, attempt, method };
}

/** Sets a payment aside with the reason the run could not charge it. */
async function park(ctx: Ctx, rpId: number, reason: string): Promise<void> {
  await transition(ctx, recurringPaymentMachine, rpId, 'park', {
    guard: { due: true },
    set: { park_reason: reason },
    payload: { reason },
  });
}

/** Phase 1 for a claimed batch: the prepared attempts, and how many were parked. */
async function issueBatch(ctx: Ctx, today: string, size: number) {
  const ids = await claimDue(ctx.db, {
    table: recurringPayments,
    id: recurringPayments.id,
    due: and(
      eq(recurringPayments.company_id, ctx.companyId),
      eq(recurringPayments.status, 'scheduled'),
      lte(recurringPayments.due_date, today),
    )!,
    order: recurringPayments.due_date,
    limit: size,
  });
  // Set at a time (issue-phase.ts): every refusal decided before anything is written, so a refused
  // payment spent no number and is parked without a savepoint.
  // The refused are parked before the counter is taken (writePlanned), so its lock is held only by
  // the writes that carry its numbers.
  const { accepted, refused, alone } = await planClaimed(ctx, ids);
  let parked = 0;
  for (const [id, reason] of refused) {
    await park(ctx, id, reason);
    parked += 1;
  }
  // The rare payment with more to read (its invoice exists, or it is collected): one by one, as staff's,
  // and before the batch's numbers are taken. A collected payment locks its customer's collective invoice
  // and then, issuing, the series' counter: the order staff's charge takes them in, so two issuers (or an
  // issuer and staff) never hold them crosswise.
  const prepared: Prepared[] = [];
  for (const id of alone) {
    const mark = heldMark(ctx);
    try {
      // A savepoint: a refused payment's writes roll back alone (the series stays gapless).
      const p = await ctx.db.transaction((sp) => prepareRecurringCharge({ ...ctx, db: sp }, id));
      if (p) prepared.push(p);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Its events rolled back with the savepoint.
      dropHeldSince(ctx, mark);
      await park(ctx, id, error.message);
      parked += 1;
    }
  }
  prepared.push(...(await writePlanned(ctx, accepted)));
  return { claimed: ids.length, prepared, parked };
}

/** A bound on gateway calls at once, per gateway: one limiter per gateway name, shared by whoever holds it. */
export function gatewayLimits(concurrency: number): (gateway: string) => ReturnType<typeof pLimit> {
  const limits = new Map<string, ReturnType<typeof pLimit>>();
  return (gateway) => {
    const limit = limits.get(gateway) ?? pLimit(concurrency);
    limits.set(gateway, limit);
    return limit;
  };
}

/** Phases 2 and 3 for prepared attempts: called within `limitOf`'s bound per gateway, each answer recorded. */
export async function sendAndRecord(
  ctx: Ctx,
  transact: Transact,
  prepared: readonly Prepared[],
  limitOf: ReturnType<typeof gatewayLimits>,
): Promise<{ recorded: Map<number, typeof transactions.$inferSelect>; errors: unknown[] }> {
  const recorded = new Map<number, typeof transactions.$inferSelect>();
  const record = answerRecorder(transact);
  // Every call is awaited even when one fails: an answer not recorded leaves its attempt `processing`
  // for the reconciliation, and the others must still be recorded. The slot at the gateway is given
  // back as soon as it answered (the bound is on calls at once), its answer recorded after.
  const settled = await Promise.allSettled(
    prepared.map(async (p) => {
      const outcome = await limitOf(p.attempt.gateway)(() => callGateway(ctx, p.attempt, p.method));
      recorded.set(p.recurringPaymentId, await record(p.attempt.id, outcome));
    }),
  );
  return { recorded, errors: settled.flatMap((r) => (r.status === 'rejected' ? [r.reason] : [])) };
}

/** Recounts the day's run from the rows (never incremented: a crashed run's row is right after the next). */
async function recount(ctx: Ctx, today: string, finished: boolean): Promise<void> {
  const due = and(eq(recurringPayments.company_id, ctx.companyId), lte(recurringPayments.due_date, today));
  const [issued] = await ctx.db
    .select({
      issued: count(),
      paid: sql<number>`count(*) filter (where ${recurringPayments.status} = 'paid')`,
      pending: sql<number>`count(*) filter (where ${recurringPayments.status} = 'pending')`,
      failed: sql<number>`count(*) filter (where ${recurringPayments.status} = 'failed')`,
    })
    .from(recurringPayments)
    .innerJoin(
      invoices,
      and(
        eq(invoices.company_id, recurringPayments.company_id),
        eq(invoices.recurring_payment_id, recurringPayments.id),
      ),
    )
    .where(and(due, eq(invoices.issue_date, today)));
  const [left] = await ctx.db
    .select({
      parked: sql<number>`count(*) filter (where ${recurringPayments.status} = 'parked')`,
      scheduled: sql<number>`count(*) filter (where ${recurringPayments.status} = 'scheduled')`,
    })
    .from(recurringPayments)
    .where(and(due, inArray(recurringPayments.status, ['parked', 'scheduled'])));
  const n = (v: unknown) => Number(v ?? 0);
  const values = {
    issued: n(issued?.issued),
    paid: n(issued?.paid),
    pending: n(issued?.pending),
    failed: n(issued?.failed),
    parked: n(left?.parked),
    due: n(issued?.issued) + n(left?.parked) + n(left?.scheduled),
    updated_at: ctx.clock.now().toISOString(),
    ...(finished ? { finished_at: ctx.clock.now().toISOString() } : {}),
  };
  await ctx.db
    .insert(billingRuns)
    .values({ company_id: ctx.companyId, business_date: today, ...values })
    .onConflictDoUpdate({ target: [billingRuns.company_id, billingRuns.business_date], set: values });
}

/**
 * The business job's work: every payment due by the company's today, batch after batch, until none is
 * left. `issuers` batches are issued at once, each on its own connection: they claim different rows
 * (SKIP LOCKED) and queue only on the invoice series' counter, which each takes after its reads and its
 * documents are planned, so one's reads and planning overlap another's writes (decision 95). Each issuer
 * sends its batch while it issues its next (the issue transaction and the calls use different rows),
 * and all batches' calls share the run's bound per gateway, so no call slot idles at a batch's end.
 */
export async function runBilling(ctx: Ctx, transact: Transact, options: RunOptions = {}): Promise<RunResult> {
  const { batchSize = 50, concurrency = 8, issuers = 1 } = options;
  const today = await companyToday(ctx);
  await transact((tx) => recount(tx, today, false));
  const result: RunResult = { business_date: today, issued: 0, parked: 0 };
  const errors: unknown[] = [];
  const limits = gatewayLimits(concurrency);
  let failed = false;
  const issuer = async (): Promise<void> => {
    // This issuer's previous batch's calls (never rejects: sendAndRecord settles every call).
    let sending: Promise<unknown[]> = Promise.resolve([]);
    try {
      while (!failed) {
        // The batch's events (three per payment) written with one insert at its end.
        const batch = await transact((tx) => holdingEvents(tx, (held) => issueBatch(held, today, batchSize)));
        // None left to claim: the other issuers hold the rest, or there is none.
        if (batch.claimed === 0) break;
        result.issued += batch.prepared.length;
        result.parked += batch.parked;
        const next = sendAndRecord(ctx, transact, batch.prepared, limits).then((r) => r.errors);
        errors.push(...(await sending));
        sending = next;
      }
    } catch (error) {
      // The others stop at their next batch; the calls under way are still recorded before the run gives up.
      failed = true;
      throw error;
    } finally {
      errors.push(...(await sending));
    }
  };
  const ran = await Promise.allSettled(Array.from({ length: Math.max(1, issuers) }, issuer));
  const thrown = ran.find((r) => r.status === 'rejected');
  if (thrown) throw thrown.reason;
  await transact((tx) => recount(tx, today, true));
  // The run went through every batch; a recording that failed is reported (the cron shows it), its
  // attempt is left to the reconciliation.
  if (errors.length > 0) throw errors[0];
  return result;
}
