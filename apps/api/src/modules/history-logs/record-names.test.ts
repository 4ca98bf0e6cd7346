/** The trail names its records: one lookup per kind of record per page, a fallback for deleted ones. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { type HistoryLogRow, withRecordNames } from './record-names.ts';

const h = useHarness();
let companyId: number;
let otherId: number;
let admin: TestUser;
let operator: TestUser;

const filters = (f: object) => `?filters=${encodeURIComponent(JSON.stringify(f))}`;
const logs = (user: TestUser, f: object, company = companyId) =>
  call(h.app, user, { method: 'GET', url: `/api/${company}/utils/history-logs${filters(f)}` });
type Entry = { id: number; entity_name: string | null; entity_exists: boolean | null; action: string };

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Named Co' });
  const other = await createCompany(h.database, { name: 'Elsewhere Co' });
  companyId = company.id;
  otherId = other.id;
  admin = await createUser(h, { company, role: 'owner', email: 'owner@named.test' });
  operator = await createUser(h, { globalRole: 'super-admin' });
});

describe('record names in the trail', () => {
  it('names customers and products by their current name, in the list and the detail', async () => {
    const customer = await call(h.app, admin, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/customers`,
      payload: customerBody({ name: 'Daan Gagnon' }),
    });
    const id = String(customer.json().data.id);
    await call(h.app, admin, {
      method: 'PUT',
      url: `/api/${companyId}/rentloopdb/customers/${id}`,
      payload: { name: 'Daan Gagnon-Smit' },
    });
    const product = await call(h.app, admin, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/products`,
      payload: { name: 'E-bike City 500', type: 'normal', variants: [{ name: 'Large', price: '10.00' }] },
    });
    expect(product.statusCode).toBe(201);

    const res = await logs(admin, { entity: 'customers', entity_id: id });
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as Entry[];
    expect(entries.map((e) => [e.action, e.entity_name, e.entity_exists])).toEqual([
      ['updated', 'Daan Gagnon-Smit', true],
      ['created', 'Daan Gagnon-Smit', true],
    ]);
    const [products] = (await logs(admin, { entity: 'products' })).json().data as Entry[];
    expect(products).toMatchObject({ entity_name: 'E-bike City 500', entity_exists: true });
    const [variant] = (await logs(admin, { entity: 'product_variants' })).json().data as Entry[];
    expect(variant).toMatchObject({ entity_name: 'E-bike City 500 · Large', entity_exists: true });

    const one = await call(h.app, admin, {
      method: 'GET',
      url: `/api/${companyId}/utils/history-logs/${entries[0]!.id}`,
    });
    expect(one.json().data).toMatchObject({ entity_name: 'Daan Gagnon-Smit', entity_exists: true });
  });

  it('keeps the name the entry recorded for a deleted record, and says it is gone', async () => {
    const created = await call(h.app, admin, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/product-collections`,
      payload: { name: 'Summer 2026' },
    });
    expect(created.statusCode).toBe(201);
    const id = String(created.json().data.id);
    const deleted = await call(h.app, admin, {
      method: 'DELETE',
      url: `/api/${companyId}/rentloopdb/product-collections/${id}`,
    });
    expect(deleted.statusCode).toBe(200);
    const entries = (await logs(admin, { entity: 'product_collections', entity_id: id })).json()
      .data as Entry[];
    expect(entries.map((e) => [e.action, e.entity_name, e.entity_exists])).toEqual([
      ['deleted', 'Summer 2026', false],
      ['created', 'Summer 2026', false],
    ]);
  });

  it('names accounts by email for operators, settings by their key, companies by name', async () => {
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: 'wrong!' },
    });
    const [failed] = (await logs(operator, { entity: 'auth', action: 'login_failed' })).json()
      .data as Entry[];
    expect(failed).toMatchObject({ entity_name: 'owner@named.test', entity_exists: true });
    const renamed = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/companies/${companyId}`,
      payload: {
        name: 'Named Co Renamed',
        currency: 'CAD',
        shop_system: 'woocommerce',
        payment_system: null,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [company] = (await logs(operator, { entity: 'companies', action: 'updated' })).json()
      .data as Entry[];
    expect(company).toMatchObject({ entity_name: 'Named Co Renamed', entity_exists: true });
  });

  it('never names a record of another company, even with the same kind and id in a forged row', async () => {
    const neighbour = await createUser(h, { company: { id: otherId }, role: 'owner' });
    const foreign = await call(h.app, neighbour, {
      method: 'POST',
      url: `/api/${otherId}/rentloopdb/customers`,
      payload: customerBody({ name: 'Secret Neighbour' }),
    });
    const foreignId = String(foreign.json().data.id);
    const row = {
      id: 1,
      company_id: companyId,
      user_id: null,
      user_name: null,
      user_email: null,
      entity_type: 'customers',
      entity_id: foreignId,
      action: 'updated',
      before: null,
      after: null,
      request_id: null,
      ip: null,
      created_at: new Date().toISOString(),
    } satisfies HistoryLogRow;
    const [named] = await withRecordNames(h.database.primary, [row]);
    expect(named).toMatchObject({ entity_name: null, entity_exists: false });
  });

  it('asks the database once per kind of record on a page, however many entries it has', async () => {
    const rows: HistoryLogRow[] = Array.from({ length: 40 }, (_, n) => ({
      id: n + 1,
      company_id: companyId,
      user_id: null,
      user_name: null,
      user_email: null,
      entity_type: ['customers', 'products', 'company_settings', 'auth'][n % 4]!,
      entity_id: String(n + 1),
      action: 'updated',
      before: null,
      after: null,
      request_id: null,
      ip: null,
      created_at: new Date().toISOString(),
    }));
    let selects = 0;
    const db = h.database.primary;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'select') selects += 1;
        return Reflect.get(target, key, receiver);
      },
    }) as Tx;
    const named = await withRecordNames(counting, rows);
    expect(named).toHaveLength(40);
    // customers, products and auth: settings are named by their key, without a query.
    expect(selects).toBe(3);
    expect(
      named.filter((r) => r.entity_type === 'company_settings').every((r) => r.entity_name === r.entity_id),
    ).toBe(true);
  });
});
