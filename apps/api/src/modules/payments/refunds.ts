/**
 * Refunds (spec 01 §7 "Invoices: refund", "Orders: refund-payments", cancel with `refunded`;
 * shared/BILLING.md "Corrections" and "Money movements"). The payload and its pure arithmetic are in
 * `@rentloop/domain/refunds`.
 *
 * Three steps, exactly as a charge (charge.ts): (1) one short transaction locks the refunded invoices
 * (in id order), computes what each may still give back — `paid − refunds not failed` — issues a
 * refund invoice per original (negative lines, `original_invoice` set, own gapless number) and commits
 * its refund attempt `processing` with its provider key; (2) the gateway's refund is called outside any
 * transaction with that key; (3) a short transaction records the answer (`recordOutcome`, which settles
 * or fails the refund invoice). A deferred constraint trigger (migration 0043) is the last guard of the
 * ceiling; its refusal (RL003) is the same 409 as the service's.
 *
 * The refund attempt is written on the refund invoice, so that document's payment status is the refund's
 * (pending payment while it runs, settled once the money went back, failed when the gateway refused).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { OrderCancel } from '@rentloop/domain/orders';
import { isRefundInvoiceType, type RefundInput } from '@rentloop/domain/refunds';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { invoices, transactions } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { gatewayFor, requireGateway } from '../../integrations/payments/index.ts';
import type { GatewayOutcome } from '../../integrations/payments/types.ts';
import { toDecimal, toMinor } from '../../money.ts';
import { transition } from '../events/transition.ts';
import { issueInvoice } from '../invoices/issue.ts';
import { invoicePaymentMachine } from '../invoices/machine.ts';
import { cancelOrder } from '../orders/changes.ts';
import { orderRow } from '../orders/records.ts';
import { openAttempts, recordOutcome } from './charge.ts';
import { planRefund, type RefundSpec, type RefundState } from './refund-plan.ts';

type InvoiceRow = typeof invoices.$inferSelect;
type TxRow = typeof transactions.$inferSelect;

const CEILING = 'RL003';
const sumOf = (column: typeof transactions.amount) => sql<string>`coalesce(sum(${column}), 0)::text`;

/** The refund invoices of `originalId` (any payment status). */
function refundsOf(ctx: Ctx, originalId: number) {
  return ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.original_invoice_id, originalId)));
}

export async function refundState(ctx: Ctx, original: InvoiceRow): Promise<RefundState> {
  const [charged] = await ctx.db
    .select({ sum: sumOf(transactions.amount) })
    .from(transactions)
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(transactions.invoice_id, original.id),
        eq(transactions.kind, 'charge'),
        eq(transactions.state, 'succeeded'),
      ),
    );
  const refundDocs = (await refundsOf(ctx, original.id)).filter((r) => isRefundInvoiceType(r.type));
  const ids = refundDocs.map((r) => r.id);
  const [given] = ids.length
    ? await ctx.db
        .select({ sum: sumOf(transactions.amount) })
        .from(transactions)
        .where(
          and(
            eq(transactions.company_id, ctx.companyId),
            inArray(transactions.invoice_id, ids),
            eq(transactions.kind, 'refund'),
            ne(transactions.state, 'failed'),
          ),
        )
    : [{ sum: '0' }];
  const lines = new Map<number, { units: number; gross: bigint }>();
  for (const doc of refundDocs) {
    if (doc.payment_status === 'failed') continue;
    for (const l of doc.lines) {
      if (!l.original_position) continue;
      const seen = lines.get(l.original_position) ?? { units: 0, gross: 0n };
      lines.set(l.original_position, {
        units: seen.units + l.quantity,
        gross: seen.gross - BigInt(l.gross),
      });
    }
  }
  const paid = BigInt(charged?.sum ?? 0);
  const reserved = BigInt(given?.sum ?? 0);
  return { paid, reserved, refundable: paid - reserved, lines };
}

export interface StartedRefund {
  attempt: TxRow;
  chargeReference: string;
}

/**
 * Step 1 for several originals in the caller's transaction: each locked (id order), planned, issued
 * and its attempt written. `decide` sees the locked rows and their states and answers the specs.
 */
