/**
 * Charging and settling invoices (shared/BILLING.md "Money movements: exactly once").
 *
 * A charge is three steps: (1) a short transaction locks the invoice, moves its payment status by the
 * table (`charge`: refused while an attempt is open) and commits the attempt `processing` with its
 * provider key `rl:{company}:inv{invoice}:{attempt_no}`; (2) the gateway is called outside any
 * transaction with that key; (3) a short transaction records the answer on the attempt, the invoice,
 * the order and the recurring payment. A crash between (1) and (3) leaves a `processing` attempt that
 * the reconciliation resolves with the same key (never a second charge: the partial unique index
 * allows one open attempt per invoice).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { OPEN_TRANSACTION_STATES } from '@rentloop/domain/payments';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { invoices, orders, paymentMethods, recurringPayments, transactions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { gatewayFor, requireGateway } from '../../integrations/payments/index.ts';
import type { GatewayOutcome, PaymentMethodRef } from '../../integrations/payments/types.ts';
import { paymentsOfInvoice } from '../cumulated-invoices/collect.ts';
import { dunningAfterFailure, dunningAfterSuccess } from '../dunning/outcomes.ts';
import { transition } from '../events/transition.ts';
import { collectionFacts } from '../invoices/corrections.ts';
import { invoicePaymentMachine, recurringPaymentMachine, transactionMachine } from '../invoices/machine.ts';
import { invoiceRow } from '../invoices/records.ts';
import { getSettings } from '../settings/sections.ts';

type TxRow = typeof transactions.$inferSelect;

/** How many attempts of the invoice are still open (created, processing, unknown). */
export async function openAttempts(ctx: Ctx, invoiceId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(transactions.invoice_id, invoiceId),
        inArray(transactions.state, [...OPEN_TRANSACTION_STATES]),
      ),
    );
  return Number(row?.n ?? 0);
}

async function nextAttemptNo(ctx: Ctx, invoiceId: number, kind: 'charge' | 'refund'): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(max(${transactions.attempt_no}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(transactions.invoice_id, invoiceId),
        eq(transactions.kind, kind),
      ),
    );
  return Number(row?.n ?? 0) + 1;
}

/** The method to charge: the customer's default for the gateway; the offline gateway needs none. */
export async function methodFor(
  ctx: Ctx,
  customerId: number,
  gateway: TxRow['gateway'],
): Promise<PaymentMethodRef> {
  if (gateway === 'offlinegateway')
    return { gateway, customerReference: null, methodReference: null, label: 'Invoice / bank transfer' };
  const [m] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.company_id, ctx.companyId),
        eq(paymentMethods.customer_id, customerId),
        eq(paymentMethods.gateway, gateway),
      ),
    )
    .orderBy(desc(paymentMethods.is_default), desc(paymentMethods.id))
    .limit(1);
  if (!m) throw new AppError('conflict', MESSAGES.noPaymentMethod);
  return {
    gateway,
    customerReference: m.customer_reference,
    methodReference: m.method_reference,
    label: m.label,
  };
}

