/**
 * The delivery engine on the clock (never waiting): retries with growing delays and jitter, the 3-day
 * give-up (webhook off, the company told), and a 72-hour outage after which every event arrives once,
 * in order.
 */
import { and, eq, gt, inArray, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../context.ts';
import {
  emailEntries,
  notifications,
  webhookAttempts,
  webhookDeliveries,
  webhooks,
} from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import {
  MAX_ATTEMPTS,
  queueEvents,
  RETRY_DELAYS_MS,
  retryDelayMs,
  runRound,
  runRounds,
  sendDue,
} from './engine.ts';
import { engineJc, type Receiver, startReceiver } from './testing.ts';

const HOUR = 3_600_000;
vi.setConfig({ testTimeout: 120_000 });
const clock = fixedClock('2026-11-25T10:00:00Z');
const h = useHarness({ clock });
let owner: TestUser;
let companyId: number;
let receiver: Receiver;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Engine Rentals' });
  companyId = company.id;
  owner = await createUser(h, { company, role: 'owner' });
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

const hook = async (path: string, who = owner) =>
  (
    await call(h.app, who, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/webhooks`,
      payload: { url: `${receiver.url}${path}`, event_types: ['customer.created'] },
    })
  ).json().data as { id: number; secret: string };

const customer = async (n: number, who = owner) => {
  const res = await call(h.app, who, {
    method: 'POST',
    url: `/api/${companyId}/rentloopdb/customers`,
    payload: customerBody({ email: `c${n}-${Date.now()}@engine.test`, name: `Customer ${n}` }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

/**
 * Moves the clock `until` ms on, running a round at each moment a delivery falls due (and at the end),
 * as the every-minute job would, without the rounds in between that find nothing to do.
 */
async function runFor(until: number) {
  const end = clock.now().getTime() + until;
  for (;;) {
    const [next] = await h.database.primary
      .select({ at: min(webhookDeliveries.next_attempt_at) })
      .from(webhookDeliveries)
      .innerJoin(webhooks, and(eq(webhooks.id, webhookDeliveries.webhook_id), eq(webhooks.enabled, true)))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          gt(webhookDeliveries.next_attempt_at, clock.now().toISOString()),
        ),
      );
    const due = next?.at ? new Date(next.at).getTime() : end;
    const at = Math.min(Math.max(due, clock.now().getTime() + 60_000), end);
    clock.set(new Date(at));
    await runRound(engineJc(h, clock));
    if (at >= end) return;
  }
}

describe('the delivery engine', () => {
  it('backs off exponentially with jitter that only adds, over more than 3 days', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(72 * HOUR);
    expect(retryDelayMs(1, () => 0)).toBe(RETRY_DELAYS_MS[0]);
    expect(retryDelayMs(1, () => 0.999)).toBeGreaterThan(RETRY_DELAYS_MS[0]!);
    expect(retryDelayMs(1, () => 0.999)).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]! * 1.1);
    for (let i = 1; i < RETRY_DELAYS_MS.length; i++)
      expect(RETRY_DELAYS_MS[i]).toBeGreaterThan(RETRY_DELAYS_MS[i - 1]!);
  });

  it('a 72-hour outage ends with every event delivered once, in order', async () => {
    const w = await hook('/outage');
    receiver.status = 503;
    const ids: number[] = [];
    // Events keep coming during the outage: two at the start, one a day later.
    ids.push(await customer(1), await customer(2));
    await runRound(engineJc(h, clock));
    await runFor(24 * HOUR);
    ids.push(await customer(3, await createUser(h, { company: { id: companyId }, role: 'owner' })));
    await runFor(48 * HOUR);
    const during = receiver.received.filter((r) => r.path === '/outage');
    // Only the head of the queue was tried, again and again with growing gaps, never the later events.
    expect(new Set(during.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(during.length).toBeGreaterThanOrEqual(5);
    expect(during.length).toBeLessThan(MAX_ATTEMPTS);
    receiver.status = 200;
    await runFor(12 * HOUR);
    const ok = receiver.received.filter((r) => r.path === '/outage').slice(during.length);
    expect(ok.map((r) => JSON.parse(r.body).data.id)).toEqual(ids);
    const rows = await h.database.primary
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhook_id, w.id))
      .orderBy(webhookDeliveries.id);
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(rows[0]!.attempts).toBe(during.length + 1);
  });

  it('gives up after 3 days: the delivery failed, the webhook off, the company told and its admins mailed', async () => {
    // A new sign-in: days have passed on the clock since the first one.
    const admin = await createUser(h, { company: { id: companyId }, role: 'owner' });
    const second = await createUser(h, { company: { id: companyId }, role: 'admin' });
    const staff = await createUser(h, { company: { id: companyId }, role: 'user' });
    const w = await hook('/dead', admin);
    receiver.status = 500;
    const start = clock.now().getTime();
    await customer(10, admin);
    await runRound(engineJc(h, clock));
    await runFor(90 * HOUR);
    const [delivery] = await h.database.primary
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhook_id, w.id));
    expect(delivery).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    const attempts = await h.database.primary
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.delivery_id, delivery!.id));
    expect(attempts).toHaveLength(MAX_ATTEMPTS);
    expect(attempts.every((a) => a.status_code === 500 && a.response_body === 'down for maintenance')).toBe(
      true,
    );
    const times = attempts.map((a) => new Date(a.attempted_at).getTime());
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(72 * HOUR);
    expect(times[0]! - start).toBeLessThan(HOUR);
    const got = (
      await call(h.app, admin, { method: 'GET', url: `/api/${companyId}/rentloopdb/webhooks/${w.id}` })
    ).json().data;
    expect(got).toMatchObject({ enabled: false });
    expect(got.disabled_reason).toMatch(/8 failed attempts over 3 days/);
    const told = await h.database.primary
      .select()
      .from(notifications)
      .where(and(eq(notifications.company_id, companyId), eq(notifications.title, 'Webhook disabled')));
    // One for this webhook (the outage test's, on the same failing receiver, is told of separately).
    expect(told.filter((n) => n.description?.includes('/dead'))).toHaveLength(1);
    // And a mail to each owner and admin (Email History), none to a plain member.
    const mails = (
      await h.database.primary
        .select()
        .from(emailEntries)
        .where(and(eq(emailEntries.company_id, companyId), eq(emailEntries.kind, 'webhook_disabled')))
    ).filter((m) => m.body_html.includes(`${receiver.url}/dead`));
    const to = mails.map((m) => m.to);
    expect(to).toEqual(expect.arrayContaining([owner.email, admin.email, second.email]));
    expect(to).not.toContain(staff.email);
    expect(new Set(to).size).toBe(to.length);
    expect(mails[0]!.subject).toBe('Webhook disabled');
    expect(mails[0]!.body_html).toContain(`/admin/webhooks/${w.id}`);
    // Nothing more is tried while it is off.
    const before = receiver.received.length;
    await runFor(24 * HOUR);
    expect(receiver.received.length).toBe(before);
  });
  it('a round queues a bounded number of events, then sends: events written faster than read never starve sending', async () => {
    const w = await hook('/bounded');
    receiver.status = 200;
    const ids = [await customer(11), await customer(12), await customer(13)];
    // Batches of one, two at most a round: the round sends the two it queued before it reads the third.
    const ofHook = () =>
      h.database.primary
        .select({ status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhook_id, w.id));
    // (The earlier tests' webhooks want these events too: each round counts theirs as well.)
    const first = await runRound(engineJc(h, clock), { queue: { batch: 1, maxBatches: 2 } });
    expect(first.queued).toBeGreaterThanOrEqual(2);
    expect(await ofHook()).toHaveLength(2);
    const sent = () =>
      receiver.received.filter((r) => r.path === '/bounded').map((r) => JSON.parse(r.body).data.id);
    expect(sent()).toEqual(ids.slice(0, 2));
    await runRound(engineJc(h, clock), { queue: { batch: 1, maxBatches: 2 } });
    expect(sent()).toEqual(ids);
    expect((await ofHook()).map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('two senders at once send each delivery once, in order; a failure stops its run and frees the rest', async () => {
    const w = await hook('/runs');
    receiver.status = 200;
    const ids: number[] = [];
    for (let n = 20; n < 26; n++) ids.push(await customer(n));
    await queueEvents(engineJc(h, clock));
    // The fourth request to this webhook fails: the run stops there, the two behind it are not sent.
    let calls = 0;
    receiver.answer = (r) => (r.path === '/runs' && ++calls === 4 ? 500 : undefined);
    const sentIds = () =>
      receiver.received.filter((r) => r.path === '/runs').map((r) => JSON.parse(r.body).data.id as number);
    try {
      await Promise.all([sendDue(engineJc(h, clock)), sendDue(engineJc(h, clock))]);
      expect(sentIds()).toEqual(ids.slice(0, 4));
      const rows = () =>
        h.database.primary
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhook_id, w.id))
          .orderBy(webhookDeliveries.id);
      const after = await rows();
      expect(after.map((r) => [r.status, r.attempts])).toEqual([
        ['succeeded', 1],
        ['succeeded', 1],
        ['succeeded', 1],
        ['pending', 1],
        ['pending', 0],
        ['pending', 0],
      ]);
      expect(after.map((r) => r.last_status_code)).toEqual([200, 200, 200, 500, null, null]);
      // Nothing is left claimed: the unsent two wait behind the failed one's retry, for any sender.
      expect(after.every((r) => r.claimed_until === null)).toBe(true);
      expect(new Date(after[3]!.next_attempt_at!).getTime()).toBeGreaterThan(clock.now().getTime());
      const attempts = await h.database.primary
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.delivery_id,
            after.map((r) => r.id),
          ),
        );
      expect(attempts.map((a) => [a.succeeded, a.status_code]).sort()).toEqual(
        [
          [false, 500],
          [true, 200],
          [true, 200],
          [true, 200],
        ].sort(),
      );
      // After the retry's wait, the rest in order, each once.
      await runFor(HOUR);
      expect(sentIds()).toEqual([...ids.slice(0, 4), ...ids.slice(3)]);
      expect((await rows()).map((r) => r.status)).toEqual(Array(6).fill('succeeded'));
    } finally {
      receiver.answer = undefined;
    }
  });

  it('a run reads on past events no webhook wants, and sends the wanted one behind them', async () => {
    // Everything before this test read and sent, so the reader stands at the end.
    await runRounds(engineJc(h, clock));
    const w = await hook('/behind');
    // Three events of a company without webhooks, then one this webhook wants.
    const other = await createCompany(h.database, { name: 'Quiet Rentals' });
    const otherOwner = await createUser(h, { company: other, role: 'owner' });
    for (let n = 0; n < 3; n++) {
      const res = await call(h.app, otherOwner, {
        method: 'POST',
        url: `/api/${other.id}/rentloopdb/customers`,
        payload: customerBody({ email: `q${n}-${Date.now()}@engine.test`, name: `Quiet ${n}` }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const wanted = await customer(40);
    // One event a round: the first three rounds read an event and queue nothing. A run that stopped at
    // a round with nothing queued would leave the wanted one for the next minute's run.
    const run = await runRounds(engineJc(h, clock), { queue: { batch: 1, maxBatches: 1 } });
    expect(run.read).toBeGreaterThanOrEqual(4);
    const sent = receiver.received.filter((r) => r.path === '/behind').map((r) => JSON.parse(r.body).data.id);
    expect(sent).toEqual([wanted]);
    const [row] = await h.database.primary
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhook_id, w.id));
    expect(row?.status).toBe('succeeded');
  });
});
