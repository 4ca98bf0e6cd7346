/**
 * A webhook's deliveries as the screen shows them (newest first, each with its attempts), and the
 * messages sent by hand: a test event, a record's current state (`POST webhooks/{id}/model/{item_id}`)
 * and a resend of any delivery (the same body and `webhook-id`, newly signed).
 */
import {
  WEBHOOK_TEST_EVENT,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryFilters,
  type WebhookModel,
} from '@rentloop/domain/webhooks';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { webhookAttempts, webhookDeliveries } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { type EngineOptions, sendByHand } from './engine.ts';
import { loadObject, type WebhookPayload } from './payload.ts';
import { webhookRow } from './service.ts';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

function toDelivery(row: DeliveryRow, attempts?: WebhookAttempt[]): WebhookDelivery {
  return {
    id: Number(row.id),
    webhook_id: Number(row.webhook_id),
    event_id: row.event_id === null ? null : Number(row.event_id),
    message_id: row.message_id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    last_status_code: row.last_status_code,
    created_at: iso(row.created_at)!,
    delivered_at: iso(row.delivered_at),
    payload: row.payload,
    ...(attempts ? { attempt_log: attempts } : {}),
  };
}

/**
 * A page of one of the company's webhooks' deliveries (404 for another company's), newest first unless
 * `desc` is false, optionally of one status. Read on the (company, webhook, id desc) index.
 */
export async function listDeliveries(
  ctx: Ctx,
  webhookId: number,
  p: Pick<ListParams<'id', WebhookDeliveryFilters>, 'offset' | 'perPage' | 'desc' | 'filters'>,
): Promise<{ rows: WebhookDelivery[]; total: number }> {
  await webhookRow(ctx, webhookId);
  const d = webhookDeliveries;
  const where = and(
    eq(d.company_id, ctx.companyId),
    eq(d.webhook_id, webhookId),
    p.filters.status ? eq(d.status, p.filters.status) : undefined,
  );
  // The last attempt's duration, one indexed read per row of the page (webhook_attempts_delivery_idx).
  const lastDuration = sql<number | null>`(select ${webhookAttempts.duration_ms} from ${webhookAttempts}
    where ${webhookAttempts.delivery_id} = ${d.id} order by ${webhookAttempts.id} desc limit 1)`;
  const rows = await ctx.db
    .select({ row: d, last_duration_ms: lastDuration })
    .from(d)
    .where(where)
    .orderBy(p.desc ? desc(d.id) : asc(d.id))
    .limit(p.perPage)
    .offset(p.offset);
  const [counted] = await ctx.db.select({ n: count() }).from(d).where(where);
  return {
    rows: rows.map((r) => ({
      ...toDelivery(r.row),
      last_duration_ms: r.last_duration_ms === null ? null : Number(r.last_duration_ms),
    })),
    total: Number(counted?.n ?? 0),
  };
}

async function deliveryRow(ctx: Ctx, webhookId: number, id: number): Promise<DeliveryRow> {
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.company_id, ctx.companyId),
        eq(webhookDeliveries.webhook_id, webhookId),
        eq(webhookDeliveries.id, id),
      ),
    );
  if (!row) throw notFound('Delivery not found.');
  return row;
}

/** One delivery with every attempt, oldest first. */
export async function getDelivery(ctx: Ctx, webhookId: number, id: number): Promise<WebhookDelivery> {
  const row = await deliveryRow(ctx, webhookId, id);
  const attempts = await ctx.db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.company_id, ctx.companyId), eq(webhookAttempts.delivery_id, row.id)))
    .orderBy(asc(webhookAttempts.id));
  return toDelivery(
    row,
    attempts.map((a) => ({
      id: Number(a.id),
      attempted_at: iso(a.attempted_at)!,
      duration_ms: a.duration_ms,
      status_code: a.status_code,
      succeeded: a.succeeded,
      error: a.error,
      response_body: a.response_body,
    })),
  );
}

/** "Send test event": a `webhook.test` message, sent now. */
export async function sendTestEvent(ctx: Ctx, transact: Transact, webhookId: number, opts?: EngineOptions) {
  const hook = await webhookRow(ctx, webhookId);
  const payload: WebhookPayload = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: ctx.clock.now().toISOString(),
    data: { webhook_id: hook.id, message: 'A test event from Rentloop: your endpoint is reachable.' },
  };
  const id = await sendByHand(ctx, transact, hook, { type: WEBHOOK_TEST_EVENT, payload }, opts);
  return getDelivery(ctx, webhookId, id);
}

/** `POST webhooks/{id}/model/{item_id}`: the record's current state, as its GET answers it, sent now. */
export async function fireModel(
  ctx: Ctx,
  transact: Transact,
  webhookId: number,
  object: WebhookModel,
  itemId: number,
  opts?: EngineOptions,
) {
  const hook = await webhookRow(ctx, webhookId);
  const data = await loadObject(ctx, object, itemId);
  if (!data) throw notFound(`No ${object.replace('_', ' ')} ${itemId}.`);
  const type = `${object}.current`;
  const payload: WebhookPayload = { type, timestamp: ctx.clock.now().toISOString(), data };
  const id = await sendByHand(ctx, transact, hook, { type, payload }, opts);
  return getDelivery(ctx, webhookId, id);
}

/** A delivery sent again: its body and `webhook-id`, newly signed; logged as a delivery of its own. */
export async function resendDelivery(
  ctx: Ctx,
  transact: Transact,
  webhookId: number,
  deliveryId: number,
  opts?: EngineOptions,
) {
  const hook = await webhookRow(ctx, webhookId);
  const original = await deliveryRow(ctx, webhookId, deliveryId);
  const id = await sendByHand(
    ctx,
    transact,
    hook,
    {
      type: original.type,
      payload: original.payload as unknown as WebhookPayload,
      messageId: original.message_id,
    },
    opts,
  );
  return getDelivery(ctx, webhookId, id);
}