/** Step 1: in the caller's transaction, the invoice moves to `pending payment` and the attempt is written. */
export async function startCharge(
  ctx: Ctx,
  invoiceId: number,
  message?: string,
): Promise<{ attempt: TxRow; method: PaymentMethodRef }> {
  const invoice = await invoiceRow(ctx, invoiceId, { lock: true });
  // A refund or cancellation document gives money back (modules/payments/refunds.ts): never charged.
  if (invoice.gross <= 0n) throw new AppError('conflict', MESSAGES.invoiceNotChargeable);
  const psp = await getSettings(ctx, 'payment_service_provider');
  if (!psp.enabled_gateways.includes(invoice.gateway))
    throw new AppError('conflict', MESSAGES.gatewayNotEnabled(invoice.gateway));
  // No credentials (or no adapter): refused before an attempt exists, so nothing is left open.
  await requireGateway(ctx, invoice.gateway);
  const open = await openAttempts(ctx, invoiceId);
  // An attempt still open (a gateway that has not answered, or is still processing): the message that
  // says what to do, rather than the machine's "not chargeable".
  if (open > 0 && invoice.status === 'issued')
    throw new AppError('conflict', MESSAGES.invoicePaymentInProgress);
  await transition(ctx, invoicePaymentMachine, invoiceId, 'charge', {
    guard: {
      issued: invoice.status === 'issued',
      open_attempts: open,
      ...(await collectionFacts(ctx, invoice)),
    },
    payload: message ? { message } : {},
    locked: invoice,
  });
  const method = await methodFor(ctx, invoice.customer_id, invoice.gateway);
  const attemptNo = await nextAttemptNo(ctx, invoiceId, 'charge');
  const now = ctx.clock.now().toISOString();
  const [attempt] = await ctx.db
    .insert(transactions)
    .values({
      company_id: ctx.companyId,
      kind: 'charge',
      invoice_id: invoiceId,
      order_id: invoice.order_id,
      customer_id: invoice.customer_id,
      attempt_no: attemptNo,
      provider_key: `rl:${ctx.companyId}:inv${invoiceId}:${attemptNo}`,
      gateway: invoice.gateway,
      state: 'processing',
      amount: invoice.gross,
      currency: invoice.currency,
      created_at: now,
      updated_at: now,
    })
    .returning();
  if (!attempt) throw new Error('The attempt was not written.');
  // Its recurring payment, or those a collective invoice collected (cumulated-invoices/collect.ts).
  for (const rpId of await paymentsOfInvoice(ctx, invoice)) {
    // Locked here, so the transition takes this row rather than reading it again.
    const [rp] = await ctx.db
      .select()
      .from(recurringPayments)
      .where(and(eq(recurringPayments.company_id, ctx.companyId), eq(recurringPayments.id, rpId)))
      .for('update');
    if (rp && rp.status !== 'charging')
      await transition(ctx, recurringPaymentMachine, rpId, 'charge', { guard: { due: true }, locked: rp });
  }
  return { attempt, method };
}

/** Step 2: the gateway's answer, outside any transaction; a throw is an ambiguous outcome, never a guess. */
export async function callGateway(
  ctx: Ctx,
  attempt: TxRow,
  method: PaymentMethodRef,
): Promise<GatewayOutcome> {
  const gateway = await gatewayFor(ctx, attempt.gateway);
  if (!gateway) return { state: 'unknown', error: MESSAGES.gatewayNotAvailable(attempt.gateway), raw: null };
  try {
    return await gateway.charge({
      idempotencyKey: attempt.provider_key,
      amountMinor: attempt.amount,
      currency: attempt.currency,
      description: `Invoice ${attempt.invoice_id}`,
      method,
      metadata: {
        company: String(ctx.companyId),
        invoice: String(attempt.invoice_id),
        attempt: String(attempt.attempt_no),
        key: attempt.provider_key,
      },
    });
  } catch (e) {
    return { state: 'unknown', error: e instanceof Error ? e.message : String(e), raw: null };
  }
}

/** Marks the order paid or pending when its initial invoice's payment moves. */
async function orderPaymentStatus(
  ctx: Ctx,
  invoice: typeof invoices.$inferSelect,
  to: 'paid' | 'payment_pending' | 'payment_required',
) {
  if (invoice.type !== 'initial' || invoice.order_id === null) return;
  await ctx.db
    .update(orders)
    .set({ payment_status: to, updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(orders.company_id, ctx.companyId), eq(orders.id, invoice.order_id)));
}

