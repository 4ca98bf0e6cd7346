/**
 * A returned direct debit (POST transactions/{id}/return-debit): a debit the company collected outside
 * Rentloop (offline gateway: its own bank's SEPA file) and booked as settled, which the customer's bank
 * then returned with a SEPA reason code (AM04 insufficient funds, AC04 account closed, MD06 refund asked
 * by the debtor...). Staff record it from the bank statement.
 *
 * The return is the provider's late "failed" for the attempt and goes the way of every answer:
 * `recordOutcome` (charge.ts), the path of a live decline and of a SEPA debit a Stripe or Mollie webhook
 * reports as failed. So the attempt becomes a classified decline (`classifySepaReturn`, the gateways'
 * SEPA table), the invoice `failed` (unpaid again), an order's initial payment owed again, the recurring
 * payment `failed`, and dunning starts exactly as after a card decline: a soft code is retried on the
 * `recurring_payment` schedule with its mails, a hard one is not retried. A later settlement or charge of
 * the invoice marks it recovered.
 *
 * Also a debit still awaiting its money (a `pending` offline charge: a dunning retry, a charged invoice)
 * can be returned, before staff booked it: the bank's return came first. That is the plain `fail` of a
 * pending attempt, exactly the failed SEPA debit of a Mollie webhook; without it, a returned retry could
 * only be booked as paid first, which would recover the dunning it belongs to.
 *
 * Refused (409) for anything else (another gateway, a refund, a failed or open attempt), and when refunds
 * of the invoice would exceed what was paid after the return (the refund ceiling, BILLING.md "Refunds
 * never exceed what was paid"): that money is settled with the customer by hand. One transaction,
 * nothing is called out.
 */
import { DEBIT_RETURN_REASONS } from '@rentloop/domain/debit-returns';
import { MESSAGES } from '@rentloop/domain/messages';
import type { DebitReturnInput } from '@rentloop/domain/payments';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { classifySepaReturn } from '../../integrations/payments/declines.ts';
import { invoiceRow } from '../invoices/records.ts';
import { recordOutcome } from './charge.ts';
import { refundState } from './refunds.ts';

type TxRow = typeof transactions.$inferSelect;

/** Records the return of the offline charge `transactionId`; answers the attempt as recorded. */
export async function returnDebit(ctx: Ctx, transactionId: number, input: DebitReturnInput): Promise<TxRow> {
  const [attempt] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, transactionId)))
    .for('update');
  if (!attempt) throw notFound();
  const settled = attempt.state === 'succeeded';
  if (
    attempt.kind !== 'charge' ||
    attempt.gateway !== 'offlinegateway' ||
    !(settled || attempt.state === 'pending') ||
    attempt.invoice_id === null
  )
    throw new AppError('conflict', MESSAGES.debitReturnNotSettledOffline);
  const invoice = await invoiceRow(ctx, attempt.invoice_id, { lock: true });
  if (invoice.payment_status !== (settled ? 'settled' : 'pending payment'))
    throw new AppError('conflict', MESSAGES.debitReturnNotSettledOffline);
  if (settled) {
    const { paid, reserved } = await refundState(ctx, invoice);
    if (reserved > paid - attempt.amount) throw new AppError('conflict', MESSAGES.debitReturnRefunded);
  }

  const label = DEBIT_RETURN_REASONS[input.reason].text;
  const decline = classifySepaReturn(input.reason, `Direct debit returned by the bank: ${label}.`);
  const before = (attempt.raw ?? {}) as Record<string, unknown>;
  return recordOutcome(ctx, attempt.id, {
    state: 'failed',
    // Money taken back after it was booked is a chargeback; a debit that never arrived is declined, as
    // Mollie reports a failed SEPA debit.
    providerStatus: settled ? 'chargeback' : 'processor_declined',
    providerReference: attempt.provider_reference,
    decline,
    // What the settlement recorded stays; the return beside it, as support reads it.
    raw: {
      ...before,
      returned: {
        reason: input.reason,
        reason_text: label,
        message: input.message ?? null,
        recorded_at: ctx.clock.now().toISOString(),
      },
    },
  });
}
