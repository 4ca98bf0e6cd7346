/**
 * Idempotency-Key (http/idempotency.ts) on a POST that creates something: a repeat gets the first
 * answer and creates nothing; the same key with another request is refused; concurrent repeats run once.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, idempotencyKeys } from '../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../testing/harness.ts';
import { purgeExpiredIdempotencyKeys } from './idempotency.ts';

const h = useHarness();
let company: { id: number };
let owner: TestUser;

beforeAll(async () => {
  company = await createCompany(h.database);
  owner = await createUser(h, { company, role: 'owner' });
});

const create = (user: TestUser, body: object, key?: string) =>
  call(h.app, user, {
    method: 'POST',
    url: `/api/${company.id}/rentloopdb/customers`,
    payload: body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const customersWith = async (email: string) => {
  const [row] = await h.database.primary
    .select({ n: count() })
    .from(customers)
    .where(and(eq(customers.company_id, company.id), eq(customers.email, email)));
  return row?.n ?? 0;
};

describe('Idempotency-Key on POST customers', () => {
  it('answers a repeat with the first answer, same status and body, and creates nothing more', async () => {
    const body = customerBody();
    const first = await create(owner, body, 'retry-after-timeout-1');
    expect(first.statusCode).toBe(201);
    const again = await create(owner, body, 'retry-after-timeout-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await customersWith(body.email)).toBe(1);
  });

  it('refuses the same key with another body: a 422 naming the header, nothing created', async () => {
    const body = customerBody();
    expect((await create(owner, body, 'one-key-two-bodies')).statusCode).toBe(201);
    const other = customerBody();
    const refused = await create(owner, other, 'one-key-two-bodies');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'Idempotency-Key': [MESSAGES.idempotencyKeyReused] });
    expect(await customersWith(other.email)).toBe(0);
  });

  it('runs 50 identical requests sent at once with one key exactly once', async () => {
    const body = customerBody();
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(owner, body, 'fifty-at-once')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(await customersWith(body.email)).toBe(1);
  });

  it('keeps nothing of a refused request: the corrected retry with the same key runs', async () => {
    const bad = customerBody({ email: 'not an email' });
    const refused = await create(owner, bad, 'fixed-after-422');
    expect(refused.statusCode).toBe(422);
    const fixed = customerBody();
    const created = await create(owner, fixed, 'fixed-after-422');
    expect(created.statusCode).toBe(201);
    expect(await customersWith(fixed.email)).toBe(1);
  });

  it('refuses a malformed key with a 422 naming the header', async () => {
    for (const key of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      const body = customerBody();
      const r = await create(owner, body, key);
      expect(r.statusCode, JSON.stringify(key)).toBe(422);
      expect(r.json().errors).toEqual({ 'Idempotency-Key': [MESSAGES.idempotencyKeyInvalid] });
      expect(await customersWith(body.email)).toBe(0);
    }
  });

  it('keeps keys apart per user, and frees a key after 24 hours', async () => {
    const colleague = await createUser(h, { company, role: 'admin' });
    const mine = customerBody();
    const theirs = customerBody();
    expect((await create(owner, mine, 'shared-key')).statusCode).toBe(201);
    expect((await create(colleague, theirs, 'shared-key')).statusCode).toBe(201);
    expect(await customersWith(theirs.email)).toBe(1);

    // A day later the key is the user's to use again, for another request.
    await h.database.primary
      .update(idempotencyKeys)
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.user_id, owner.id), eq(idempotencyKeys.key, 'shared-key')));
    const later = customerBody();
    const reused = await create(owner, later, 'shared-key');
    expect(reused.statusCode).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(await customersWith(later.email)).toBe(1);
  });

  it('without the header, every request runs', async () => {
    const body = customerBody();
    expect((await create(owner, body)).statusCode).toBe(201);
    const twice = await create(owner, body);
    // The second is refused by the customers' own rule (one email per company), not replayed.
    expect(twice.statusCode).toBe(422);
    expect(twice.headers['idempotent-replayed']).toBeUndefined();
  });

  it('the nightly purge deletes the keys past 24 hours and keeps the others', async () => {
    expect((await create(owner, customerBody(), 'purge-old')).statusCode).toBe(201);
    expect((await create(owner, customerBody(), 'purge-fresh')).statusCode).toBe(201);
    await h.database.primary
      .update(idempotencyKeys)
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'purge-old'));
    expect(await purgeExpiredIdempotencyKeys(h.database.primary, new Date())).toBeGreaterThanOrEqual(1);
    const left = await h.database.primary
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.user_id, owner.id));
    expect(left.map((r) => r.key)).toContain('purge-fresh');
    expect(left.map((r) => r.key)).not.toContain('purge-old');
  });
});
