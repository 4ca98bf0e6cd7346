/**
 * Phase 1 of the billing run, set at a time (run.ts; docs/decisions.md 73): for a claimed batch of due
 * payments (their rows locked by the claim), in the batch's transaction, each payment's invoice issued
 * and its attempt committed `processing`, with a fixed number of statements per batch rather than ~24
 * per payment: one read each of the payments, their customers, invoices already made, subscriptions,
 * orders, order items, initial invoices' gateways and stored methods; then every refusal is decided
 * BEFORE anything is written (no payment method, gateway not enabled or without credentials, nothing to
 * charge, subscription or order gone), so a refused payment spends no number and needs no savepoint;
 * then one range of numbers and one multi-row insert each for the invoices, documents, PDF jobs and
 * attempts, one UPDATE each for the invoices' payment status and the payments' status, and the events
 * with one insert (the batch holds them: run.ts).
 *
 * Each step is what `prepareRecurringCharge` (run.ts: staff's charge, and a payment this phase hands
 * back) does for one payment, by the same functions and transition tables: `recurringDraft` and
 * `prepareInvoice` for the document, `refusal` of INVOICE_PAYMENT_TRANSITIONS and
 * RECURRING_PAYMENT_TRANSITIONS for the guards, `methodFor`'s choice of method. Handed back to be done
 * one by one (rare, and with more to read): a payment whose invoice already exists (charged again) and
 * a collective customer's (cumulated-invoices/collect.ts).
 */
import type { PaymentGateway as GatewayName } from '@rentloop/domain/enums';
import { INVOICE_PAYMENT_TRANSITIONS } from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { RECURRING_PAYMENT_TRANSITIONS } from '@rentloop/domain/recurring-payments';
import { refusal, transitionOf } from '@rentloop/domain/transitions';
import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { insertRows } from '../../db/insert-rows.ts';
import {
  customers,
  invoices,
  orderItems,
  orders,
  paymentMethods,
  recurringPayments,
  subscriptions,
  transactions,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { requireGateway } from '../../integrations/payments/index.ts';
import type { PaymentMethodRef } from '../../integrations/payments/types.ts';
import { type NewEvent, recordEvents } from '../events/service.ts';
import { defaultGateway } from '../invoices/issue.ts';
import { type BatchDocument, issuePrepared, prepareInvoices } from '../invoices/issue-batch.ts';
import { methodFor } from '../payments/charge.ts';
import { getSettings } from '../settings/sections.ts';
import { recurringDraft } from './invoice.ts';

/** An attempt committed `processing`, ready to be sent. */
export interface Prepared {
  recurringPaymentId: number;
  invoiceId: number;
  attempt: typeof transactions.$inferSelect;
  method: PaymentMethodRef;
}

/** A payment that will be charged: its document prepared (no number yet) and the method to charge. */
interface Accepted {
  rp: typeof recurringPayments.$inferSelect;
  doc: BatchDocument;
  method: PaymentMethodRef;
}

/** What `planClaimed` decided, nothing written yet. */
export interface IssuePlan {
  accepted: Accepted[];
  /** Payments that cannot be charged, with the reason (to be parked); nothing is written for them. */
  refused: Map<number, string>;
  /** Payments to prepare one by one (`prepareRecurringCharge`): an existing invoice, a collective customer. */
  alone: number[];
}

export interface IssuedBatch extends Omit<IssuePlan, 'accepted'> {
  prepared: Prepared[];
}

/** Phase 1 for the claimed payments `ids`: `planClaimed`, then `writePlanned` (the caller parks the refused). */
export async function issueClaimed(ctx: Ctx, ids: readonly number[]): Promise<IssuedBatch> {
  const { accepted, ...rest } = await planClaimed(ctx, ids);
  return { ...rest, prepared: await writePlanned(ctx, accepted) };
}

const byId = <T extends { id: number }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));

/** Why the company cannot charge on `gateway` now (BILLING.md: refused before an attempt exists), or null. */
async function gatewayRefusals(ctx: Ctx, gateways: Iterable<GatewayName>) {
  const psp = await getSettings(ctx, 'payment_service_provider');
  const out = new Map<GatewayName, string | null>();
  for (const g of gateways) {
    if (!psp.enabled_gateways.includes(g)) out.set(g, MESSAGES.gatewayNotEnabled(g));
    else
      out.set(
        g,
        await requireGateway(ctx, g).then(
          () => null,
          (e: unknown) => {
            if (e instanceof AppError) return e.message;
            throw e;
          },
        ),
      );
  }
  return out;
}

/**
 * Each customer's method per gateway, as `methodFor` picks it (the default, else the newest), for the
 * gateways that store one; the offline gateway needs none.
 */
