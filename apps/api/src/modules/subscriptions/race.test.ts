/**
 * "End" and "reactivate" fired at one subscription at once, many times over HTTP. Before transition()
 * computed a change from the row it locked, a reactivation read the subscription before the lock
 * ("still has a billing date"), queued behind a concurrent end, and then kept the end's missing date:
 * active, never billed again (4 of 15 tries on PostgreSQL). After every round the subscription must be
 * one of the two consistent states: active with a next billing date, or ended with none and its end
 * recorded; and every request answered either succeeded with its event or was refused with the
 * table's 409. On PostgreSQL (DATABASE_URL) the requests run on separate connections and really race;
 * on PGlite they queue on its one connection, and the invariant must hold all the same.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { SUBSCRIPTION_TEXTS } from '@rentloop/domain/subscriptions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { events, subscriptions } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const clock = fixedClock('2026-06-15T10:00:00Z');
const h = useHarness({ clock });
let cid: number;
let staff: TestUser;
let subscriptionId: number;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const end = () =>
  call(h.app, staff, {
    method: 'POST',
    url: api(`subscriptions/${subscriptionId}/end`),
    payload: { reason: 'Returned' },
  });
const reactivate = () =>
  call(h.app, staff, {
    method: 'PUT',
    url: api(`subscriptions/${subscriptionId}`),
    payload: { action: 'reactivate' },
  });

const row = async () =>
  (
    await h.database.primary
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.company_id, cid)))
  )[0]!;
const statusEvents = async () =>
  (
    await h.database.primary
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.object, 'subscription'),
          eq(events.object_id, subscriptionId),
          eq(events.type, 'subscription.status_changed'),
        ),
      )
  ).length;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Race Loop', currency: 'EUR' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const product = await call(h.app, staff, {
    method: 'POST',
    url: api('products'),
    payload: {
      name: 'E-scooter',
      rental_prices: { monthly: '29.00' },
      variants: [{ sku: 'SCOOT-1', name: 'Black', price: '600.00' }],
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  const customer = await call(h.app, staff, {
    method: 'POST',
    url: api('customers'),
    payload: customerBody(),
  });
  const order = await call(h.app, staff, {
    method: 'POST',
    url: api('orders/full'),
    payload: {
      customer_id: customer.json().data.id,
      items: [
        {
          variant_id: product.json().data.variants[0].id,
          quantity: 1,
          kind: 'rental',
          billing_interval: 'monthly',
        },
      ],
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  subscriptionId = order.json().data.subscription_ids[0];
});

describe('concurrent end and reactivate of one subscription', () => {
  it('always leaves an active subscription with a next billing date and an ended one with none', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 20; round++) {
      // Even rounds start active (end can win first, then reactivate may follow it), odd rounds ended
      // (reactivate can win first, then end may follow it); several of each widen the interleavings.
      const before = await row();
      const startActive = round % 2 === 0;
      if (startActive !== (before.status === 'active')) {
        const res = startActive ? await reactivate() : await end();
        expect(res.statusCode, res.body).toBe(200);
      }
      const eventsBefore = await statusEvents();
      const requests = startActive
        ? [end(), reactivate(), end(), reactivate()]
        : [reactivate(), end(), reactivate(), end()];
      const answers = await Promise.all(requests);
      for (const res of answers) {
        expect([200, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 409)
          expect([MESSAGES.subscriptionAlreadyActive, SUBSCRIPTION_TEXTS.notEndable]).toContain(
            res.json().message,
          );
      }
      const succeeded = answers.filter((r) => r.statusCode === 200).length;
      expect(await statusEvents(), `round ${round}`).toBe(eventsBefore + succeeded);

      const after = await row();
      outcomes.add(`${startActive ? 'active' : 'ended'}->${after.status} (${succeeded} ok)`);
      if (after.status === 'active') {
        expect(after.next_billing_date, `round ${round}: active without a billing date`).not.toBeNull();
        expect(after.ended_at).toBeNull();
        expect(after.end_reason).toBeNull();
      } else {
        expect(after.status, `round ${round}`).toBe('ended');
        expect(after.next_billing_date, `round ${round}: ended but still billed`).toBeNull();
        expect(after.ended_at).not.toBeNull();
        expect(after.end_reason).toBe('Returned');
      }
    }
    // Both kinds of start were exercised and at least one round saw two changes go through one after
    // the other (an end then a reactivation, or the reverse): the interleaving the bug lived in.
    expect(
      [...outcomes].some((o) => /\((2|3|4) ok\)/.test(o)),
      [...outcomes].join(', '),
    ).toBe(true);
  });
});
