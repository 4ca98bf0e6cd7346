/**
 * The credit check of an order's customer (spec 01: `GET order_customers/{id}/crif`, by order id). The
 * customer as the order was placed (name, billing address) goes to the company's provider
 * (integrations/credit; CRIF) and the decision is stored in `credit_checks`, with an event. A check
 * younger than CREDIT_CHECK_REUSE_DAYS is answered again instead of asking (and paying) the provider
 * twice, unless staff ask for a fresh one.
 *
 * The provider is called outside any transaction (`ctx` reads, `transact` writes): a failure stores
 * nothing. No provider configured is a 409 saying where to configure it; a provider failure a 502.
 */
import { CREDIT_CHECK_REUSE_DAYS, CREDIT_TEXTS, type CreditCheck } from '@rentloop/domain/credit-checks';
import { and, desc, eq } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { creditChecks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import {
  type CreditAdapterOptions,
  CreditCheckError,
  type CreditSubject,
  createCreditAdapter,
} from '../../integrations/credit/index.ts';
import { recordEvent } from '../events/service.ts';
import { getCreditCheckConfig } from '../settings/sections.ts';
import { orderRow } from './records.ts';

const DAY_MS = 86_400_000;

type Row = typeof creditChecks.$inferSelect;

const toCheck = (row: Row, reused: boolean): CreditCheck => ({
  id: row.id,
  order_id: row.order_id,
  customer_id: row.customer_id,
  provider: row.provider,
  decision: row.decision,
  score: row.score,
  reference: row.reference,
  reasons: row.reasons,
  checked_at: row.checked_at,
  reused,
});

/** The latest stored check of an order's customer, or null. */
export async function latestCreditCheck(ctx: Ctx, orderId: number): Promise<Row | null> {
  const [row] = await ctx.db
    .select()
    .from(creditChecks)
    .where(and(eq(creditChecks.company_id, ctx.companyId), eq(creditChecks.order_id, orderId)))
    .orderBy(desc(creditChecks.checked_at), desc(creditChecks.id))
    .limit(1);
  return row ?? null;
}

export async function checkOrderCustomerCredit(
  ctx: Ctx,
  orderId: number,
  transact: Transact,
  opts: { refresh?: boolean; adapterOptions?: CreditAdapterOptions } = {},
): Promise<CreditCheck> {
  const order = await orderRow(ctx, orderId);
  const latest = await latestCreditCheck(ctx, orderId);
  const now = ctx.clock.now();
  if (
    latest &&
    !opts.refresh &&
    now.getTime() - new Date(latest.checked_at).getTime() < CREDIT_CHECK_REUSE_DAYS * DAY_MS
  ) {
    return toCheck(latest, true);
  }

  const config = await getCreditCheckConfig(ctx);
  if (!config?.base_url || !config.username) throw new AppError('conflict', CREDIT_TEXTS.notConfigured);
  const address = order.billing_address ?? order.shipping_address;
  if (!address) throw new AppError('conflict', CREDIT_TEXTS.noAddress);
  const subject: CreditSubject = {
    reference: `order-${order.id}`,
    first_name: address.first_name,
    last_name: address.last_name,
    company: address.company ?? null,
    email: order.customer_email,
    street: address.street,
    street_number: address.street_number ?? null,
    postal_code: address.postal_code,
    city: address.city,
    country: address.country,
  };

  const adapter = createCreditAdapter(
    {
      provider: config.provider,
      base_url: config.base_url,
      username: config.username,
      secret: config.secret,
    },
    { allowPrivateAddresses: ctx.deps.allowPrivateShopUrls, ...opts.adapterOptions },
  );
  let result: Awaited<ReturnType<typeof adapter.check>>;
  try {
    result = await adapter.check(subject, { now });
  } catch (err) {
    if (err instanceof CreditCheckError) throw new AppError('bad_gateway', err.message);
    throw err;
  }

  return transact(async (tx) => {
    const [row] = await tx.db
      .insert(creditChecks)
      .values({
        company_id: tx.companyId,
        order_id: Number(order.id),
        customer_id: Number(order.customer_id),
        provider: adapter.provider,
        decision: result.decision,
        score: result.score,
        reference: result.reference,
        reasons: result.reasons,
        checked_at: result.checked_at,
      })
      .returning();
    if (!row) throw new Error('credit check not stored');
    await recordEvent(tx, {
      type: 'order.credit_checked',
      object: 'order',
      objectId: Number(order.id),
      payload: {
        provider: row.provider,
        decision: row.decision,
        score: row.score,
        reference: row.reference,
      },
    });
    return toCheck(row, false);
  });
}
