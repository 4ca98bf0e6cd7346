/**
 * POST recurring-payments/charge (spec 01 §7, §9: at most 10): staff charge chosen payments now, each
 * as the billing run would (its invoice issued if it has none, an attempt committed, the gateway called
 * outside any transaction, the answer recorded), with one result per payment. A payment that cannot be
 * charged (not due, already paid, no payment method) answers why and is left as it was: unlike the
 * run, staff are told rather than the payment parked. An id that is not one of the company's payments
 * makes the whole request a 404 before anything is charged (another company's data is never touched).
 */

import { MESSAGES } from '@rentloop/domain/messages';
import type { RecurringPaymentChargeResult } from '@rentloop/domain/recurring-payments';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { recurringPayments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { gatewayLimits, type Prepared, prepareRecurringCharge, sendAndRecord } from './run.ts';

/** How many gateway calls one staff request makes at once. */
const CONCURRENCY = 5;

export async function chargeRecurringPayments(
  ctx: Ctx,
  transact: Transact,
  ids: readonly number[],
): Promise<RecurringPaymentChargeResult[]> {
  const own = await ctx.db
    .select({ id: recurringPayments.id })
    .from(recurringPayments)
    .where(and(eq(recurringPayments.company_id, ctx.companyId), inArray(recurringPayments.id, [...ids])));
  if (own.length !== ids.length) throw notFound();
  const prepared: Prepared[] = [];
  const refused = new Map<number, string>();
  const collected = new Set<number>();
  for (const id of ids) {
    try {
      const p = await transact((tx) => prepareRecurringCharge(tx, id));
      // A collective customer's payment is collected into the month's invoice, not charged alone.
      if (p) prepared.push(p);
      else collected.add(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.set(id, error.message);
    }
  }
  const { recorded } = await sendAndRecord(ctx, transact, prepared, gatewayLimits(CONCURRENCY));
  const rows = await ctx.db
    .select({ id: recurringPayments.id, status: recurringPayments.status })
    .from(recurringPayments)
    .where(and(eq(recurringPayments.company_id, ctx.companyId), inArray(recurringPayments.id, [...ids])));
  const statusOf = new Map(rows.map((r) => [r.id, r.status]));
  return ids.map((id) => {
    const attempt = recorded.get(id);
    const invoiceId = prepared.find((p) => p.recurringPaymentId === id)?.invoiceId ?? null;
    if (collected.has(id))
      return {
        id,
        ok: true,
        status: statusOf.get(id) ?? null,
        invoice_id: null,
        message: MESSAGES.recurringPaymentCollected,
      };
    const ok = attempt !== undefined && (attempt.state === 'succeeded' || attempt.state === 'pending');
    const message =
      refused.get(id) ??
      (ok ? MESSAGES.invoiceCharged : (attempt?.decline_message ?? MESSAGES.invoiceChargeFailed));
    return { id, ok, status: statusOf.get(id) ?? null, invoice_id: invoiceId, message };
  });
}
