/**
 * The billing run's set-based record phase (payments/record-batch.ts `recordAsSet`) against recording
 * the same answers one by one (`recordOutcome` in one transaction holding its events, as the run did
 * before decision 80): the same answers to the same attempts are recorded both ways, each in a
 * transaction rolled back afterwards (so both start from the same rows), and what each way wrote is
 * compared: the attempts, invoices, recurring payments, subscriptions and orders (every column), the
 * dunnings, the order tag history, the mails, the events (in their order) and the audit history (per
 * row, in its order). The answers cover every path: paid (once after a failure: recovered, its dunning
 * closed and the order untagged; once after a lost answer: resolved), pending, lost, declined soft
 * (a first failure: dunning started, reminder, order tagged; a last retry: the subscription cancelled),
 * hard (no retry, its mail) and technical (no dunning), given in an order that is not the attempts'.
 */
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../../company-time.ts';
import { type Ctx, fixedClock } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  dunnings,
  emailEntries,
  events,
  historyLogs,
  invoices,
  orders,
  orderTagHistory,
  recurringPayments,
  subscriptions,
  transactions,
} from '../../db/schema/index.ts';
import { registerGateway } from '../../integrations/payments/index.ts';
import { offlineGateway } from '../../integrations/payments/offline.ts';
import { intentOutcome } from '../../integrations/payments/stripe.ts';
import type { GatewayOutcome } from '../../integrations/payments/types.ts';
import { testCtx } from '../../testing/ctx.ts';
import { seedDuePayments } from '../../testing/due-payments.ts';
import { createCompany, useHarness } from '../../testing/harness.ts';
import { holdingEvents } from '../events/service.ts';
import { recordOutcome, startCharge } from '../payments/charge.ts';
import { type Answer, recordAsSet, recordOutcomes } from '../payments/record-batch.ts';
import { putSection } from '../settings/sections.ts';
import { issueClaimed } from './issue-phase.ts';

const clock = fixedClock('2026-09-01T08:00:00Z');
const h = useHarness({ clock, jobs: true, defaultTemplates: true });
const COUNT = 12;
let cid: number;
/** Per payment (in id order): its invoice and the attempt the answers are for. */
let charged: { rp: number; invoice: number; attempt: number }[];
let restore: () => void;

const ctx = (db: Tx = h.database.primary): Ctx =>
  testCtx(db, cid, { clock, deps: { boss: h.boss, secrets: h.secrets } });
const committed = <T>(work: (c: Ctx) => Promise<T>) =>
  h.database.primary.transaction((tx) => holdingEvents(ctx(tx), work));

/** Stripe's answer to an off-session charge, mapped by the adapter (declines classified as live ones). */
const stripe = (key: string, answer: 'succeeded' | 'processing' | { decline?: string; code?: string }) => {
  const base = { id: `pi_${key}`, object: 'payment_intent', metadata: { key } };
  const pi =
    typeof answer === 'string'
      ? { ...base, status: answer }
      : {
          ...base,
          status: 'requires_payment_method',
          last_payment_error: {
            type: 'card_error',
            code: answer.code ?? 'card_declined',
            decline_code: answer.decline,
            message: 'Your card was declined.',
          },
        };
  return intentOutcome(pi as unknown as Stripe.PaymentIntent);
};
const soft = (key: string) => stripe(key, { decline: 'insufficient_funds' });
const lost: GatewayOutcome = { state: 'unknown', error: 'socket hang up', raw: null };

class Rollback extends Error {
  constructor(readonly snapshot: unknown) {
    super('rolled back on purpose');
  }
}

