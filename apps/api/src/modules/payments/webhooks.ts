/**
 * Inbound gateway webhooks (shared/BILLING.md "Gateway webhooks"): stored raw, acknowledged at once,
 * processed by a job. The provider posts to `POST /api/webhooks/payments/{gateway}/{company}`
 * (webhook-routes.ts): one URL per company and gateway, because each company has its own account at the
 * provider and its own signing secret.
 *
 * Receiving (`receiveWebhook`): Stripe's event is verified with the company's webhook secret over the
 * raw body (a bad signature is a 400 and stores nothing). Mollie sends only `id=tr_...` and signs
 * nothing: the payment is fetched from Mollie with the company's key (outside any transaction) and the
 * event is that id plus the status Mollie gives now, so each change of a payment is stored once however
 * often Mollie repeats it, and an id Mollie does not know for this company is acknowledged and dropped.
 * The event is stored in `gateway_events` (UNIQUE(company, provider, event_id): a provider's duplicate
 * stores nothing new) and its processing job enqueued in the same transaction.
 *
 * Processing (`gatewayEventJob`): the object is fetched from the provider again (an event's own body is
 * never trusted for the money, and an older event then reads the newest state), the charge attempt is
 * found by the provider reference or the key in the object's metadata, and the answer applied only
 * forward (provider-outcome.ts), through the path of a live answer.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Ctx, systemClock, type Transact } from '../../context.ts';
import { gatewayEvents } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { gatewayFor } from '../../integrations/payments/index.ts';
import type { GatewayName, InboundEvent } from '../../integrations/payments/types.ts';
import { inJobTransaction, jobActor, jobCtx } from '../../jobs/context.ts';
import { defineJob, enqueue } from '../../jobs/queue.ts';
import { companyClock } from '../companies/clock.ts';
import { applyProviderOutcome, attemptOfProviderObject } from './provider-outcome.ts';

/** The gateways that post webhooks to Rentloop. */
export const WEBHOOK_GATEWAYS = ['stripe', 'mollie'] as const satisfies readonly GatewayName[];

/** What `gateway_events.payload` holds: the body exactly as it came, and what was read from it. */
interface StoredEvent {
  body: string;
  /** Stripe's `Stripe-Signature` header (kept to show what was verified); null for Mollie. */
  signature: string | null;
  type: string;
  object_reference: string;
  /** Mollie: the payment's status fetched when the call came (part of the event id). */
  status?: string;
}

export type Received = 'stored' | 'duplicate' | 'unknown_object';

export async function receiveWebhook(
  ctx: Ctx,
  transact: Transact,
  name: GatewayName,
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<Received> {
  const gateway = await gatewayFor(ctx, name);
  // No credentials: nobody here could verify or fetch anything; the provider sees "no such receiver".
  if (!gateway) throw notFound();
  let event: InboundEvent;
  try {
    event = gateway.parseWebhook(rawBody, headers);
  } catch {
    throw new AppError('bad_request', MESSAGES.webhookSignatureInvalid);
  }
  const stored: StoredEvent = {
    body: rawBody,
    signature: headers['stripe-signature'] ?? null,
    type: event.type,
    object_reference: event.objectReference,
  };
  let eventId = event.eventId;
  if (name === 'mollie') {
    const now = await gateway.lookup('', event.objectReference);
    if (!now) return 'unknown_object';
    // Mollie did not answer: a 503 makes it call again later (it retries for about a day).
    if (now.state === 'unknown') throw new AppError('unavailable', now.error);
    stored.status = String((now.raw as { status?: unknown } | null)?.status ?? now.providerStatus);
    eventId = `${event.objectReference}:${stored.status}`;
  }
  return transact(async (tx) => {
    const [row] = await tx.db
      .insert(gatewayEvents)
      .values({
        company_id: tx.companyId,
        provider: name,
        event_id: eventId,
        payload: stored,
        created_at: tx.clock.now().toISOString(),
      })
      .onConflictDoNothing()
      .returning({ id: gatewayEvents.id });
    if (!row) return 'duplicate';
    if (tx.deps.boss) await enqueue(tx.deps.boss, tx.db, gatewayEventJob, { eventId: row.id });
    return 'stored';
  });
}

type EventRow = typeof gatewayEvents.$inferSelect;

/** Processes one stored event in the company's context; answers its final status. */
export async function processGatewayEvent(
  ctx: Ctx,
  transact: Transact,
  row: EventRow,
): Promise<EventRow['status']> {
  const finish = (status: EventRow['status'], error: string | null) =>
    transact(async (tx) => {
      await tx.db
        .update(gatewayEvents)
        .set({
          status,
          error,
          attempts: sql`${gatewayEvents.attempts} + 1`,
          processed_at: status === 'received' ? null : tx.clock.now().toISOString(),
        })
        .where(and(eq(gatewayEvents.company_id, ctx.companyId), eq(gatewayEvents.id, row.id)));
      return status;
    });
  const gateway = await gatewayFor(ctx, row.provider);
  if (!gateway) return finish('failed', MESSAGES.gatewayCredentialsMissing(row.provider));
  const { object_reference: reference } = row.payload as StoredEvent;
  const outcome = await gateway.lookup('', reference);
  if (!outcome) return finish('ignored', `${row.provider} has no object ${reference}.`);
  if (outcome.state === 'unknown') {
    await finish('received', outcome.error);
    // The job is tried again later (pg-boss's retries); the reconciliation covers it after that.
    throw new Error(`${row.provider} did not answer for ${reference}: ${outcome.error}`);
  }
  return transact(async (tx) => {
    const attempt = await attemptOfProviderObject(tx, row.provider, outcome);
    if (attempt) await applyProviderOutcome(tx, attempt.id, outcome);
    const status = attempt ? 'processed' : 'ignored';
    await tx.db
      .update(gatewayEvents)
      .set({
        status,
        error: attempt ? null : 'No payment attempt of this company has this object.',
        attempts: sql`${gatewayEvents.attempts} + 1`,
        processed_at: tx.clock.now().toISOString(),
      })
      .where(and(eq(gatewayEvents.company_id, tx.companyId), eq(gatewayEvents.id, row.id)));
    return status;
  });
}

export const gatewayEventJob = defineJob({
  name: 'gateway-event-process',
  schema: z.object({ eventId: z.number().int().positive() }),
  async handler({ eventId }, jc) {
    const [row] = await jc.database.primary.select().from(gatewayEvents).where(eq(gatewayEvents.id, eventId));
    if (row?.status !== 'received') return null;
    const actor = jobActor('gateway-event-process', jc.attempt?.jobId ?? 'direct', null);
    const clock = await companyClock(jc.database.primary, row.company_id, jc.clock ?? systemClock);
    const ctx = jobCtx({ ...jc, clock }, actor, row.company_id);
    return processGatewayEvent(
      ctx,
      (work) => inJobTransaction({ ...jc, clock }, actor, row.company_id, work),
      row,
    );
  },
});
