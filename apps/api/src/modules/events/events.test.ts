/**
 * The Event List (spec 01 §7, operator tools): `GET /read-replica/{company}/rentloopdb/events` and
 * `GET /api/{company}/rentloopdb/events/{id}`, operators only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const h = useHarness();
let companyA: number;
let companyB: number;
let operator: TestUser;
let support: TestUser;
let ownerA: TestUser;
let staffA: TestUser;
let member: TestUser;
let customerA: number;
let customerB: number;

const list = (user: TestUser | null, company: number, query = '') =>
  call(h.app, user, { method: 'GET', url: `/read-replica/${company}/rentloopdb/events${query}` });
const one = (user: TestUser | null, company: number, id: number) =>
  call(h.app, user, { method: 'GET', url: `/api/${company}/rentloopdb/events/${id}` });
const filters = (f: object) => `?filters=${encodeURIComponent(JSON.stringify(f))}`;

beforeAll(async () => {
  const a = await createCompany(h.database, { name: 'Maple Rentals' });
  const b = await createCompany(h.database, { name: 'Other Co' });
  companyA = a.id;
  companyB = b.id;
  operator = await createUser(h, { globalRole: 'super-admin' });
  support = await createUser(h, { globalRole: 'support-user' });
  ownerA = await createUser(h, { company: a, role: 'owner' });
  staffA = await createUser(h, { company: a, role: 'user' });
  member = await createUser(h, { company: a, role: 'user' });
  const ownerB = await createUser(h, { company: b, role: 'owner' });
  const made = async (user: TestUser, company: number, name: string) => {
    const res = await call(h.app, user, {
      method: 'POST',
      url: `/api/${company}/rentloopdb/customers`,
      payload: customerBody({ name }),
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  };
  customerA = await made(staffA, companyA, 'Ann Tremblay');
  customerB = await made(ownerB, companyB, 'Zed Smith');
  const disabled = await call(h.app, operator, {
    method: 'PUT',
    url: `/api/auth/users/${member.id}`,
    payload: { status: 'disabled' },
  });
  expect(disabled.statusCode).toBe(200);
});

describe('GET /read-replica/{company}/rentloopdb/events', () => {
  it('shows operators the company’s events and the platform’s, newest first, with actor and payload', async () => {
    const res = await list(operator, companyA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, is_paginated: true });
    expect(body.meta).toMatchObject({ current_page: 1, total: 2, per_page: 10, last_page: 1 });
    expect(body.meta.path).toBe(`/read-replica/${companyA}/rentloopdb/events`);
    const [status, created] = body.data;
    expect(status).toMatchObject({
      company_id: null,
      type: 'user.status_changed',
      object: 'user',
      object_id: member.id,
      payload: { action: 'disable', from: 'active', to: 'disabled' },
      actor_id: operator.id,
      actor_name: 'Test User',
    });
    expect(created).toMatchObject({
      company_id: companyA,
      type: 'customer.created',
      object: 'customer',
      object_id: customerA,
      actor_id: staffA.id,
      payload: { name: 'Ann Tremblay' },
    });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    // A support user sees the same.
    expect((await list(support, companyA)).json().meta.total).toBe(2);
  });

  it('never shows another company’s events', async () => {
    const res = await list(operator, companyA, filters({ object: 'customer' }));
    expect(res.json().data.map((e: { object_id: number }) => e.object_id)).toEqual([customerA]);
    const other = await list(operator, companyB, filters({ object: 'customer' }));
    expect(other.json().data.map((e: { object_id: number }) => e.object_id)).toEqual([customerB]);
  });

  it('filters by type, object, object id and actor; searches; pages; sorts oldest first', async () => {
    const ids = async (query: string) =>
      (await list(operator, companyA, query)).json().data.map((e: { type: string }) => e.type);
    expect(await ids(filters({ type: 'user.status_changed' }))).toEqual(['user.status_changed']);
    expect(await ids(filters({ object: 'customer' }))).toEqual(['customer.created']);
    expect(await ids(filters({ object: 'user', object_id: member.id }))).toEqual(['user.status_changed']);
    expect(await ids(filters({ actor: staffA.id }))).toEqual(['customer.created']);
    expect(await ids(filters({ type: 'order.created' }))).toEqual([]);
    expect(await ids('?search=STATUS_CH')).toEqual(['user.status_changed']);
    expect(await ids('?sort=id&desc=false')).toEqual(['customer.created', 'user.status_changed']);
    const page2 = (await list(operator, companyA, '?per_page=1&page=2')).json();
    expect(page2.data.map((e: { type: string }) => e.type)).toEqual(['customer.created']);
    expect(page2.meta).toMatchObject({ current_page: 2, from: 2, to: 2, last_page: 2, total: 2 });
  });

  it('answers 422 to an unknown sort or a bad filter', async () => {
    expect((await list(operator, companyA, '?sort=payload')).statusCode).toBe(422);
    const bad = await list(operator, companyA, filters({ object_id: 'abc' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['filters.object_id']);
  });

  it('is for operators only: 401 without a token, 403 for a company’s own owner and staff, 404 for no such company', async () => {
    expect((await list(null, companyA)).statusCode).toBe(401);
    expect((await list(ownerA, companyA)).statusCode).toBe(403);
    expect((await list(staffA, companyA)).statusCode).toBe(403);
    expect((await list(operator, 987_654_321)).statusCode).toBe(404);
  });
});

describe('GET /api/{company}/rentloopdb/events/{id}', () => {
  const idOf = async (company: number, object: string) =>
    (await list(operator, company, filters({ object }))).json().data[0].id as number;

  it('shows one event to operators, with its payload', async () => {
    const id = await idOf(companyA, 'customer');
    const res = await one(operator, companyA, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, type: 'customer.created', object_id: customerA });
    // A platform event (no company) is found under any company.
    const userEvent = await idOf(companyA, 'user');
    expect((await one(support, companyB, userEvent)).statusCode).toBe(200);
  });

  it('answers 404 for another company’s event and for no event; 403 to company users', async () => {
    const foreign = await idOf(companyB, 'customer');
    const res = await one(operator, companyA, foreign);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Zed Smith');
    expect((await one(operator, companyA, 987_654_321)).statusCode).toBe(404);
    expect((await one(operator, 987_654_321, foreign)).statusCode).toBe(404);
    const own = await idOf(companyA, 'customer');
    expect((await one(ownerA, companyA, own)).statusCode).toBe(403);
    expect((await one(staffA, companyA, own)).statusCode).toBe(403);
    expect((await one(null, companyA, own)).statusCode).toBe(401);
  });
});