beforeAll(async () => {
  restore = registerGateway('stripe', () => offlineGateway);
  const company = await createCompany(h.database, { name: 'Record Phase Rentals', currency: 'EUR' });
  cid = company.id;
  await putSection(ctx(), 'invoice', { ...SETTINGS_SECTIONS.invoice.defaults, company_name: 'Record GmbH' });
  await putSection(ctx(), 'payment_service_provider', {
    ...SETTINGS_SECTIONS.payment_service_provider.defaults,
    enabled_gateways: ['offlinegateway', 'stripe'],
    default_gateway: 'stripe',
    credentials: { stripe: { secret_key: 'sk_test_record', webhook_secret: 'whsec_record' } },
  });
  // Two retries, then the subscription is cancelled.
  await putSection(ctx(), 'recurring_payments', {
    ...SETTINGS_SECTIONS.recurring_payments.defaults,
    max_retries: 2,
    after_last_retry: 'cancel_subscription',
  });
  await seedDuePayments(h.database.executor, cid, {
    count: COUNT,
    dueDate: await companyToday(ctx()),
    method: { gateway: 'stripe', customerReference: 'cus_1', methodReference: 'pm_1', label: 'Visa' },
  });
  const ids = (
    await h.database.primary
      .select({ id: recurringPayments.id })
      .from(recurringPayments)
      .where(eq(recurringPayments.company_id, cid))
      .orderBy(asc(recurringPayments.id))
  ).map((r) => r.id);
  const issued = await committed((c) => issueClaimed(c, ids));
  charged = issued.prepared.map((p) => ({
    rp: p.recurringPaymentId,
    invoice: p.invoiceId,
    attempt: p.attempt.id,
  }));
  expect(charged).toHaveLength(COUNT);
  // Declined and charged again (the retry's attempt is the one answered): payment 0 once, payment 1
  // twice (its answer is the last retry's).
  const again = async (k: number, times: number) => {
    for (let n = 0; n < times; n++) {
      await committed((c) => recordOutcome(c, charged[k]!.attempt, soft(`again${k}_${n}`)));
      const { attempt } = await committed((c) => startCharge(c, charged[k]!.invoice));
      charged[k]!.attempt = attempt.id;
    }
  };
  await again(0, 1);
  await again(1, 2);
  // Payment 2's answer was lost (the attempt is `unknown`); the provider's answer comes now.
  await committed((c) => recordOutcome(c, charged[2]!.attempt, lost));
});

afterAll(() => restore?.());

/** The answers, not in the attempts' order. */
const answers = (): Answer[] => {
  const of = (k: number, outcome: GatewayOutcome): Answer => ({ attemptId: charged[k]!.attempt, outcome });
  return [
    of(7, lost),
    of(0, stripe('p0', 'succeeded')),
    of(3, stripe('p3', 'processing')),
    of(1, soft('p1')),
    of(5, stripe('p5', { decline: 'stolen_card' })),
    of(2, stripe('p2', 'succeeded')),
    of(6, stripe('p6', { code: 'processing_error' })),
    of(8, soft('p8')),
    of(4, stripe('p4', 'succeeded')),
    of(11, stripe('p11', { decline: 'generic_decline' })),
    of(9, stripe('p9', 'processing')),
    of(10, stripe('p10', 'succeeded')),
  ];
};

/** What a way of recording wrote (ids of rows it made replaced by their owner). */
async function snapshot(db: Tx, recorded: unknown[], mark: { event: number; history: number }) {
  const co = (c: Parameters<typeof eq>[0]) => eq(c, cid);
  const dunningRows = await db
    .select()
    .from(dunnings)
    .where(co(dunnings.company_id))
    .orderBy(asc(dunnings.id));
  const dunningOf = new Map(dunningRows.map((d) => [String(d.id), `dunning of ${d.recurring_payment_id}`]));
  const evs = await db
    .select()
    .from(events)
    .where(and(co(events.company_id), gt(events.id, mark.event)))
    .orderBy(asc(events.id));
  const history = await db
    .select()
    .from(historyLogs)
    .where(and(co(historyLogs.company_id), gt(historyLogs.id, mark.history)))
    .orderBy(asc(historyLogs.id));
  const madeHere = new Map(
    history
      .filter((l) => l.action === 'created')
      .map((l, k) => [`${l.entity_type}:${l.entity_id}`, `${l.entity_type} made ${k}`]),
  );
  return {
    recorded,
    attempts: await db
      .select()
      .from(transactions)
      .where(co(transactions.company_id))
      .orderBy(asc(transactions.id)),
    invoices: await db
      .select()
      .from(invoices)
      .where(
        and(
          co(invoices.company_id),
          inArray(
            invoices.id,
            charged.map((c) => c.invoice),
          ),
        ),
      )
      .orderBy(asc(invoices.id)),
    payments: await db
      .select()
      .from(recurringPayments)
      .where(co(recurringPayments.company_id))
      .orderBy(asc(recurringPayments.id)),
    subscriptions: await db
      .select()
      .from(subscriptions)
      .where(co(subscriptions.company_id))
      .orderBy(asc(subscriptions.id)),
    orders: await db.select().from(orders).where(co(orders.company_id)).orderBy(asc(orders.id)),
    dunnings: dunningRows.map(({ id: _, ...d }) => d),
    tags: (
      await db
        .select()
        .from(orderTagHistory)
        .where(co(orderTagHistory.company_id))
        .orderBy(asc(orderTagHistory.id))
    ).map(({ id: _, created_at: __, ...t }) => t),
    mails: (
      await db.select().from(emailEntries).where(co(emailEntries.company_id)).orderBy(asc(emailEntries.id))
    ).map(({ id: _, created_at: __, updated_at: ___, ...m }) => m),
    // In their order: recordOutcome's, answer after answer.
    events: evs.map(({ id: _, recorded_at: __, tx_id: ___, ...e }) => ({
      ...e,
      object_id: e.object === 'dunning' ? dunningOf.get(String(e.object_id)) : e.object_id,
    })),
    // Per row in its order (the set path writes table after table, so rows interleave differently); a
    // row made here is named by its place among those made (its id and database times differ by run).
    history: history
      .map(({ id, created_at: _, ...l }) => {
        const made = madeHere.get(`${l.entity_type}:${l.entity_id}`);
        const plain = (j: Record<string, unknown> | null) => {
          if (!made || !j) return j;
          const { id: _i, created_at: _c, updated_at: _u, ...rest } = j;
          return rest;
        };
        return { ...l, id, entity_id: made ?? l.entity_id, before: plain(l.before), after: plain(l.after) };
      })
      .sort(
        (a, b) =>
          a.entity_type.localeCompare(b.entity_type) ||
          String(a.entity_id).localeCompare(String(b.entity_id)) ||
          a.id - b.id,
      )
      .map(({ id: _, ...l }) => l),
  };
}

