/**
 * Ending a subscription (ending.ts) and its timeline (timeline.ts) through the API: the spec's `{reason}`
 * ends it now; reason codes validated naming the field; an end at the end of the term leaves it running
 * until the business jobs end it on the day its minimum term ends (a test company's moved clock), or
 * until it is withdrawn; the timeline tells created, started, paused, resumed, ended, reactivated, bought
 * out and the scheduled end in order, with who and why; another company's subscription is not found.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { SUBSCRIPTION_END_TEXTS, type SubscriptionTimelineEntry } from '@rentloop/domain/subscription-end';
import type { SubscriptionDetail } from '@rentloop/domain/subscriptions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { recurringPayments } from '../../db/schema/index.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const clock = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock });
let cid: number;
let owner: TestUser;
let stranger: TestUser;
let operator: TestUser;
let otherCid: number;
let subs: number[];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (method: Method, url: string, payload?: object, who = owner, key?: string) =>
  call(h.app, who, { method, url, payload, headers: key ? { 'idempotency-key': key } : {} });
async function ok<T = SubscriptionDetail>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { data: T; message: string };
}
const get = async (id: number) => (await ok(await req('GET', api(`subscriptions/${id}`)))).data;
const timeline = async (id: number) =>
  (await ok<SubscriptionTimelineEntry[]>(await req('GET', api(`subscriptions/${id}/timeline`)))).data;
const end = (id: number, body: object) => req('POST', api(`subscriptions/${id}/end`), body);

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'End Loop', currency: 'EUR', is_test: true });
  cid = company.id;
  owner = await createUser(h, { company, role: 'owner' });
  const other = await createCompany(h.database, { name: 'Other Loop', currency: 'EUR' });
  otherCid = other.id;
  stranger = await createUser(h, { company: other, role: 'owner' });
  operator = await createUser(h, { globalRole: 'super-admin' });
  const product = await ok<{ variants: { id: number }[] }>(
    await req('POST', api('products'), {
      name: 'E-bike',
      rental_prices: { monthly: '40.00' },
      minimum_term_months: 3,
      buyout_price: '500.00',
      variants: [{ sku: 'EB-1', name: 'Blue', price: '2000.00' }],
    }),
    201,
  );
  const customer = await ok<{ id: number }>(
    await req('POST', api('customers'), { name: 'Erin', email: 'erin@loop.test' }),
    201,
  );
  const order = await ok<{ subscription_ids: number[] }>(
    await req('POST', api('orders/full'), {
      customer_id: customer.data.id,
      items: [
        {
          variant_id: product.data.variants[0]!.id,
          quantity: 4,
          kind: 'rental',
          billing_interval: 'monthly',
        },
      ],
    }),
    201,
  );
  subs = order.data.subscription_ids;
});

describe('POST subscriptions/{id}/end', () => {
  it('names the field of a bad reason, code or moment', async () => {
    const id = subs[0]!;
    const cases: [object, string][] = [
      [{}, 'reason'],
      [{ reason: '  ' }, 'reason'],
      [{ reason_code: 'other' }, 'reason'],
      [{ reason: 'Bored', reason_code: 'bored' }, 'reason_code'],
      [{ reason: 'Bored', when: 'tomorrow' }, 'when'],
    ];
    for (const [body, field] of cases) {
      const res = await end(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await get(id)).status).toBe('active');
  });

  it('ends now with the spec’s payload, filed under `other`; its reactivation keeps the story', async () => {
    const id = subs[0]!;
    const put = (body: object) => req('PUT', api('subscriptions'), { ids: [id], ...body });
    await ok(await put({ status: 'paused' }));
    await ok(await put({ status: 'active' }));
    const ended = await ok(await end(id, { reason: 'Moved abroad' }));
    expect(ended.message).toBe(MESSAGES.subscriptionEnded);
    expect(ended.data).toMatchObject({
      status: 'ended',
      end_reason: 'Moved abroad',
      end_reason_code: 'other',
      end_scheduled_on: null,
    });
    const again = await ok(await req('PUT', api(`subscriptions/${id}`), { action: 'reactivate' }));
    expect(again.data).toMatchObject({
      status: 'active',
      ended_at: null,
      end_reason: null,
      end_reason_code: null,
    });

    const story = await timeline(id);
    expect(story.map((e) => e.kind)).toEqual([
      'created',
      'started',
      'paused',
      'resumed',
      'ended',
      'reactivated',
    ]);
    const endEntry = story.find((e) => e.kind === 'ended')!;
    expect(endEntry).toMatchObject({
      action: 'end',
      from: 'active',
      to: 'ended',
      reason: 'Moved abroad',
      reason_code: 'other',
      actor: { id: owner.id, email: owner.email },
      scheduled: false,
    });
    expect(story.find((e) => e.kind === 'reactivated')).toMatchObject({ from: 'ended', to: 'active' });
  });

  it('shows a buyout in the timeline', async () => {
    const id = subs[3]!;
    const bought = await req(
      'POST',
      api(`subscriptions/${id}/process-buyout`),
      { buyout_price: '0.00', message: 'Keeps the bike' },
      owner,
      'end-test-buyout',
    );
    expect(bought.statusCode, bought.body).toBe(200);
    const last = (await timeline(id)).at(-1)!;
    expect(last).toMatchObject({
      kind: 'bought_out',
      action: 'bought_out',
      to: 'ended',
      reason: 'Keeps the bike',
      amount: '0.00',
    });
    expect(last.actor?.id).toBe(owner.id);
  });

  it('schedules an end at the end of the term, withdrawn on request', async () => {
    const id = subs[1]!;
    const none = await req('DELETE', api(`subscriptions/${id}/scheduled-end`));
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(SUBSCRIPTION_END_TEXTS.noScheduledEnd);
    const scheduled = await ok(await end(id, { reason_code: 'switched_provider', when: 'end_of_term' }));
    expect(scheduled.message).toBe(SUBSCRIPTION_END_TEXTS.endScheduled);
    expect(scheduled.data).toMatchObject({
      status: 'active',
      end_scheduled_on: scheduled.data.minimum_term_end,
      end_reason_code: 'switched_provider',
      end_reason: null,
      ended_at: null,
    });
    const withdrawn = await ok(await req('DELETE', api(`subscriptions/${id}/scheduled-end`)));
    expect(withdrawn.message).toBe(SUBSCRIPTION_END_TEXTS.endWithdrawn);
    expect(withdrawn.data).toMatchObject({ status: 'active', end_scheduled_on: null, end_reason_code: null });
    const story = await timeline(id);
    expect(story.slice(-2)).toMatchObject([
      {
        kind: 'end_scheduled',
        reason_code: 'switched_provider',
        end_on: scheduled.data.minimum_term_end,
        actor: { id: owner.id },
      },
      { kind: 'end_withdrawn', actor: { id: owner.id } },
    ]);
  });

  it('lets the business jobs end it on the day its minimum term ends (moved company clock)', async () => {
    const id = subs[2]!;
    const scheduled = await ok(
      await end(id, { reason_code: 'too_expensive', reason: 'Found cheaper', when: 'end_of_term' }),
    );
    const termEnd = scheduled.data.minimum_term_end;
    expect(termEnd).toBe('2026-06-10');
    const advance = (to: string) => req('POST', `/api/companies/${cid}/clock/advance`, { to }, operator);

    await ok(await advance('2026-06-09T10:00:00Z'));
    expect(await get(id)).toMatchObject({ status: 'active', end_scheduled_on: termEnd });
    const moved = await ok<{ steps: { business_date: string; ran: Record<string, number> }[] }>(
      await advance('2026-06-10T10:00:00Z'),
    );
    expect(moved.data.steps).toEqual([
      expect.objectContaining({
        business_date: termEnd,
        ran: expect.objectContaining({ 'subscriptions-scheduled-end': 1 }),
      }),
    ]);
    const ended = await get(id);
    expect(ended).toMatchObject({
      status: 'ended',
      end_reason: 'Found cheaper',
      end_reason_code: 'too_expensive',
      end_scheduled_on: null,
      next_billing_date: null,
    });
    expect(ended.ended_at?.slice(0, 10)).toBe(termEnd);
    // Nothing from the end day on is left to bill; the withdrawn one still bills that period.
    const upcoming = await h.database.primary
      .select({ sub: recurringPayments.subscription_id, start: recurringPayments.period_start })
      .from(recurringPayments)
      .where(and(eq(recurringPayments.company_id, cid), eq(recurringPayments.status, 'scheduled')));
    expect(upcoming.filter((p) => p.sub === id && p.start >= termEnd)).toEqual([]);
    expect((await get(subs[1]!)).status).toBe('active');

    const last = (await timeline(id)).slice(-2);
    expect(last).toMatchObject([
      { kind: 'end_scheduled', actor: { id: owner.id }, reason: 'Found cheaper', end_on: termEnd },
      // Run by the operator's clock advance, so the trail names the operator (the hourly cron: no one).
      {
        kind: 'ended',
        actor: { id: operator.id },
        scheduled: true,
        reason_code: 'too_expensive',
        reason: 'Found cheaper',
      },
    ]);
    // Once the term is over, "at the end of the term" is refused naming the field: end it now.
    const late = await end(subs[1]!, { reason: 'Late', when: 'end_of_term' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.when).toEqual([SUBSCRIPTION_END_TEXTS.termOver]);
  });

  it('answers 404 for another company’s subscription', async () => {
    const id = subs[1]!;
    // Through the stranger's own company, and through ours (which they may not open).
    for (const company of [otherCid, cid]) {
      const as = (method: Method, path: string, body?: object) =>
        req(method, `/api/${company}/rentloopdb/subscriptions/${id}/${path}`, body, stranger);
      expect((await as('GET', 'timeline')).statusCode).toBe(404);
      expect((await as('DELETE', 'scheduled-end')).statusCode).toBe(404);
      expect((await as('POST', 'end', { reason: 'x', when: 'end_of_term' })).statusCode).toBe(404);
    }
    expect((await get(id)).status).toBe('active');
  });
});
