/**
 * Webhooks through the API: the messages, the secret shown once and sealed, signatures verified by an
 * independent implementation (the `standardwebhooks` package), rotation's two signatures, the test
 * event, firing a record, resending, and other companies' webhooks never found.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { webhooks } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { runRound } from './engine.ts';
import { engineJc, type Receiver, startReceiver } from './testing.ts';

const clock = fixedClock('2026-11-25T10:00:00Z');
const h = useHarness({ clock });
let companyId: number;
let otherId: number;
let owner: TestUser;
let member: TestUser;
let other: TestUser;
let receiver: Receiver;

const url = (rest = '', company = companyId) => `/api/${company}/rentloopdb/webhooks${rest}`;
const send = (
  who: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  rest = '',
  payload?: object,
  company = companyId,
) => call(h.app, who, { method, url: url(rest, company), ...(payload ? { payload } : {}) });

/** Verifies one received request with the package, as a receiver would (timestamps checked against now). */
function verify(secret: string, req: { headers: Record<string, unknown>; body: string }) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((k) => [k, String(req.headers[k])]),
  );
  // The package checks the timestamp against the real time; the test clock is in 2026-11.
  const real = Date.now;
  Date.now = () => clock.now().getTime();
  try {
    return new Verifier(secret).verify(req.body, headers);
  } finally {
    Date.now = real;
  }
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Hook Rentals' });
  const otherCompany = await createCompany(h.database, { name: 'Other Hooks' });
  companyId = company.id;
  otherId = otherCompany.id;
  owner = await createUser(h, { company, role: 'owner' });
  member = await createUser(h, { company, role: 'user' });
  other = await createUser(h, { company: otherCompany, role: 'owner' });
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