/** Runs `record` in a transaction holding its events, then rolls it back; answers what it wrote. */
async function rolledBack(record: (c: Ctx) => Promise<unknown[]>) {
  try {
    await h.database.primary.transaction(async (tx) => {
      const max = async (table: typeof events | typeof historyLogs) =>
        Number((await tx.select({ m: sql<number>`coalesce(max(${table.id}), 0)` }).from(table))[0]?.m);
      const mark = { event: await max(events), history: await max(historyLogs) };
      const recorded = await holdingEvents(ctx(tx), record);
      throw new Rollback(await snapshot(tx, recorded, mark));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.snapshot as Awaited<ReturnType<typeof snapshot>>;
    throw error;
  }
  throw new Error('not rolled back');
}

describe('the set-based record phase', () => {
  it('writes what recording the answers one by one writes, dunning and events in the same order', async () => {
    const set = await rolledBack(async (c) => {
      const rows = await recordAsSet(c, answers());
      // Taken by the set path, not handed back to be done one by one.
      expect(rows).not.toBeNull();
      return rows!;
    });
    const oneByOne = await rolledBack(async (c) => {
      const rows = [];
      for (const a of answers()) rows.push(await recordOutcome(c, a.attemptId, a.outcome));
      return rows;
    });
    // The case is not trivial: every path was taken.
    const stateOf = new Map(set.attempts.map((a) => [a.id, a.state]));
    expect(answers().map((a) => stateOf.get(a.attemptId))).toEqual([
      'unknown',
      'succeeded',
      'pending',
      'failed',
      'failed',
      'succeeded',
      'failed',
      'failed',
      'succeeded',
      'failed',
      'pending',
      'succeeded',
    ]);
    const dunningOf = (k: number) => set.dunnings.find((d) => d.recurring_payment_id === charged[k]!.rp);
    expect(dunningOf(0)).toMatchObject({ status: 'recovered' });
    expect(dunningOf(1)).toMatchObject({ status: 'ended', end_action: 'cancel_subscription' });
    expect(dunningOf(5)).toMatchObject({ status: 'ended', step: 0 });
    expect(dunningOf(6)).toBeUndefined();
    expect(dunningOf(8)).toMatchObject({ status: 'active', step: 1 });
    expect(set.invoices.find((i) => i.id === charged[0]!.invoice)?.recovered_at).not.toBeNull();
    expect(set.subscriptions.filter((s) => s.status !== 'active')).toHaveLength(1);
    expect(set.mails.length).toBeGreaterThanOrEqual(3);
    expect(set.events.map((e) => e.object)).toContain('dunning');
    // And all of it as one by one wrote it.
    expect(set).toEqual(oneByOne);
  });

  it('hands a group back when an answer is not its own, and refuses as recordOutcome refuses', async () => {
    // The same attempt twice: not the set path's (recordOutcomes records them one by one).
    const twice = [answers()[1]!, answers()[1]!];
    const handedBack = await rolledBack(async (c) => [await recordAsSet(c, twice)]);
    expect(handedBack.recorded).toEqual([null]);
    // An answer for an attempt that was answered already (a webhook came first): the same 409.
    const refusedBy = async (record: (c: Ctx) => Promise<unknown>) =>
      rolledBack(async (c) => {
        await recordOutcome(c, charged[4]!.attempt, stripe('first', 'succeeded'));
        return [
          await record(c).then(
            () => 'recorded',
            (e: Error) => e.message,
          ),
        ];
      });
    const late = answers().find((a) => a.attemptId === charged[4]!.attempt)!;
    const asSet = await refusedBy((c) => recordOutcomes(c, [late, answers()[0]!]));
    const alone = await refusedBy((c) => recordOutcome(c, late.attemptId, late.outcome));
    expect(asSet.recorded).toEqual(alone.recorded);
    expect(asSet.recorded[0]).not.toBe('recorded');
  });
});