/** The invoice's payment succeeded: settled (recovered when a payment of it failed before), order paid. */
async function invoicePaid(ctx: Ctx, invoiceId: number, action: 'pay' | 'settle', reference: string | null) {
  const invoice = await invoiceRow(ctx, invoiceId, { lock: true });
  await transition(ctx, invoicePaymentMachine, invoiceId, action, {
    guard: {
      issued: invoice.status === 'issued',
      open_attempts: await openAttempts(ctx, invoiceId),
      ...(action === 'settle' ? await collectionFacts(ctx, invoice) : {}),
    },
    payload: reference ? { transaction_id: reference } : {},
    locked: invoice,
  });
  const [failed] = await ctx.db
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(transactions.invoice_id, invoiceId),
        eq(transactions.state, 'failed'),
      ),
    );
  if (Number(failed?.n ?? 0) > 0)
    await ctx.db
      .update(invoices)
      .set({ recovered_at: ctx.clock.now().toISOString() })
      .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, invoiceId)));
  await orderPaymentStatus(ctx, invoice, 'paid');
  for (const rpId of await paymentsOfInvoice(ctx, invoice)) {
    await transition(ctx, recurringPaymentMachine, rpId, 'pay', { guard: { due: true } });
    await dunningAfterSuccess(ctx, rpId);
  }
}

/** Step 3: the answer recorded on the attempt and what it pays, in the caller's transaction. */
export async function recordOutcome(ctx: Ctx, attemptId: number, outcome: GatewayOutcome): Promise<TxRow> {
  const [attempt] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, attemptId)))
    .for('update');
  if (!attempt) throw new Error(`Attempt ${attemptId} vanished.`);
  // An `unknown` attempt is closed only by the reconciliation's (or a webhook's) look at the provider.
  const action =
    attempt.state === 'unknown'
      ? ({ succeeded: 'resolve_succeeded', pending: 'resolve_pending', failed: 'resolve_failed' } as const)
      : ({ succeeded: 'succeed', pending: 'await', failed: 'fail' } as const);
  // A failure of a succeeded attempt is its money returned (payments/debit-returns.ts): the machine's
  // `return`, and the invoice and recurring payment go back from settled and paid to failed.
  const returned = attempt.state === 'succeeded' && outcome.state === 'failed';
  const act = outcome.state === 'unknown' ? 'lose' : returned ? 'return' : action[outcome.state];
  const decline = outcome.state === 'failed' ? outcome.decline : null;
  // The state and the provider's answer in one UPDATE, on the row locked above (one history entry).
  const { row } = await transition(ctx, transactionMachine, attemptId, act, {
    guard: undefined,
    locked: attempt,
    set: {
      provider_status: outcome.state === 'unknown' ? null : outcome.providerStatus,
      provider_reference: outcome.state === 'unknown' ? null : outcome.providerReference,
      decline_code: decline?.code ?? null,
      decline_advice_code: decline?.adviceCode ?? null,
      decline_class: decline?.class ?? null,
      decline_reason: decline?.reason ?? null,
      decline_message: decline?.message ?? (outcome.state === 'unknown' ? outcome.error : null),
      raw: outcome.raw ?? null,
    },
  });
  const updated = row as TxRow;
  const invoiceId = attempt.invoice_id;
  if (attempt.kind === 'refund') {
    // A refund's answer moves its refund invoice only (modules/payments/refunds.ts): settled when the
    // money went back, failed when the gateway refused; the order and recurring payment are untouched.
    if (invoiceId !== null && (outcome.state === 'succeeded' || outcome.state === 'failed'))
      await transition(
        ctx,
        invoicePaymentMachine,
        invoiceId,
        outcome.state === 'succeeded' ? 'pay' : 'fail',
        {
          guard: { issued: true, open_attempts: 0 },
          payload: outcome.state === 'failed' ? { decline_code: decline?.code ?? null } : {},
        },
      );
    return updated;
  }
  if (invoiceId !== null) {
    if (outcome.state === 'succeeded') await invoicePaid(ctx, invoiceId, 'pay', null);
    else if (outcome.state === 'failed') {
      const invoice = await invoiceRow(ctx, invoiceId, { lock: true });
      const fail = returned ? 'return' : 'fail';
      await transition(ctx, invoicePaymentMachine, invoiceId, fail, {
        guard: { issued: true, open_attempts: 0 },
        payload: { decline_code: decline?.code ?? null },
        locked: invoice,
      });
      // The order's initial payment is owed again.
      if (returned) await orderPaymentStatus(ctx, invoice, 'payment_required');
      if (invoice.recurring_payment_id !== null) {
        await transition(ctx, recurringPaymentMachine, invoice.recurring_payment_id, fail, {
          guard: { due: true },
        });
        // Soft: the next retry and its reminder; hard: never retried; technical: no dunning.
        await dunningAfterFailure(ctx, updated);
      } else {
        // A collective invoice's payments fail with it; staff charge the invoice again (no dunning of
        // its own: dunning works per recurring payment and its own invoice).
        for (const rpId of await paymentsOfInvoice(ctx, invoice))
          await transition(ctx, recurringPaymentMachine, rpId, fail, { guard: { due: true } });
      }
    } else if (outcome.state === 'pending') {
      const invoice = await invoiceRow(ctx, invoiceId);
      await orderPaymentStatus(ctx, invoice, 'payment_pending');
      for (const rpId of await paymentsOfInvoice(ctx, invoice))
        await transition(ctx, recurringPaymentMachine, rpId, 'await', { guard: { due: true } });
    }
  }
  return updated;
}

