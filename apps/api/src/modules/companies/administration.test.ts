/** Companies as operators and owners administer them: create, update, delete, settings. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const h = useHarness();
let companyId: number;
let otherCompanyId: number;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;
let operator: TestUser;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Team Co' });
  const other = await createCompany(h.database, { name: 'Elsewhere Inc' });
  companyId = company.id;
  otherCompanyId = other.id;
  owner = await createUser(h, { company, role: 'owner' });
  admin = await createUser(h, { company, role: 'admin' });
  member = await createUser(h, { company, role: 'user' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  operator = await createUser(h, { globalRole: 'super-admin' });
});

describe('company administration', () => {
  it('lets an operator create, update and delete a company (with everything in it)', async () => {
    const created = await call(h.app, operator, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: '  Fresh Rentals ', currency: 'CAD' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Company created.',
      data: { name: 'Fresh Rentals', currency: 'CAD' },
    });
    const id = created.json().data.id;
    const updated = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/companies/${id}`,
      payload: { shop_system: 'shopify' },
    });
    expect(updated.json().data).toMatchObject({ shop_system: 'shopify', name: 'Fresh Rentals' });
    await call(h.app, operator, {
      method: 'POST',
      url: `/api/${id}/rentloopdb/customers`,
      payload: customerBody(),
    });
    const deleted = await call(h.app, operator, { method: 'DELETE', url: `/api/companies/${id}` });
    expect(deleted.json().message).toBe('Company deleted.');
    expect(
      await h.database.primary.select().from(customers).where(eq(customers.company_id, id)),
    ).toHaveLength(0);
    expect((await call(h.app, operator, { method: 'GET', url: `/api/companies/${id}` })).statusCode).toBe(
      404,
    );
  });

  it('keeps the fields an update does not send', async () => {
    const created = await call(h.app, operator, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Partial Co', currency: 'CAD', shop_system: 'woocommerce', payment_system: 'stripe' },
    });
    const id = created.json().data.id;
    const res = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/companies/${id}`,
      payload: { name: 'Partial Co 2' },
    });
    expect(res.json().data).toMatchObject({
      name: 'Partial Co 2',
      currency: 'CAD',
      shop_system: 'woocommerce',
      payment_system: 'stripe',
    });
  });

  it('lets an owner rename their company, but not an admin (403) or a stranger (404)', async () => {
    const res = await call(h.app, owner, {
      method: 'PUT',
      url: `/api/companies/${companyId}`,
      payload: { name: 'Team Co' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Company updated.');
    expect(
      (
        await call(h.app, admin, {
          method: 'PUT',
          url: `/api/companies/${companyId}`,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(h.app, stranger, {
          method: 'PUT',
          url: `/api/companies/${otherCompanyId + 1000}`,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(h.app, owner, { method: 'POST', url: '/api/companies', payload: { name: 'Mine' } }))
        .statusCode,
    ).toBe(403);
    const bad = await call(h.app, operator, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: '', currency: 'XXX' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['currency', 'name']);
  });

  it('gives the chosen settings groups, and 422 for an unknown group', async () => {
    const res = await call(h.app, member, {
      method: 'GET',
      url: `/api/companies/${companyId}/settings/selective?groups=general,invoice`,
    });
    expect(res.statusCode).toBe(200);
    // Every section with its defaults (modules/settings); `groups` is the older name of `sections`.
    expect(Object.keys(res.json().data).sort()).toEqual(['general', 'invoice']);
    expect(res.json().data.invoice.payment_terms_days).toBe(14);
    const bad = await call(h.app, member, {
      method: 'GET',
      url: `/api/companies/${companyId}/settings/selective?groups=nope`,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Could not fetch settings.');
  });
});
