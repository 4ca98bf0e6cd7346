/**
 * "A new method triggers an attempt" (shared/BILLING.md "Declines are classified"): a hard decline is
 * never retried on a schedule (only the customer can fix it), so when staff store a new method for the
 * customer, each of the customer's invoices on that gateway whose last charge was declined hard is
 * charged again, through the one charge flow (charge.ts). Enqueued in the transaction that stores the
 * method (methods.ts); a retried job charges nothing twice: an invoice charged meanwhile is no longer
 * `failed`, and an open attempt refuses a second one.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { systemClock, withDb } from '../../context.ts';
import { invoices, paymentMethods, transactions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { inJobTransaction, jobActor, jobCtx } from '../../jobs/context.ts';
import { defineJob } from '../../jobs/queue.ts';
import { companyClock } from '../companies/clock.ts';
import { chargeInvoice } from './charge.ts';

/** At most this many invoices are charged again for one new method (the oldest first). */
const MAX_RETRIED = 20;

export const paymentMethodRetryJob = defineJob({
  name: 'payment-method-retry',
  schema: z.object({
    methodId: z.number().int().positive(),
    requestedBy: z.number().int().positive().nullish(),
  }),
  async handler({ methodId, requestedBy }, jc) {
    const [method] = await jc.database.primary
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, methodId));
    if (!method) return { retried: 0 };
    const companyId = method.company_id;
    const actor = jobActor('payment-method-retry', jc.attempt?.jobId ?? 'direct', requestedBy ?? null);
    const clock = await companyClock(jc.database.primary, companyId, jc.clock ?? systemClock);
    const ctx = jobCtx({ ...jc, clock }, actor, companyId);

    // Only when this method is the one a charge would take (charge.ts `methodFor`: default, then newest).
    const [chargeable] = await ctx.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.company_id, companyId),
          eq(paymentMethods.customer_id, method.customer_id),
          eq(paymentMethods.gateway, method.gateway),
        ),
      )
      .orderBy(desc(paymentMethods.is_default), desc(paymentMethods.id))
      .limit(1);
    if (chargeable?.id !== method.id) return { retried: 0 };

    // The invoice's last charge was declined hard, and not after this method was stored: a job delayed
    // past a decline on this very method (it was stored first, then charged and declined) must not
    // charge the card that just declined again.
    const lastCharge = sql`(select ${transactions.id} from ${transactions}
      where ${transactions.company_id} = ${invoices.company_id} and ${transactions.invoice_id} = ${invoices.id}
        and ${transactions.kind} = 'charge'
      order by ${transactions.attempt_no} desc limit 1)`;
    const declinedBefore = sql`exists (select 1 from ${transactions}
      where ${transactions.company_id} = ${invoices.company_id} and ${transactions.id} = ${lastCharge}
        and ${transactions.decline_class} = 'hard' and ${transactions.created_at} <= ${method.created_at}::timestamptz)`;
    const due = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.company_id, companyId),
          eq(invoices.customer_id, method.customer_id),
          eq(invoices.gateway, method.gateway),
          eq(invoices.status, 'issued'),
          eq(invoices.payment_status, 'failed'),
          declinedBefore,
        ),
      )
      .orderBy(invoices.id)
      .limit(MAX_RETRIED);

    let retried = 0;
    for (const { id } of due) {
      try {
        await chargeInvoice(
          ctx,
          (work) => inJobTransaction({ ...jc, clock }, actor, companyId, (tx) => work(withDb(ctx, tx.db))),
          id,
          `Charged again: a new payment method (${method.label}) was added.`,
        );
        retried += 1;
      } catch (err) {
        // Charged or started by someone else meanwhile: that attempt stands.
        if (!(err instanceof AppError && err.code === 'conflict')) throw err;
        jc.log.info({ invoice: id, reason: err.message }, 'new payment method: invoice not charged again');
      }
    }
    return { retried };
  },
});
