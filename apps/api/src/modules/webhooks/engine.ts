/**
 * The delivery engine. Two steps a round, both driven by the clock (jobs/webhooks.ts runs rounds):
 * 1. Queue: read the events table with the `webhooks` cursor (events/reader.ts) and, in the same
 *    transaction that moves the cursor, add one delivery per event and enabled webhook that wants its
 *    type (unique per webhook and event: a batch read again after a crash adds nothing twice).
 * 2. Send: for each enabled webhook (several at once), its oldest pending deliveries when due, claimed
 *    as a run; the next one only after the one before succeeded, so a receiver sees events in order.
 *    The HTTP calls happen outside any transaction; a run's attempts are written in one short one after. A failure is retried after a growing delay with jitter;
 *    after MAX_ATTEMPTS (at least 3 days) the webhook is switched off and the company is told (a
 *    notification, and a mail to its owners and admins: disabled-mail.ts).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Ctx, Deps, JobActor, Transact } from '../../context.ts';
import { setAuditContext } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { inTransactionScope } from '../../db/transaction-scope.ts';
import { jobActor, jobCtx, jobDeps } from '../../jobs/context.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { readEvents } from '../events/reader.ts';
import { publishQuietly } from '../notifications/bus.ts';
import { notifyCompany } from '../notifications/service.ts';
import { mailWebhookDisabled } from './disabled-mail.ts';
import { eventPayload, type WebhookPayload } from './payload.ts';
import { type AttemptOutcome, type SendOptions, sendOnce, TIMEOUT_MS } from './sender.ts';
import { signingSecrets, type WebhookRow } from './service.ts';
import { newMessageId, signedHeaders } from './signing.ts';

export const READER = 'webhooks';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * The waits after the 1st, 2nd, ... failed attempt: roughly ×4 each, capped; they add up to 74 h 35 min
 * before jitter, so the last (8th) attempt comes more than 3 days after the first.
 */
export const RETRY_DELAYS_MS = [5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR, 30 * HOUR];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Jitter: up to 10% more (never less, so the 3 days always hold), spreading retries of one outage. */
export const retryDelayMs = (failedAttempts: number, random: () => number = Math.random) => {
  const base = RETRY_DELAYS_MS[Math.min(failedAttempts, RETRY_DELAYS_MS.length) - 1]!;
  return Math.round(base * (1 + 0.1 * random()));
};
/** How long a sender holds its claim beyond its attempts' time-outs (claimRun). */
const CLAIM_MS = MINUTE;
const BATCH = 200;

export interface EngineOptions {
  /** Address guard and transport overrides (tests: a resolver, a transport double). */
  send?: Partial<SendOptions>;
  random?: () => number;
}

const ACTOR = (): JobActor => jobActor('webhooks-deliver', 'engine', null);

const now = (jc: JobContext) => (jc.clock ?? { now: () => new Date() }).now();

function inTx<T>(jc: JobContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransactionScope(() =>
    jc.database.primary.transaction(async (tx) => {
      await setAuditContext(tx, { userId: null, requestId: 'job:webhooks-deliver:engine', ip: '' });
      return fn(tx);
    }),
  );
}

const wants = (types: string[], type: string) => types.includes('*') || types.includes(type);

/** Batches of events a round queues at most before it sends (see queueEvents). */
const BATCHES_PER_ROUND = 5;

/**
 * Step 1: events not yet read become their deliveries, up to `maxBatches` batches of them. Answers how many
 * events were read and how many deliveries were added (fewer when no webhook wants an event). Bounded so
 * that a round always reaches its sending step: a billing run writes events faster than they are queued,
 * and a loop until caught up never sent anything while it ran (found by the soak, bench/soak.ts: 10,800
 * deliveries queued, 0 sent in 15 minutes). The job's rounds read on.
 */