async function methodsOf(ctx: Ctx, wanted: readonly { customerId: number; gateway: GatewayName }[]) {
  const stored = wanted.filter((w) => w.gateway !== 'offlinegateway');
  const found = new Map<string, PaymentMethodRef>();
  const key = (customerId: number, gateway: string) => `${customerId}:${gateway}`;
  if (stored.length > 0) {
    const rows = await ctx.db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.company_id, ctx.companyId),
          inArray(paymentMethods.customer_id, [...new Set(stored.map((w) => w.customerId))]),
        ),
      )
      .orderBy(desc(paymentMethods.is_default), desc(paymentMethods.id));
    for (const m of rows)
      if (!found.has(key(m.customer_id, m.gateway)))
        found.set(key(m.customer_id, m.gateway), {
          gateway: m.gateway,
          customerReference: m.customer_reference,
          methodReference: m.method_reference,
          label: m.label,
        });
  }
  return async (customerId: number, gateway: GatewayName): Promise<PaymentMethodRef | null> =>
    gateway === 'offlinegateway'
      ? methodFor(ctx, customerId, gateway)
      : (found.get(key(customerId, gateway)) ?? null);
}

/**
 * The reads and decisions of phase 1 for the claimed payments `ids` (locked by the caller's claim), in
 * the caller's transaction: which are charged (their documents prepared), refused (why), or left to be
 * done one by one. Writes nothing.
 */
export async function planClaimed(ctx: Ctx, ids: readonly number[]): Promise<IssuePlan> {
  const result: IssuePlan = { accepted: [], refused: new Map(), alone: [] };
  if (ids.length === 0) return result;
  const same = eq(recurringPayments.company_id, ctx.companyId);
  const rps = byId(
    await ctx.db
      .select()
      .from(recurringPayments)
      .where(and(same, inArray(recurringPayments.id, [...ids]))),
  );
  const today = await companyToday(ctx);
  const due = ids.flatMap((id) => {
    const rp = rps.get(id);
    // The claim took due `scheduled` rows; should one not be, the table's refusal, as `prepareRecurringCharge`'s.
    const refused = !rp
      ? notFound().message
      : refusal(RECURRING_PAYMENT_TRANSITIONS, 'charge', rp.status, { due: rp.due_date <= today });
    if (refused !== null) result.refused.set(id, refused);
    return rp && refused === null ? [rp] : [];
  });
  if (due.length === 0) return result;

  const customerRows = byId(
    await ctx.db
      .select({ id: customers.id, language: customers.language, mode: customers.cumulated_invoice })
      .from(customers)
      .where(
        and(
          eq(customers.company_id, ctx.companyId),
          inArray(customers.id, [...new Set(due.map((r) => r.customer_id))]),
        ),
      ),
  );
  const invoiced = new Set(
    (
      await ctx.db
        .select({ rp: invoices.recurring_payment_id })
        .from(invoices)
        .where(
          and(
            eq(invoices.company_id, ctx.companyId),
            eq(invoices.type, 'recurring payment'),
            inArray(
              invoices.recurring_payment_id,
              due.map((r) => r.id),
            ),
          ),
        )
    ).map((r) => r.rp),
  );
  const fresh = due.filter((rp) => {
    const alone = invoiced.has(rp.id) || customerRows.get(rp.customer_id)?.mode === 'collective';
    if (alone) result.alone.push(rp.id);
    return !alone;
  });
  if (fresh.length === 0) return result;

  const orderIds = [...new Set(fresh.map((r) => r.order_id))];
  const subs = byId(
    await ctx.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.company_id, ctx.companyId),
          inArray(
            subscriptions.id,
            fresh.map((r) => r.subscription_id),
          ),
        ),
      ),
  );
  const orderRows = byId(
    await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.company_id, ctx.companyId), inArray(orders.id, orderIds))),
  );
  const items = new Map<number, (typeof orderItems.$inferSelect)[]>();
  for (const item of await ctx.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.company_id, ctx.companyId), inArray(orderItems.order_id, orderIds))))
    items.set(item.order_id, [...(items.get(item.order_id) ?? []), item]);
  const initialGateway = new Map(
    (
      await ctx.db
        .select({ order: invoices.order_id, gateway: invoices.gateway })
        .from(invoices)
        .where(
          and(
            eq(invoices.company_id, ctx.companyId),
            eq(invoices.type, 'initial'),
            inArray(invoices.order_id, orderIds),
          ),
        )
    ).map((r) => [r.order, r.gateway]),
  );
  const fallback = await defaultGateway(ctx);

  const drafts = fresh.flatMap((rp) => {
    const sub = subs.get(rp.subscription_id);
    const order = orderRows.get(rp.order_id);
    if (!sub || !order || !customerRows.has(rp.customer_id)) {
      result.refused.set(rp.id, notFound().message);
      return [];
    }
    const gateway = initialGateway.get(order.id) ?? fallback;
    return [{ rp, draft: recurringDraft(rp, sub, order, items.get(order.id) ?? [], gateway) }];
  });
  const languages = new Map([...customerRows.values()].map((c) => [c.id, c.language]));
  const docs = await prepareInvoices(
    ctx,
    drafts.map((d) => d.draft),
    languages,
  );

  // Every refusal of startCharge (payments/charge.ts), in its order, before anything is written.
  const gateways = await gatewayRefusals(ctx, new Set(drafts.map((d) => d.draft.gateway)));
  const method = await methodsOf(
    ctx,
    drafts.map((d) => ({ customerId: d.rp.customer_id, gateway: d.draft.gateway })),
  );
  for (const [i, { rp, draft }] of drafts.entries()) {
    const doc = docs[i]!;
    const m = await method(rp.customer_id, draft.gateway);
    const refused =
      doc.prepared.tax.totals.gross <= 0n
        ? MESSAGES.invoiceNotChargeable
        : (gateways.get(draft.gateway) ??
          // A new invoice: issued, no attempt, no correction points at it.
          refusal(INVOICE_PAYMENT_TRANSITIONS, 'charge', 'not settled', {
            issued: true,
            open_attempts: 0,
            cancelled: false,
            credit: false,
          }) ??
          (m ? null : MESSAGES.noPaymentMethod));
    if (refused !== null) result.refused.set(rp.id, refused);
    else result.accepted.push({ rp, doc, method: m! });
  }
  return result;
}