export async function startRefunds(
  ctx: Ctx,
  originalIds: number[],
  decide: (rows: { row: InvoiceRow; state: RefundState }[]) => Map<number, RefundSpec>,
  message?: string | null,
): Promise<StartedRefund[]> {
  const rows: { row: InvoiceRow; state: RefundState }[] = [];
  for (const id of [...new Set(originalIds)].sort((a, b) => a - b)) {
    const [row] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, id)))
      .for('update');
    if (!row) throw notFound();
    rows.push({ row, state: await refundState(ctx, row) });
  }
  const specs = decide(rows);
  const started: StartedRefund[] = [];
  for (const { row, state } of rows) {
    const spec = specs.get(row.id);
    if (!spec) continue;
    if (
      row.status !== 'issued' ||
      row.gross <= 0n ||
      isRefundInvoiceType(row.type) ||
      row.type === 'cancellation'
    )
      throw new AppError('conflict', MESSAGES.refundNotRefundable);
    if ((await openAttempts(ctx, row.id)) > 0)
      throw new AppError('conflict', MESSAGES.invoicePaymentInProgress);
    if (state.paid === 0n) throw new AppError('conflict', MESSAGES.refundNothingPaid);
    const plan = planRefund(row, state, spec);
    const [charge] = await ctx.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.company_id, ctx.companyId),
          eq(transactions.invoice_id, row.id),
          eq(transactions.kind, 'charge'),
          eq(transactions.state, 'succeeded'),
        ),
      )
      .orderBy(desc(transactions.id))
      .limit(1);
    if (!charge?.provider_reference) throw new AppError('conflict', MESSAGES.refundNoPaymentToReverse);
    await requireGateway(ctx, charge.gateway);
    const refundId = await issueInvoice(ctx, {
      type: plan.total === state.refundable ? 'full_refund' : 'partial_refund',
      customerId: row.customer_id,
      buyer: row.customer,
      gateway: charge.gateway,
      rule: plan.rule,
      lines: plan.lines,
      orderId: row.order_id,
      subscriptionId: row.subscription_id,
      // Not the recurring payment: that link names the payment's own invoice (one per payment).
      recurringPaymentId: null,
      original: { id: row.id, number: row.number ?? '', issueDate: row.issue_date ?? '' },
      negate: true,
    });
    await transition(ctx, invoicePaymentMachine, refundId, 'charge', {
      guard: { issued: true, open_attempts: 0 },
      payload: { refund_of: row.id, ...(message ? { message } : {}) },
    });
    const now = ctx.clock.now().toISOString();
    const [attempt] = await ctx.db
      .insert(transactions)
      .values({
        company_id: ctx.companyId,
        kind: 'refund',
        invoice_id: refundId,
        order_id: row.order_id,
        customer_id: row.customer_id,
        attempt_no: 1,
        provider_key: `rl:${ctx.companyId}:inv${refundId}:1`,
        gateway: charge.gateway,
        state: 'processing',
        amount: plan.total,
        currency: row.currency,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!attempt) throw new Error('The refund attempt was not written.');
    started.push({ attempt, chargeReference: charge.provider_reference });
  }
  return started;
}

/** The provider reference of the charge a refund attempt reverses (its refund invoice's original's). */
export async function refundedChargeReference(ctx: Ctx, attempt: TxRow): Promise<string | null> {
  if (attempt.invoice_id === null) return null;
  const [refundDoc] = await ctx.db
    .select({ original: invoices.original_invoice_id })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, attempt.invoice_id)));
  if (!refundDoc?.original) return null;
  const [charge] = await ctx.db
    .select({ reference: transactions.provider_reference })
    .from(transactions)
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(transactions.invoice_id, refundDoc.original),
        eq(transactions.kind, 'charge'),
        eq(transactions.state, 'succeeded'),
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(1);
  return charge?.reference ?? null;
}

