/**
 * Dunning, driven by the outcomes of charges (shared/BILLING.md "Declines are classified", "Dunning is
 * data"). payments/charge.ts calls these in the transaction that records an attempt's answer:
 * `dunningAfterFailure` when a charge of a recurring payment's invoice failed, `dunningAfterSuccess`
 * when such an invoice was paid. The dunning row is locked first and everything is decided from it by
 * `planAfterFailure` (packages/domain/src/dunning.ts): a soft decline starts or advances the dunning
 * (next retry date, the step's reminder mail once, the order tagged "in dunning"), the last retry's
 * failure runs the configured end, a hard decline ends it with no retry, a technical failure starts
 * nothing (reconciliation's work) and only postpones a running dunning's retry by a day.
 */
import {
  dunningTemplateId,
  PAYMENT_METHOD_DECLINED_TEMPLATE,
  planAfterFailure,
} from '@rentloop/domain/dunning';
import { and, eq } from 'drizzle-orm';
import { companyTimeAt } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { dunnings, invoices, recurringPayments, type transactions } from '../../db/schema/index.ts';
import { recordEvent } from '../events/service.ts';
import { transition } from '../events/transition.ts';
import { getSettings } from '../settings/sections.ts';
import { runEndAction, tagInDunning, untagRecovered } from './ends.ts';
import { dunningMachine } from './machine.ts';
import { sendDunningMail } from './mail.ts';

type Attempt = typeof transactions.$inferSelect;
type DunningRow = typeof dunnings.$inferSelect;

/** The dunning of a recurring payment, locked for the caller's transaction. */
async function lockedDunning(ctx: Ctx, recurringPaymentId: number): Promise<DunningRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(dunnings)
    .where(and(eq(dunnings.company_id, ctx.companyId), eq(dunnings.recurring_payment_id, recurringPaymentId)))
    .for('update');
  return row;
}

/** A new dunning at step 0 (before its first failure is applied), with its `dunning.started` event. */
async function startDunning(
  ctx: Ctx,
  invoiceId: number,
  recurringPaymentId: number,
  attempt: Attempt,
): Promise<DunningRow | undefined> {
  const [rp] = await ctx.db
    .select({ subscription_id: recurringPayments.subscription_id, order_id: recurringPayments.order_id })
    .from(recurringPayments)
    .where(
      and(eq(recurringPayments.company_id, ctx.companyId), eq(recurringPayments.id, recurringPaymentId)),
    );
  if (!rp) return undefined;
  const { max_retries } = await getSettings(ctx, 'recurring_payments');
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .insert(dunnings)
    .values({
      company_id: ctx.companyId,
      recurring_payment_id: recurringPaymentId,
      invoice_id: invoiceId,
      order_id: rp.order_id,
      subscription_id: rp.subscription_id,
      step: 0,
      max_steps: max_retries,
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return lockedDunning(ctx, recurringPaymentId);
  await recordEvent(ctx, {
    type: 'dunning.started',
    object: 'dunning',
    objectId: row.id,
    payload: {
      invoice_id: invoiceId,
      recurring_payment_id: recurringPaymentId,
      transaction_id: attempt.id,
      decline_class: attempt.decline_class,
      decline_code: attempt.decline_code,
    },
  });
  return row;
}

/** A charge `attempt` failed (recorded in this transaction): start, advance or end its invoice's dunning. */
export async function dunningAfterFailure(ctx: Ctx, attempt: Attempt): Promise<void> {
  if (attempt.kind !== 'charge' || attempt.state !== 'failed' || attempt.invoice_id === null) return;
  const invoiceId = attempt.invoice_id;
  const [invoice] = await ctx.db
    .select({ recurring_payment_id: invoices.recurring_payment_id })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, invoiceId)));
  const recurringPaymentId = invoice?.recurring_payment_id ?? null;
  if (recurringPaymentId === null) return;
  // An unclassified failure (a code no table knows) counts as soft, as declines.ts decides for codes.
  const declineClass = attempt.decline_class ?? 'soft';
  let row = await lockedDunning(ctx, recurringPaymentId);
  if (!row) {
    if (declineClass === 'technical') return;
    row = await startDunning(ctx, invoiceId, recurringPaymentId, attempt);
  }
  if (row?.status !== 'active') return;

  const settings = await getSettings(ctx, 'recurring_payments');
  const { time_zone } = await getSettings(ctx, 'general');
  const plan = planAfterFailure({
    position: row,
    declineClass,
    settings,
    firstFailedOn: companyTimeAt(new Date(row.created_at), time_zone).today,
    today: companyTimeAt(ctx.clock.now(), time_zone).today,
  });
  const payload = {
    invoice_id: invoiceId,
    transaction_id: attempt.id,
    decline_class: declineClass,
    decline_code: attempt.decline_code,
  };
  const now = ctx.clock.now().toISOString();
  const id = row.id;
  switch (plan.action) {
    case 'retry_failed': {
      await transition(ctx, dunningMachine, id, 'retry_failed', {
        guard: undefined,
        set: {
          step: plan.step,
          next_attempt_on: plan.next_attempt_on,
          ...(plan.mail ? { last_mail_step: plan.step } : {}),
        },
        payload: { ...payload, step: plan.step, next_attempt_on: plan.next_attempt_on },
      });
      if (plan.step === 1) await tagInDunning(ctx, row.order_id);
      if (plan.mail)
        await sendDunningMail(ctx, {
          invoiceId,
          templateId: dunningTemplateId(plan.mail),
          retryDate: plan.next_attempt_on,
        });
      return;
    }
    case 'postpone':
      await transition(ctx, dunningMachine, id, 'postpone', {
        guard: undefined,
        set: { next_attempt_on: plan.next_attempt_on },
        payload: { ...payload, next_attempt_on: plan.next_attempt_on },
      });
      return;
    case 'end': {
      const done = await runEndAction(ctx, row, plan.end_action);
      await transition(ctx, dunningMachine, id, 'end', {
        guard: undefined,
        set: { next_attempt_on: null, end_action: plan.end_action, ended_at: now },
        payload: { ...payload, end_action: plan.end_action, ...done },
      });
      return;
    }
    case 'decline':
      await transition(ctx, dunningMachine, id, 'decline', {
        guard: undefined,
        set: { next_attempt_on: null, end_action: plan.end_action, ended_at: now },
        payload: { ...payload, end_action: plan.end_action },
      });
      if (plan.mail)
        await sendDunningMail(ctx, {
          invoiceId,
          templateId: PAYMENT_METHOD_DECLINED_TEMPLATE,
          retryDate: null,
        });
      return;
  }
}

/**
 * The invoice of a recurring payment was paid (a retry, a charge by staff, a settlement): its running
 * dunning is recovered and the order's "in dunning" tag cleared. `invoices.recovered_at` is set by the
 * caller (payments/charge.ts). A dunning that already ended stays as it ended.
 */
export async function dunningAfterSuccess(ctx: Ctx, recurringPaymentId: number): Promise<void> {
  const row = await lockedDunning(ctx, recurringPaymentId);
  if (row?.status !== 'active') return;
  await transition(ctx, dunningMachine, row.id, 'recover', {
    guard: undefined,
    set: { next_attempt_on: null, end_action: 'recovered', ended_at: ctx.clock.now().toISOString() },
    payload: { invoice_id: row.invoice_id, step: row.step },
  });
  await untagRecovered(ctx, row);
}