export async function queueEvents(
  jc: JobContext,
  { batch: size = BATCH, maxBatches = BATCHES_PER_ROUND } = {},
): Promise<{ read: number; queued: number }> {
  let added = 0;
  let total = 0;
  for (let batches = 1; ; batches++) {
    const read = await inTx(jc, (tx) =>
      readEvents(tx, READER, { limit: size }, async (batch) => {
        const companyIds = [
          ...new Set(batch.map((e) => e.company_id).filter((c): c is number => c !== null)),
        ];
        if (companyIds.length === 0) return;
        const hooks = await tx
          .select({ id: webhooks.id, company_id: webhooks.company_id, event_types: webhooks.event_types })
          .from(webhooks)
          .where(and(inArray(webhooks.company_id, companyIds), eq(webhooks.enabled, true)))
          .orderBy(asc(webhooks.id));
        const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
        for (const event of batch) {
          const targets = hooks.filter(
            (w) => w.company_id === event.company_id && wants(w.event_types, event.type),
          );
          if (targets.length === 0) continue;
          const ctx: Ctx = {
            db: tx,
            companyId: event.company_id!,
            actor: ACTOR(),
            clock: jc.clock ?? { now: () => new Date() },
            deps: jobDeps(jc),
          };
          const payload = await eventPayload(ctx, event);
          const at = now(jc).toISOString();
          for (const w of targets) {
            rows.push({
              company_id: w.company_id,
              webhook_id: w.id,
              event_id: event.id,
              message_id: newMessageId(),
              type: event.type,
              payload: payload as unknown as Record<string, unknown>,
              next_attempt_at: at,
              created_at: at,
            });
          }
        }
        if (rows.length === 0) return;
        // In event order: the ids, and so the send order, follow the events'.
        const inserted = await tx
          .insert(webhookDeliveries)
          .values(rows)
          .onConflictDoNothing()
          .returning({ id: webhookDeliveries.id });
        added += inserted.length;
      }),
    );
    total += read;
    if (read < size || batches >= maxBatches) return { read: total, queued: added };
  }
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Deliveries a sender claims at once from the head of one webhook's queue (decision 95). */
const RUN = 25;
/** Webhooks drained at once; each one's queue stays in order. */
export const SENDERS = 8;

/**
 * Claims the due head of a webhook's queue: its oldest pending event deliveries, up to the first that is
 * not yet due or is claimed by another sender, at most RUN. The webhook's row is locked for the claim, so
 * the senders of one queue claim one after another and a run always starts at the head (two senders never
 * send one queue out of order). The claim lasts long enough for every attempt of the run to time out.
 */
async function claimRun(jc: JobContext, webhookId: number, at: Date) {
  return inTx(jc, async (tx) => {
    const [hook] = await tx.select().from(webhooks).where(eq(webhooks.id, webhookId)).for('no key update');
    if (!hook?.enabled) return { hook: undefined, run: [] };
    const head = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.webhook_id, webhookId),
          eq(webhookDeliveries.status, 'pending'),
          isNotNull(webhookDeliveries.event_id),
        ),
      )
      .orderBy(asc(webhookDeliveries.id))
      .limit(RUN);
    const free = (d: DeliveryRow) =>
      d.next_attempt_at !== null &&
      new Date(d.next_attempt_at).getTime() <= at.getTime() &&
      (d.claimed_until === null || new Date(d.claimed_until).getTime() < at.getTime());
    const end = head.findIndex((d) => !free(d));
    const run = end === -1 ? head : head.slice(0, end);
    if (run.length > 0) {
      const until = new Date(at.getTime() + CLAIM_MS + run.length * TIMEOUT_MS);
      await tx
        .update(webhookDeliveries)
        .set({ claimed_until: until.toISOString() })
        .where(
          inArray(
            webhookDeliveries.id,
            run.map((d) => d.id),
          ),
        );
    }
    return { hook, run };
  });
}

/** Signs and sends one attempt of a delivery (outside any transaction). */
export function attempt(
  deps: Deps,
  hook: WebhookRow,
  delivery: Pick<DeliveryRow, 'message_id' | 'payload'>,
  at: Date,
  opts: EngineOptions = {},
): Promise<AttemptOutcome> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(at.getTime() / 1000);
  const headers = signedHeaders(signingSecrets({ deps }, hook, at), delivery.message_id, timestamp, body);
  return sendOnce(hook.url, headers, body, { allowPrivate: deps.allowPrivateShopUrls, ...opts.send });
}