describe('webhooks', () => {
  it('creates with the spec message and a whsec_ secret shown once, sealed at rest', async () => {
    const res = await send(owner, 'POST', '', {
      url: `${receiver.url}/hooks`,
      event_types: ['customer.created'],
      description: 'ERP',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.webhookCreated);
    expect(body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const [row] = await h.database.primary.select().from(webhooks).where(eq(webhooks.id, body.data.id));
    expect(row!.secret_sealed).not.toContain(body.data.secret.slice(6));
    const got = await send(owner, 'GET', `/${body.data.id}`);
    expect(got.json().data.secret).toBeUndefined();
    expect(got.json().data).toMatchObject({
      url: `${receiver.url}/hooks`,
      enabled: true,
      description: 'ERP',
    });
    const list = await send(owner, 'GET', '');
    expect(list.json().data.map((w: { id: number }) => w.id)).toContain(body.data.id);
  });

  it('answers the failure messages and 422s naming the field', async () => {
    const bad = await send(owner, 'POST', '', { url: 'ftp://x', event_types: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(MESSAGES.webhookCreateFailed);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['event_types', 'url']);
    const made = (await send(owner, 'POST', '', { url: 'https://example.com/h', event_types: ['*'] })).json()
      .data;
    const badPut = await send(owner, 'PUT', `/${made.id}`, { event_types: ['nope.nope'] });
    expect(badPut.statusCode).toBe(422);
    expect(badPut.json().message).toBe(MESSAGES.webhookUpdateFailed);
    const put = await send(owner, 'PUT', `/${made.id}`, { enabled: false });
    expect(put.json()).toMatchObject({ message: MESSAGES.webhookUpdated, data: { enabled: false } });
    const del = await send(owner, 'DELETE', `/${made.id}`);
    expect(del.json().message).toBe(MESSAGES.webhookDeleted);
    const again = await send(owner, 'DELETE', `/${made.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Webhook not found.');
  });

  it("is for admins only, and another company's webhook is a 404 on every route", async () => {
    expect((await send(member, 'GET', '')).statusCode).toBe(403);
    const made = (await send(owner, 'POST', '', { url: 'https://example.com/x', event_types: ['*'] })).json()
      .data;
    for (const [method, rest] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['POST', '/model/1'],
      ['GET', '/deliveries'],
      ['GET', '/deliveries/1'],
      ['POST', '/deliveries/1/resend'],
    ] as const) {
      const res = await send(other, method, `/${made.id}${rest}`, method === 'PUT' ? {} : undefined, otherId);
      expect(res.statusCode, `${method} ${rest}`).toBe(404);
    }
    await send(owner, 'DELETE', `/${made.id}`);
  });

  it('delivers an event signed as Standard Webhooks says; the package verifies it', async () => {
    receiver.received.length = 0;
    const made = (
      await send(owner, 'POST', '', { url: `${receiver.url}/signed`, event_types: ['customer.created'] })
    ).json().data;
    const created = await call(h.app, owner, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/customers`,
      payload: customerBody({ email: 'signed@hooks.test', name: 'Signed Sam' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    await runRound(engineJc(h, clock));
    const got = receiver.received.filter((r) => r.path === '/signed');
    expect(got).toHaveLength(1);
    const payload = verify(made.secret, got[0]!) as {
      type: string;
      timestamp: string;
      data: { id: number; email: string };
    };
    expect(payload.type).toBe('customer.created');
    expect(payload.data).toMatchObject({ id: created.json().data.id, email: 'signed@hooks.test' });
    // A wrong secret, or a changed body, does not verify.
    expect(() => verify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, got[0]!)).toThrow();
    expect(() => verify(made.secret, { ...got[0]!, body: got[0]!.body.replace('Sam', 'Tom') })).toThrow();
    const deliveries = (await send(owner, 'GET', `/${made.id}/deliveries`)).json().data;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200 });
    const one = (await send(owner, 'GET', `/${made.id}/deliveries/${deliveries[0].id}`)).json().data;
    expect(one.attempt_log).toHaveLength(1);
    expect(one.attempt_log[0]).toMatchObject({ status_code: 200, succeeded: true, response_body: 'ok' });
  });

  it('rotation: the new secret and the previous one both sign during the overlap, then only the new', async () => {
    const made = (
      await send(owner, 'POST', '', { url: `${receiver.url}/rotate`, event_types: ['customer.created'] })
    ).json().data;
    const rotated = await send(owner, 'PUT', `/${made.id}`, { rotate_secret: true });
    expect(rotated.json().message).toBe(MESSAGES.webhookUpdated);
    const fresh = rotated.json().data.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(made.secret);
    const test = await send(owner, 'POST', `/${made.id}/test`);
    expect(test.json()).toMatchObject({
      message: MESSAGES.webhookFired,
      data: { status: 'succeeded', type: 'webhook.test' },
    });
    const during = receiver.received.filter((r) => r.path === '/rotate').at(-1)!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(fresh, during)).toMatchObject({ type: 'webhook.test' });
    expect(verify(made.secret, during)).toMatchObject({ type: 'webhook.test' });
    clock.advance(25 * 3_600_000);
    await send(owner, 'POST', `/${made.id}/test`);
    const after = receiver.received.filter((r) => r.path === '/rotate').at(-1)!;
    expect(verify(fresh, after)).toBeTruthy();
    expect(() => verify(made.secret, after)).toThrow();
  });

  it("fires a record's current state, and resends a delivery with its webhook-id", async () => {
    const made = (await send(owner, 'POST', '', { url: `${receiver.url}/fire`, event_types: ['*'] })).json()
      .data;
    const customer = (
      await call(h.app, owner, {
        method: 'POST',
        url: `/api/${companyId}/rentloopdb/customers`,
        payload: customerBody({ email: 'fired@hooks.test', name: 'Fired Fay' }),
      })
    ).json().data;
    const fired = await send(owner, 'POST', `/${made.id}/model/${customer.id}?object=customer`);
    expect(fired.statusCode, fired.body).toBe(200);
    expect(fired.json().message).toBe(MESSAGES.webhookFired);
    expect(fired.json().data.payload).toMatchObject({
      type: 'customer.current',
      data: { email: 'fired@hooks.test' },
    });
    const missing = await send(owner, 'POST', `/${made.id}/model/999999?object=customer`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No customer 999999.');
    const badObject = await send(owner, 'POST', `/${made.id}/model/${customer.id}?object=planet`);
    expect(badObject.statusCode).toBe(422);
    expect(badObject.json().message).toBe(MESSAGES.webhookFireFailed);
    const resent = await send(owner, 'POST', `/${made.id}/deliveries/${fired.json().data.id}/resend`);
    expect(resent.json().data.message_id).toBe(fired.json().data.message_id);
    expect(resent.json().data.id).not.toBe(fired.json().data.id);
    const hits = receiver.received.filter((r) => r.path === '/fire');
    expect(hits.slice(-2).map((r) => r.headers['webhook-id'])).toEqual([
      fired.json().data.message_id,
      fired.json().data.message_id,
    ]);
  });

  it("pages a webhook's deliveries (newest first, filter by status) and names the last one in the list", async () => {
    const made = (
      await send(owner, 'POST', '', { url: `${receiver.url}/paged`, event_types: ['customer.created'] })
    ).json().data;
    expect((await send(owner, 'GET', `/${made.id}`)).json().data.last_delivery).toBeNull();
    const sent: number[] = [];
    for (let i = 0; i < 3; i++) sent.push((await send(owner, 'POST', `/${made.id}/test`)).json().data.id);
    receiver.status = 500;
    const failed = (await send(owner, 'POST', `/${made.id}/test`)).json().data;
    receiver.status = 200;
    expect(failed).toMatchObject({ status: 'failed', last_status_code: 500 });

    const first = (await send(owner, 'GET', `/${made.id}/deliveries?per_page=2`)).json();
    expect(first.data.map((d: { id: number }) => d.id)).toEqual([failed.id, sent[2]]);
    expect(first.data[0].last_duration_ms).toEqual(expect.any(Number));
    expect(first.meta).toMatchObject({ total: 4, per_page: 2, current_page: 1, last_page: 2 });
    const second = (await send(owner, 'GET', `/${made.id}/deliveries?per_page=2&page=2`)).json();
    expect(second.data.map((d: { id: number }) => d.id)).toEqual([sent[1], sent[0]]);
    const filters = encodeURIComponent(JSON.stringify({ status: 'failed' }));
    const onlyFailed = (await send(owner, 'GET', `/${made.id}/deliveries?filters=${filters}`)).json();
    expect(onlyFailed.data.map((d: { id: number }) => d.id)).toEqual([failed.id]);
    expect(onlyFailed.meta.total).toBe(1);
    const badStatus = encodeURIComponent(JSON.stringify({ status: 'lost' }));
    const refused = await send(owner, 'GET', `/${made.id}/deliveries?filters=${badStatus}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty(['filters.status']);
    expect((await send(other, 'GET', `/${made.id}/deliveries`, undefined, otherId)).statusCode).toBe(404);

    const listed = (await send(owner, 'GET', '?per_page=100'))
      .json()
      .data.find((w: { id: number }) => w.id === made.id);
    expect(listed.last_delivery).toMatchObject({ id: failed.id, status: 'failed', status_code: 500 });
    const one = (await send(owner, 'GET', `/${made.id}`)).json().data;
    expect(one.last_delivery).toMatchObject({ id: failed.id, status: 'failed' });
  });
});