/** Step 2: the gateway's refund, outside any transaction; a throw is an ambiguous outcome. */
export async function callRefund(ctx: Ctx, s: StartedRefund): Promise<GatewayOutcome> {
  const gateway = await gatewayFor(ctx, s.attempt.gateway);
  if (!gateway)
    return { state: 'unknown', error: MESSAGES.gatewayNotAvailable(s.attempt.gateway), raw: null };
  try {
    return await gateway.refund({
      idempotencyKey: s.attempt.provider_key,
      chargeReference: s.chargeReference,
      amountMinor: s.attempt.amount,
      currency: s.attempt.currency,
      metadata: {
        company: String(ctx.companyId),
        invoice: String(s.attempt.invoice_id),
        attempt: String(s.attempt.attempt_no),
        key: s.attempt.provider_key,
      },
    });
  } catch (e) {
    return { state: 'unknown', error: e instanceof Error ? e.message : String(e), raw: null };
  }
}

/** Steps 1 to 3: `start` runs in one short transaction; the attempts as recorded. */
export async function runRefunds(
  ctx: Ctx,
  transact: Transact,
  start: (tx: Ctx) => Promise<StartedRefund[]>,
): Promise<TxRow[]> {
  let started: StartedRefund[];
  try {
    started = await transact(start);
  } catch (e) {
    if (sqlStateOf(e) === CEILING) throw new AppError('conflict', MESSAGES.refundExceedsPaid('0'));
    throw e;
  }
  const done: TxRow[] = [];
  for (const s of started) {
    const outcome = await callRefund(ctx, s);
    done.push(await transact((tx) => recordOutcome(tx, s.attempt.id, outcome)));
  }
  return done;
}

/** The refund of an invoice's lines named by order item (`products`): the invoice's line of each item. */
function productItems(row: InvoiceRow, products: RefundInput['products']) {
  return products.map((p, i) => {
    const line = row.lines.find((l) => l.order_item_id === p.order_item_id);
    if (!line) throw invalid(`products.${i}.order_item_id`, MESSAGES.refundLineUnknown);
    return { position: line.position, quantity: p.quantity, field: `products.${i}` };
  });
}

function specOf(row: InvoiceRow, input: RefundInput): RefundSpec {
  if (input.full_refund) return { kind: 'full' };
  if (input.amount !== undefined && input.amount !== null)
    return { kind: 'amount', amount: toMinor(input.amount, row.currency, 'amount') ?? 0n, field: 'amount' };
  return {
    kind: 'items',
    items: [
      ...input.items.map((it, i) => ({ position: it.position, quantity: it.quantity, field: `items.${i}` })),
      ...productItems(row, input.products),
    ],
  };
}

/** POST invoices/{id}/refund: one refund invoice and its attempt. */
export async function refundInvoice(
  ctx: Ctx,
  transact: Transact,
  invoiceId: number,
  input: RefundInput,
): Promise<TxRow[]> {
  return runRefunds(ctx, transact, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.company_id, tx.companyId), eq(invoices.id, invoiceId)));
    if (!row) throw notFound();
    if (input.customer_id != null && input.customer_id !== row.customer_id)
      throw invalid('customer_id', MESSAGES.refundCustomerMismatch);
    if (input.order_id != null && input.order_id !== row.order_id)
      throw invalid('order_id', MESSAGES.refundInvoiceNotOfOrder);
    input.items.forEach((it, i) => {
      if (it.invoice_id !== undefined && it.invoice_id !== invoiceId)
        throw invalid(`items.${i}.invoice_id`, MESSAGES.refundInvoiceNotOfOrder);
    });
    const spec = specOf(row, input);
    return startRefunds(tx, [invoiceId], () => new Map([[invoiceId, spec]]), input.message);
  });
}

/** The order's invoices that charged (not its refunds or cancellations), oldest first. */
async function chargedInvoicesOf(ctx: Ctx, orderId: number): Promise<InvoiceRow[]> {
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.order_id, orderId)))
    .orderBy(asc(invoices.id));
  return rows.filter((r) => r.gross > 0n && !isRefundInvoiceType(r.type) && r.type !== 'cancellation');
}

/**
 * Step 1 of an order's refund (POST refund-payments, cancel with `refunded`): `full_refund` refunds
 * every paid invoice of the order; an `amount` is taken from the newest paid invoice first, each up to
 * what it may still give back; `items` name invoice lines (invoice_id + position), `products` the
 * order's items on its initial invoice. `quiet`: nothing paid is no error (a cancellation).
 */