/** Writes an attempt and what it means for its delivery (and, on the last failure, for the webhook). */
export async function recordAttempt(
  ctx: Ctx,
  delivery: DeliveryRow,
  outcome: AttemptOutcome,
  at: Date,
  opts: { retry: boolean; random?: () => number },
): Promise<{ gaveUp: boolean; notificationId: number | null }> {
  const attempts = delivery.attempts + 1;
  await ctx.db.insert(webhookAttempts).values({
    company_id: delivery.company_id,
    delivery_id: delivery.id,
    attempted_at: at.toISOString(),
    duration_ms: outcome.durationMs,
    status_code: outcome.statusCode,
    succeeded: outcome.succeeded,
    error: outcome.error,
    response_body: outcome.responseBody,
  });
  const common = { attempts, last_status_code: outcome.statusCode, claimed_until: null };
  if (outcome.succeeded || !opts.retry) {
    await ctx.db
      .update(webhookDeliveries)
      .set({
        ...common,
        status: outcome.succeeded ? 'succeeded' : 'failed',
        next_attempt_at: null,
        delivered_at: outcome.succeeded ? at.toISOString() : null,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    return { gaveUp: false, notificationId: null };
  }
  if (attempts < MAX_ATTEMPTS) {
    const next = new Date(at.getTime() + retryDelayMs(attempts, opts.random));
    await ctx.db
      .update(webhookDeliveries)
      .set({ ...common, next_attempt_at: next.toISOString() })
      .where(eq(webhookDeliveries.id, delivery.id));
    return { gaveUp: false, notificationId: null };
  }
  // Given up: this delivery failed for good and the webhook stops; the deliveries behind it wait for a
  // person to switch it on again (they are then sent in order), none is dropped.
  await ctx.db
    .update(webhookDeliveries)
    .set({ ...common, status: 'failed', next_attempt_at: null })
    .where(eq(webhookDeliveries.id, delivery.id));
  const [hook] = await ctx.db
    .update(webhooks)
    .set({
      enabled: false,
      disabled_reason: MESSAGES.webhookDisabledReason(attempts),
      updated_at: at.toISOString(),
    })
    .where(and(eq(webhooks.company_id, ctx.companyId), eq(webhooks.id, delivery.webhook_id)))
    .returning({ id: webhooks.id, url: webhooks.url });
  const notificationId = await notifyCompany(ctx, {
    title: 'Webhook disabled',
    description: `Deliveries to ${hook?.url ?? 'a webhook'} failed for 3 days.`,
    message: `${MESSAGES.webhookDisabledReason(attempts)} Check the receiver at ${hook?.url ?? 'its address'}, then switch the webhook on again in Webhooks: the waiting deliveries are then sent in order.`,
    type: 'error',
  });
  // And a mail to the company's owners and admins (Email History), recorded with the give-up.
  if (hook) await mailWebhookDisabled(ctx, hook, MESSAGES.webhookDisabledReason(attempts));
  return { gaveUp: true, notificationId };
}

/**
 * The attempts of a run, in one transaction: the successes' attempts with one insert and their deliveries
 * with one update per status code, the failure (the run's last attempt, if any) through recordAttempt,
 * and the claims of the deliveries the failure left unsent given back. One commit per run instead of two
 * per delivery. A crash before it commits leaves the run claimed until its claim lapses, then sent again
 * (at least once, as every webhook sender: receivers dedupe on `webhook-id`).
 */
async function recordRun(
  jc: JobContext,
  ctx: Ctx,
  sent: readonly { delivery: DeliveryRow; outcome: AttemptOutcome }[],
  unsent: readonly DeliveryRow[],
  at: Date,
  opts: EngineOptions,
) {
  return inTx(jc, async (tx) => {
    const ok = sent.filter((s) => s.outcome.succeeded);
    await insertRows(
      tx,
      webhookAttempts,
      ok.map(({ delivery, outcome }) => ({
        company_id: delivery.company_id,
        delivery_id: delivery.id,
        attempted_at: at.toISOString(),
        duration_ms: outcome.durationMs,
        status_code: outcome.statusCode,
        succeeded: true,
        error: outcome.error,
        response_body: outcome.responseBody,
      })),
    );
    const byCode = new Map<number | null, number[]>();
    for (const s of ok) {
      const ids = byCode.get(s.outcome.statusCode);
      if (ids) ids.push(s.delivery.id);
      else byCode.set(s.outcome.statusCode, [s.delivery.id]);
    }
    for (const [code, ids] of byCode) {
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'succeeded',
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          last_status_code: code,
          claimed_until: null,
          next_attempt_at: null,
          delivered_at: at.toISOString(),
        })
        .where(inArray(webhookDeliveries.id, ids));
    }
    const failed = sent.find((s) => !s.outcome.succeeded);
    const result = failed
      ? await recordAttempt({ ...ctx, db: tx }, failed.delivery, failed.outcome, at, {
          retry: true,
          random: opts.random,
        })
      : { gaveUp: false, notificationId: null };
    if (unsent.length > 0) {
      await tx
        .update(webhookDeliveries)
        .set({ claimed_until: null })
        .where(
          and(
            inArray(
              webhookDeliveries.id,
              unsent.map((d) => d.id),
            ),
            eq(webhookDeliveries.status, 'pending'),
          ),
        );
    }
    return result;
  });
}

/**
 * Step 2: sends what is due, SENDERS webhooks at once, each one's queue in order. Answers how many
 * attempts were made.
 */