/** Every column of an attempt, as the record phase reads it back. */
const attemptColumns = Object.keys(
  getTableColumns(transactions),
) as (keyof typeof transactions.$inferSelect)[];

/**
 * The writes of phase 1 for the accepted payments, in the caller's transaction: the counter first (one
 * range), then only the writes that carry its numbers; answers the attempts to send.
 */
export async function writePlanned(ctx: Ctx, accepted: readonly Accepted[]): Promise<Prepared[]> {
  if (accepted.length === 0) return [];
  const same = eq(recurringPayments.company_id, ctx.companyId);
  const charge = transitionOf(RECURRING_PAYMENT_TRANSITIONS, 'charge');

  const now = ctx.clock.now().toISOString();
  const invoiceCharge = transitionOf(INVOICE_PAYMENT_TRANSITIONS, 'charge');
  // Each invoice is written already charged (`not settled` -> `pending payment`, the move its event below
  // records): it and its attempt are made in this one transaction, so nobody could see it between the two,
  // and an UPDATE of the whole batch right after its INSERT cost as much again in PostgreSQL (decision 93).
  const issued = await issuePrepared(
    ctx,
    accepted.map((a) => ({ ...a.doc, draft: { ...a.doc.draft, paymentStatus: invoiceCharge.to } })),
  );
  const invoiceIds = issued.map((x) => x.id);
  const attemptRows = await insertRows(
    ctx.db,
    transactions,
    accepted.map((a, i) => ({
      company_id: ctx.companyId,
      kind: 'charge' as const,
      invoice_id: invoiceIds[i]!,
      order_id: a.doc.draft.orderId,
      customer_id: a.doc.draft.customerId,
      // The invoice is new: its first attempt.
      attempt_no: 1,
      provider_key: `rl:${ctx.companyId}:inv${invoiceIds[i]!}:1`,
      gateway: a.doc.draft.gateway,
      state: 'processing' as const,
      amount: a.doc.prepared.tax.totals.gross,
      currency: a.doc.prepared.currency,
      created_at: now,
      updated_at: now,
    })),
    attemptColumns,
  );
  const attemptOf = new Map(attemptRows.map((r) => [r.invoice_id, r]));
  const charging = await ctx.db
    .update(recurringPayments)
    .set({ status: charge.to, updated_at: now })
    .where(
      and(
        same,
        inArray(
          recurringPayments.id,
          accepted.map((a) => a.rp.id),
        ),
        inArray(recurringPayments.status, [...charge.from]),
      ),
    )
    .returning({ id: recurringPayments.id });
  if (charging.length !== accepted.length)
    throw new Error('A payment of the batch did not move to charging.');

  // The events `transition()` writes for the two moves, each payment's in the order they happened.
  const events: NewEvent[] = [];
  for (const [i, a] of accepted.entries()) {
    events.push({
      type: invoiceCharge.event ?? 'invoice.status_changed',
      object: 'invoice',
      objectId: invoiceIds[i]!,
      payload: { action: 'charge', from: 'not settled', to: invoiceCharge.to },
    });
    events.push({
      type: charge.event ?? 'recurring_payment.status_changed',
      object: 'recurring_payment',
      objectId: a.rp.id,
      payload: { action: 'charge', from: a.rp.status, to: charge.to },
    });
  }
  await recordEvents(ctx, events);
  return accepted.map((a, i) => {
    const attempt = attemptOf.get(invoiceIds[i]!);
    if (!attempt) throw new Error('An attempt of the batch was not written.');
    return {
      recurringPaymentId: a.rp.id,
      invoiceId: invoiceIds[i]!,
      attempt,
      method: a.method,
    };
  });
}