export async function startOrderRefunds(
  ctx: Ctx,
  orderId: number,
  input: RefundInput,
  opts: { quiet?: boolean } = {},
): Promise<StartedRefund[]> {
  const order = await orderRow(ctx, orderId);
  if (input.customer_id != null && input.customer_id !== Number(order.customer_id))
    throw invalid('customer_id', MESSAGES.refundCustomerMismatch);
  const candidates = await chargedInvoicesOf(ctx, orderId);
  const ids = new Set(candidates.map((c) => c.id));
  const initial = candidates.find((c) => c.type === 'initial');
  const specs = new Map<number, RefundSpec>();
  const addItem = (invoiceId: number, item: { position: number; quantity?: number; field: string }) => {
    const spec = specs.get(invoiceId) ?? { kind: 'items' as const, items: [] };
    if (spec.kind === 'items') spec.items.push(item);
    specs.set(invoiceId, spec);
  };
  input.items.forEach((it, i) => {
    if (it.invoice_id === undefined) throw invalid(`items.${i}.invoice_id`, MESSAGES.required);
    if (!ids.has(it.invoice_id)) throw invalid(`items.${i}.invoice_id`, MESSAGES.refundInvoiceNotOfOrder);
    addItem(it.invoice_id, { position: it.position, quantity: it.quantity, field: `items.${i}` });
  });
  if (input.products.length > 0) {
    if (!initial) throw invalid('products', MESSAGES.refundLineUnknown);
    for (const item of productItems(initial, input.products)) addItem(initial.id, item);
  }
  const currency = candidates[0]?.currency ?? 'EUR';
  const amount = input.amount != null ? (toMinor(input.amount, currency, 'amount') ?? 0n) : null;
  return startRefunds(
    ctx,
    candidates.map((c) => c.id),
    (rows) => {
      const paid = rows.filter((r) => r.state.refundable > 0n);
      if (input.full_refund) {
        if (paid.length === 0 && !opts.quiet) throw new AppError('conflict', MESSAGES.refundNothingPaid);
        for (const r of paid) specs.set(r.row.id, { kind: 'full' });
      } else if (amount !== null) {
        const total = paid.reduce((s, r) => s + r.state.refundable, 0n);
        if (amount <= 0n) throw invalid('amount', MESSAGES.amountInvalid);
        if (amount > total)
          throw invalid('amount', MESSAGES.refundExceedsPaid(toDecimal(total, currency) as string));
        let left = amount;
        for (const r of [...paid].reverse()) {
          if (left === 0n) break;
          const take = left < r.state.refundable ? left : r.state.refundable;
          specs.set(r.row.id, { kind: 'amount', amount: take, field: 'amount' });
          left -= take;
        }
      }
      return specs;
    },
    input.message,
  );
}

/** POST refund-payments: the order's refunds, one refund invoice and attempt per original. */
export async function refundOrder(ctx: Ctx, transact: Transact, input: RefundInput): Promise<TxRow[]> {
  if (input.order_id == null) throw invalid('order_id', MESSAGES.refundOrderRequired);
  const orderId = input.order_id;
  return runRefunds(ctx, transact, (tx) => startOrderRefunds(tx, orderId, input));
}

/**
 * POST orders/{id}/cancel: the cancellation, and with `refunded` the refund of everything the order
 * paid, committed together (the attempts `processing`); the gateways are called after.
 */
export async function cancelOrderAndRefund(
  ctx: Ctx,
  transact: Transact,
  orderId: number,
  input: OrderCancel,
): Promise<TxRow[]> {
  return runRefunds(ctx, transact, async (tx) => {
    await cancelOrder(tx, orderId, input);
    if (!input.refunded) return [];
    return startOrderRefunds(
      tx,
      orderId,
      {
        full_refund: true,
        items: [],
        products: [],
        cumulated_items: [],
        message: input.cancellation_message ?? null,
      },
      { quiet: true },
    );
  });
}

/** A refund's answer: the spec's text when every attempt succeeded or is pending, else the refusal's. */
export function refundMessage(attempts: readonly Pick<TxRow, 'state' | 'decline_message'>[]) {
  const bad = attempts.find((t) => t.state === 'failed' || t.state === 'unknown');
  if (!bad) return { status: true, message: MESSAGES.invoiceRefunded };
  return { status: false, message: bad.decline_message ?? MESSAGES.invoiceRefundFailed };
}