export async function sendDue(jc: JobContext, opts: EngineOptions = {}): Promise<number> {
  const at = now(jc);
  const heads = await jc.database.primary
    .selectDistinctOn([webhookDeliveries.webhook_id], {
      webhook_id: webhookDeliveries.webhook_id,
      company_id: webhookDeliveries.company_id,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, and(eq(webhooks.id, webhookDeliveries.webhook_id), eq(webhooks.enabled, true)))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        isNotNull(webhookDeliveries.event_id),
        lte(webhookDeliveries.next_attempt_at, at.toISOString()),
      ),
    )
    .orderBy(webhookDeliveries.webhook_id, webhookDeliveries.id);
  const limit = pLimit(SENDERS);
  const made = await Promise.all(
    heads.map(({ webhook_id, company_id }) => limit(() => drain(jc, company_id, webhook_id, at, opts))),
  );
  return made.reduce((a, b) => a + b, 0);
}

/**
 * One webhook's queue, in order, a run at a time, until it is empty, not yet due, switched off (seen at
 * the next run) or an attempt fails.
 */
async function drain(jc: JobContext, companyId: number, webhookId: number, at: Date, opts: EngineOptions) {
  const deps = jobDeps(jc);
  const ctx = jobCtx(jc, ACTOR(), companyId);
  let made = 0;
  for (;;) {
    const { hook, run } = await claimRun(jc, webhookId, at);
    if (!hook || run.length === 0) return made;
    const sent: { delivery: DeliveryRow; outcome: AttemptOutcome }[] = [];
    for (const delivery of run) {
      const outcome = await attempt(deps, hook, delivery, at, opts);
      sent.push({ delivery, outcome });
      if (!outcome.succeeded) break;
    }
    made += sent.length;
    const result = await recordRun(jc, ctx, sent, run.slice(sent.length), at, opts);
    if (result.notificationId !== null) {
      publishQuietly(
        jc.notifications,
        { kind: 'created', id: result.notificationId, company_id: companyId },
        jc.log,
      );
    }
    if (!sent.at(-1)!.outcome.succeeded) return made;
  }
}

type RoundOptions = EngineOptions & { queue?: { batch?: number; maxBatches?: number } };

/** One round: queue new events (a bounded number), then send what is due. */
export async function runRound(jc: JobContext, opts: RoundOptions = {}) {
  const { read, queued } = await queueEvents(jc, opts.queue);
  const attempted = await sendDue(jc, opts);
  return { read, queued, attempted };
}

/** How long one run of the job goes on at most, so it ends before the next minute's starts. */
export const RUN_BUDGET_MS = 50_000;

/**
 * The job's run: rounds until one reads no event and makes no attempt, or the budget is spent. A round
 * that read events no webhook wants (a company without webhooks, a type not subscribed) queued nothing
 * but moved the reader on: the run goes on reading, or a backlog of such events would be read one
 * round a minute while the events the webhooks want wait behind it (found by the soak).
 */
export async function runRounds(jc: JobContext, opts: RoundOptions = {}, budgetMs = RUN_BUDGET_MS) {
  const started = performance.now();
  const total = { rounds: 0, read: 0, queued: 0, attempted: 0 };
  for (;;) {
    const r = await runRound(jc, opts);
    total.rounds += 1;
    total.read += r.read;
    total.queued += r.queued;
    total.attempted += r.attempted;
    if ((r.read === 0 && r.attempted === 0) || performance.now() - started >= budgetMs) return total;
  }
}

/**
 * A message sent by hand (a test event, a record's current state, a resend): written, attempted once at
 * once while the person waits, and logged like any other; not retried (the person sees the result).
 * `messageId` of a resend is the original's, so a receiver that dedupes on `webhook-id` still can.
 */
export async function sendByHand(
  ctx: Ctx,
  transact: Transact,
  hook: WebhookRow,
  message: { type: string; payload: WebhookPayload; messageId?: string },
  opts: EngineOptions = {},
): Promise<number> {
  const at = ctx.clock.now();
  const delivery = await transact(async (c) => {
    const [row] = await c.db
      .insert(webhookDeliveries)
      .values({
        company_id: c.companyId,
        webhook_id: hook.id,
        event_id: null,
        message_id: message.messageId ?? newMessageId(),
        type: message.type,
        payload: message.payload as unknown as Record<string, unknown>,
        created_at: at.toISOString(),
      })
      .returning();
    return row!;
  });
  const outcome = await attempt(ctx.deps, hook, delivery, at, opts);
  await transact((c) => recordAttempt(c, delivery, outcome, at, { retry: false }));
  return delivery.id;
}
