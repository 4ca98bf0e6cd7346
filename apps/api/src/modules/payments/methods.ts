/**
 * A customer's stored payment methods (shared/BILLING.md: "payment method (gateway + mandate/customer
 * reference at the provider; never a card number)"). Staff add a method the customer set up at the
 * provider (Stripe Checkout/Elements, Mollie's first payment) by its two references; the provider is
 * asked whether it exists, belongs to that customer and can be charged, and names its label. Nothing
 * about a card is typed in or stored here but what the provider shows (brand, last four, expiry).
 *
 * One method per customer is the default (the one charged for its gateway; charge.ts `methodFor`
 * takes the default first, then the newest). A method added for a customer whose invoice failed with a
 * hard decline charges that invoice again (BILLING.md "a new method triggers an attempt"): a job
 * enqueued in the storing transaction (method-retry.ts), so it runs exactly when the method exists.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { PaymentMethod, PaymentMethodInput } from '@rentloop/domain/payments';
import { GATEWAY_LABELS } from '@rentloop/domain/settings-payments';
import { and, desc, eq, ne } from 'drizzle-orm';
import { actingUserId, type Ctx, type Transact } from '../../context.ts';
import { customers, paymentMethods } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { requireGateway } from '../../integrations/payments/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { recordEvent } from '../events/service.ts';
import { getSettings } from '../settings/sections.ts';
import { paymentMethodRetryJob } from './method-retry.ts';
import { toPaymentMethod } from './records.ts';

/** The customer of the company (404 for another company's or none), locked with `lock`. */
async function customerOf(ctx: Ctx, customerId: number, lock = false): Promise<void> {
  const q = ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.company_id, ctx.companyId), eq(customers.id, customerId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
}

/** The customer's methods, default first, then the newest. */
export async function methodsOfCustomer(ctx: Ctx, customerId: number): Promise<PaymentMethod[]> {
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.company_id, ctx.companyId), eq(paymentMethods.customer_id, customerId)))
    .orderBy(desc(paymentMethods.is_default), desc(paymentMethods.id));
  return rows.map(toPaymentMethod);
}

/** GET customers/{id}/payment-methods. */
export async function listPaymentMethods(ctx: Ctx, customerId: number): Promise<PaymentMethod[]> {
  await customerOf(ctx, customerId);
  return methodsOfCustomer(ctx, customerId);
}

/**
 * POST customers/{id}/payment-methods: checked at the provider outside any transaction, then stored in
 * a short one (`transact`). A new method is the default unless `is_default: false`: it is the one staff
 * mean to charge from now on.
 */
export async function addPaymentMethod(
  ctx: Ctx,
  transact: Transact,
  customerId: number,
  input: PaymentMethodInput,
): Promise<PaymentMethod> {
  await customerOf(ctx, customerId);
  const label = GATEWAY_LABELS[input.gateway];
  const psp = await getSettings(ctx, 'payment_service_provider');
  if (!psp.enabled_gateways.includes(input.gateway))
    throw new AppError('conflict', MESSAGES.gatewayNotEnabled(label));
  const gateway = await requireGateway(ctx, input.gateway);
  if (!gateway.describeMethod) throw new AppError('conflict', MESSAGES.paymentMethodGatewayUnsupported);
  const check = await gateway.describeMethod(input.customer_reference, input.method_reference);
  if (check.state === 'refused') throw invalid(check.field, check.message);
  if (check.state === 'rejected') throw new AppError('conflict', `${label}: ${check.message}`);
  if (check.state === 'unknown') throw new AppError('unavailable', MESSAGES.paymentMethodUnverifiable(label));

  return transact(async (tx) => {
    // The customer's lock orders concurrent adds and removals: one default at a time.
    await customerOf(tx, customerId, true);
    const existing = await methodsOfCustomer(tx, customerId);
    if (existing.some((m) => m.gateway === input.gateway && m.method_reference === input.method_reference))
      throw new AppError('conflict', MESSAGES.paymentMethodDuplicate);
    const isDefault = input.is_default ?? true;
    const now = tx.clock.now().toISOString();
    if (isDefault || existing.length === 0)
      await tx.db
        .update(paymentMethods)
        .set({ is_default: false, updated_at: now })
        .where(and(eq(paymentMethods.company_id, tx.companyId), eq(paymentMethods.customer_id, customerId)));
    const [row] = await tx.db
      .insert(paymentMethods)
      .values({
        company_id: tx.companyId,
        customer_id: customerId,
        gateway: input.gateway,
        customer_reference: input.customer_reference,
        method_reference: input.method_reference,
        label: check.label,
        is_default: isDefault || existing.length === 0,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!row) throw new Error('The payment method was not stored.');
    await recordEvent(tx, {
      type: 'payment_method.added',
      object: 'customer',
      objectId: customerId,
      payload: { payment_method_id: row.id, gateway: row.gateway, label: row.label },
    });
    if (tx.deps.boss)
      await enqueue(tx.deps.boss, tx.db, paymentMethodRetryJob, {
        methodId: row.id,
        requestedBy: actingUserId(tx.actor),
      });
    return toPaymentMethod(row);
  });
}

/**
 * DELETE customers/{id}/payment-methods/{methodId}: forgotten here (the provider keeps it; detach it
 * there if the customer asks). When it was the default, the newest left becomes the default.
 */
export async function removePaymentMethod(ctx: Ctx, customerId: number, methodId: number): Promise<void> {
  await customerOf(ctx, customerId, true);
  const [gone] = await ctx.db
    .delete(paymentMethods)
    .where(
      and(
        eq(paymentMethods.company_id, ctx.companyId),
        eq(paymentMethods.customer_id, customerId),
        eq(paymentMethods.id, methodId),
      ),
    )
    .returning();
  if (!gone) throw notFound();
  if (gone.is_default) {
    const [next] = await ctx.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.company_id, ctx.companyId),
          eq(paymentMethods.customer_id, customerId),
          ne(paymentMethods.id, methodId),
        ),
      )
      .orderBy(desc(paymentMethods.id))
      .limit(1);
    if (next)
      await ctx.db
        .update(paymentMethods)
        .set({ is_default: true, updated_at: ctx.clock.now().toISOString() })
        .where(and(eq(paymentMethods.company_id, ctx.companyId), eq(paymentMethods.id, next.id)));
  }
  await recordEvent(ctx, {
    type: 'payment_method.removed',
    object: 'customer',
    objectId: customerId,
    payload: { payment_method_id: gone.id, gateway: gone.gateway, label: gone.label },
  });
}