/** Steps 1 to 3 for one invoice: the attempt as recorded. */
export async function chargeInvoice(
  ctx: Ctx,
  transact: Transact,
  invoiceId: number,
  message?: string,
): Promise<TxRow> {
  const { attempt, method } = await transact((tx) => startCharge(tx, invoiceId, message));
  const outcome = await callGateway(ctx, attempt, method);
  return transact((tx) => recordOutcome(tx, attempt.id, outcome));
}

/**
 * POST invoices/{id}/settle: staff received the money (a transfer, cash) and give its reference. The
 * pending attempt (offline) succeeds with that reference, or, when none was made, a succeeded offline
 * attempt records it; the invoice is settled and its order paid.
 */
export async function settleInvoice(
  ctx: Ctx,
  invoiceId: number,
  reference: string,
  /** Kept as the transaction's raw answer (a debt collection agency's collection and fee). */
  raw: Record<string, unknown> | null = null,
): Promise<void> {
  const invoice = await invoiceRow(ctx, invoiceId, { lock: true });
  // A refund invoice is settled when the money went back: only its pending refund attempt (offline).
  // (A cancellation, also negative, goes the charge way: its guard refuses it as a credit.)
  const kind = invoice.gross < 0n && invoice.type !== 'cancellation' ? 'refund' : 'charge';
  const [pending] = await ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(transactions.invoice_id, invoiceId),
        eq(transactions.kind, kind),
        eq(transactions.state, 'pending'),
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(1)
    .for('update');
  if (kind === 'refund' && !pending) throw new AppError('conflict', MESSAGES.invoiceNotSettleable);
  // The invoice first: its guard refuses while an attempt is open, and a settled invoice.
  await invoicePaid(ctx, invoiceId, 'settle', reference);
  const now = ctx.clock.now().toISOString();
  if (pending) {
    await transition(ctx, transactionMachine, pending.id, 'succeed', { guard: undefined });
    await ctx.db
      .update(transactions)
      .set({
        provider_status: 'settled',
        provider_reference: reference,
        ...(raw ? { raw } : {}),
        updated_at: now,
      })
      .where(and(eq(transactions.company_id, ctx.companyId), eq(transactions.id, pending.id)));
  } else {
    const attemptNo = await nextAttemptNo(ctx, invoiceId, 'charge');
    await ctx.db.insert(transactions).values({
      company_id: ctx.companyId,
      kind: 'charge',
      invoice_id: invoiceId,
      order_id: invoice.order_id,
      customer_id: invoice.customer_id,
      attempt_no: attemptNo,
      provider_key: `rl:${ctx.companyId}:inv${invoiceId}:${attemptNo}`,
      gateway: 'offlinegateway',
      state: 'succeeded',
      provider_status: 'settled',
      provider_reference: reference,
      raw,
      amount: invoice.gross,
      currency: invoice.currency,
      created_at: now,
      updated_at: now,
    });
  }
}
