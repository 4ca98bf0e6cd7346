import { beforeAll, describe, expect, it } from 'vitest';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let staff: TestUser;
let operator: TestUser;
let member: TestUser;
let mine: { id: number; name: string };
let theirs: { id: number; name: string };

beforeAll(async () => {
  mine = await createCompany(h.database, {
    name: 'Birch Rentals',
    currency: 'CAD',
    shop_system: 'woocommerce',
  });
  const second = await createCompany(h.database, { name: 'Aspen Leasing', currency: 'USD' });
  theirs = await createCompany(h.database, { name: 'Cedar Hire' });
  staff = await createUser(h, { company: mine, role: 'owner' });
  // A second membership with a lower role.
  const { companyUsers } = await import('../../db/schema/index.ts');
  await h.database.primary
    .insert(companyUsers)
    .values({ company_id: second.id, user_id: staff.id, role: 'user' });
  operator = await createUser(h, { globalRole: 'super-admin' });
  const dogwood = await createCompany(h.database, { name: 'Dogwood Rentals' });
  const elm = await createCompany(h.database, { name: 'Elm Hire' });
  // Admin of Elm and Dogwood, user of Cedar, owner of nothing: admins by name, then the user role.
  member = await createUser(h, { company: elm, role: 'admin' });
  await h.database.primary.insert(companyUsers).values([
    { company_id: theirs.id, user_id: member.id, role: 'user' },
    { company_id: dogwood.id, user_id: member.id, role: 'admin' },
  ]);
});

describe('GET /api/companies', () => {
  it('lists only the staff member’s own companies, highest role first, with their role there', async () => {
    const res = await call(h.app, staff, { method: 'GET', url: '/api/companies' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.is_paginated).toBe(true);
    // Owner of Birch, user in Aspen: Birch comes first although Aspen comes first by name.
    expect(body.data.map((c: { name: string; role: string }) => [c.name, c.role])).toEqual([
      ['Birch Rentals', 'owner'],
      ['Aspen Leasing', 'user'],
    ]);
    expect(body.data[0]).toMatchObject({
      shop_system: 'woocommerce',
      currency: 'CAD',
      isOwner: true,
      isAdmin: true,
    });
    expect(body.meta.total).toBe(2);
  });

  it('orders equal roles by name, and /api/auth/me lists the companies in the same order', async () => {
    const expected = ['Dogwood Rentals', 'Elm Hire', 'Cedar Hire'];
    const listed = (await call(h.app, member, { method: 'GET', url: '/api/companies' })).json();
    expect(listed.data.map((c: { name: string }) => c.name)).toEqual(expected);
    const first = (await call(h.app, member, { method: 'GET', url: '/api/companies?per_page=1' })).json();
    expect(first.data.map((c: { name: string }) => c.name)).toEqual(['Dogwood Rentals']);
    const me = (await call(h.app, member, { method: 'GET', url: '/api/auth/me' })).json();
    expect(me.data.companies.map((c: { name: string }) => c.name)).toEqual(expected);
  });

  it('lists every company for an operator, searchable by name and paged', async () => {
    const all = (await call(h.app, operator, { method: 'GET', url: '/api/companies?per_page=1' })).json();
    expect(all.meta.total).toBe(5);
    expect(all.data).toHaveLength(1);
    expect(all.data[0]).toMatchObject({ name: 'Aspen Leasing', role: null, isSuper: true, hasAccess: true });
    const found = (await call(h.app, operator, { method: 'GET', url: '/api/companies?search=cedar' })).json();
    expect(found.data.map((c: { name: string }) => c.name)).toEqual(['Cedar Hire']);
  });

  it('answers 401 without a token and 422 for a bad page size', async () => {
    expect((await call(h.app, null, { method: 'GET', url: '/api/companies' })).statusCode).toBe(401);
    expect((await call(h.app, staff, { method: 'GET', url: '/api/companies?per_page=0' })).statusCode).toBe(
      422,
    );
  });
});

describe('GET /api/companies/{id}', () => {
  it('gives a company the user belongs to', async () => {
    const res = await call(h.app, staff, { method: 'GET', url: `/api/companies/${mine.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: mine.id, name: 'Birch Rentals', role: 'owner' });
  });

  it('answers 404 for another company, exactly like a missing one', async () => {
    const foreign = await call(h.app, staff, { method: 'GET', url: `/api/companies/${theirs.id}` });
    const missing = await call(h.app, staff, { method: 'GET', url: '/api/companies/99999999' });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().message).toBe(missing.json().message);
  });

  it('gives an operator any company', async () => {
    const res = await call(h.app, operator, { method: 'GET', url: `/api/companies/${theirs.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Cedar Hire', isSuper: true, hasCompanyAccess: false });
  });
});
