/**
 * Idempotency-Key on a route that calls another server (`transaction: false`, http/idempotency.ts
 * `runIdempotentOutside`): the OpenAPI document advertises the header there too, so it must hold. The
 * route below stands for a charge: it "calls out" (waits) outside any transaction and counts its runs.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../context.ts';
import { createCompany, createUser, type TestUser, useHarness } from '../testing/harness.ts';
import { registerErrorHandler } from './errors.ts';
import { registerRequestDatabase } from './transactions.ts';

const h = useHarness();
let app: FastifyInstance;
let owner: TestUser;
let other: TestUser;
let calls = 0;
let failNext = false;

beforeAll(async () => {
  const company = await createCompany(h.database);
  owner = await createUser(h, { company, role: 'owner' });
  other = await createUser(h, { company, role: 'owner' });
  app = Fastify();
  app.decorate('clock', systemClock);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    request.actor = {
      kind: 'user',
      userId: Number(request.headers['x-user']),
      sessionId: 0,
      globalRole: null,
      companyId: null,
    } as typeof request.actor;
  });
  registerErrorHandler(app);
  registerRequestDatabase(app, h.database);
  app.post(
    '/api/:company/charge',
    { config: { transaction: false, idempotent: true } },
    async (request, reply) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20)); // the gateway's answer
      if (failNext) {
        failNext = false;
        throw new Error('gateway unreachable');
      }
      reply.status(201);
      return { charged: (request.body as { amount: string }).amount, call: calls };
    },
  );
  await app.ready();
});
afterAll(() => app?.close());

const charge = (user: TestUser, key: string, amount = '10.00', company = '1') =>
  app.inject({
    method: 'POST',
    url: `/api/${company}/charge`,
    payload: { amount },
    headers: { 'idempotency-key': key, 'x-user': String(user.id) },
  });

describe('Idempotency-Key on a route outside a transaction', () => {
  it('runs 50 identical concurrent requests once: the others get the answer or 409 while it runs', async () => {
    const before = calls;
    const answers = await Promise.all(Array.from({ length: 50 }, () => charge(owner, 'fifty-charges')));
    expect(calls - before).toBe(1);
    const statuses = new Set(answers.map((a) => a.statusCode));
    for (const s of statuses) expect([201, 409]).toContain(s);
    const busy = answers.find((a) => a.statusCode === 409);
    if (busy) expect(busy.json().message).toBe(MESSAGES.idempotencyKeyInProgress);
    const again = await charge(owner, 'fifty-charges');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(answers.find((a) => a.statusCode === 201)?.json());
    expect(calls - before).toBe(1);
  });

  it('refuses the same key with another body (422 naming the header)', async () => {
    expect((await charge(owner, 'one-key', '10.00')).statusCode).toBe(201);
    const refused = await charge(owner, 'one-key', '99.00');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'Idempotency-Key': [MESSAGES.idempotencyKeyReused] });
  });

  it('keeps nothing of a failed request: the retry with the same key runs for real', async () => {
    failNext = true;
    const before = calls;
    expect((await charge(owner, 'after-failure')).statusCode).toBe(500);
    const retried = await charge(owner, 'after-failure');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(calls - before).toBe(2);
  });

  it('scopes keys to the caller and to the company of the URL', async () => {
    const before = calls;
    await charge(owner, 'shared-key', '10.00', '1');
    await charge(other, 'shared-key', '10.00', '1');
    await charge(owner, 'shared-key', '10.00', '2');
    expect(calls - before).toBe(3);
  });
});
