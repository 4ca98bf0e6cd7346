import { and, eq } from 'drizzle-orm';
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
let staff: TestUser;
let outsider: TestUser;
let operator: TestUser;

const list = (user: TestUser | null, query = '', company = companyId) =>
  call(h.app, user, { method: 'GET', url: `/read-replica/${company}/rentloopdb/customers${query}` });
const create = (user: TestUser | null, body: object, company = companyId) =>
  call(h.app, user, { method: 'POST', url: `/api/${company}/rentloopdb/customers`, payload: body });

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Maple Rentals' });
  const other = await createCompany(h.database, { name: 'Other Co' });
  companyId = company.id;
  otherCompanyId = other.id;
  staff = await createUser(h, { company, role: 'user' });
  outsider = await createUser(h, { company: other, role: 'owner' });
  operator = await createUser(h, { globalRole: 'super-admin' });
  for (const [i, name] of ['Ann Tremblay', 'Bob Smith', 'Cleo Smithers', 'Dan Roy', 'Eve Côté'].entries()) {
    const res = await create(
      staff,
      customerBody({ name, email: `c${i}@maple.test`, language: i % 2 ? 'fr' : 'en' }),
    );
    expect(res.statusCode).toBe(201);
  }
  await create(outsider, customerBody({ name: 'Zed Smith', email: 'zed@other.test' }), otherCompanyId);
});

describe('GET /read-replica/{company}/rentloopdb/customers', () => {
  it('pages the company’s customers, newest first, with exact meta', async () => {
    const res = await list(staff, '?per_page=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, is_paginated: true });
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(['Eve Côté', 'Dan Roy']);
    expect(body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 3,
      per_page: 2,
      to: 2,
      total: 5,
      path: `/read-replica/${companyId}/rentloopdb/customers`,
    });
    const last = (await list(staff, '?per_page=2&page=3')).json();
    expect(last.data).toHaveLength(1);
    expect(last.meta).toMatchObject({ from: 5, to: 5 });
  });

  it('gives an empty page past the end with from/to null', async () => {
    const body = (await list(staff, '?page=9')).json();
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ total: 5, from: null, to: null, current_page: 9, last_page: 1 });
  });

  it('searches name, email and phone, case-insensitively, with an exact total', async () => {
    const body = (await list(staff, '?search=SMITH')).json();
    expect(body.data.map((c: { name: string }) => c.name).sort()).toEqual(['Bob Smith', 'Cleo Smithers']);
    expect(body.meta.total).toBe(2);
    expect((await list(staff, '?search=c3%40maple')).json().data[0].name).toBe('Dan Roy');
    expect((await list(staff, '?search=%25')).json().meta.total).toBe(0);
  });

  it('sorts by a whitelisted column in either direction', async () => {
    const asc = (await list(staff, '?sort=name')).json().data.map((c: { name: string }) => c.name);
    expect(asc).toEqual(['Ann Tremblay', 'Bob Smith', 'Cleo Smithers', 'Dan Roy', 'Eve Côté']);
    const desc = (await list(staff, '?sort=name&desc=true')).json().data.map((c: { name: string }) => c.name);
    expect(desc).toEqual([...asc].reverse());
  });

  it('filters by language and country', async () => {
    const fr = (await list(staff, `?filters=${encodeURIComponent('{"language":"fr"}')}`)).json();
    expect(fr.meta.total).toBe(2);
    expect(fr.data.every((c: { language: string }) => c.language === 'fr')).toBe(true);
    const us = (await list(staff, `?filters=${encodeURIComponent('{"country":"us"}')}`)).json();
    expect(us.meta.total).toBe(0);
  });

  it('takes the bracket form filters[field]=value as the same filter', async () => {
    const bracketed = (await list(staff, '?filters[language]=fr')).json();
    expect(bracketed.meta.total).toBe(2);
    expect(bracketed.data.every((c: { language: string }) => c.language === 'fr')).toBe(true);
    const bad = await list(staff, '?filters[language]=xx');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['filters.language']);
    const both = await list(
      staff,
      `?filters[language]=fr&filters=${encodeURIComponent('{"language":"en"}')}`,
    );
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toHaveProperty('filters');
  });

  it('answers 422 naming the parameter for a bad sort, filter or page size', async () => {
    const sort = await list(staff, '?sort=password');
    expect(sort.statusCode).toBe(422);
    expect(sort.json().errors).toHaveProperty('sort');
    const filters = await list(staff, '?filters=not-json');
    expect(filters.statusCode).toBe(422);
    expect(filters.json().errors).toHaveProperty('filters');
    const lang = await list(staff, `?filters=${encodeURIComponent('{"language":"xx"}')}`);
    expect(lang.json().errors).toHaveProperty(['filters.language']);
    const perPage = await list(staff, '?per_page=101');
    expect(perPage.statusCode).toBe(422);
    expect(perPage.json().errors).toHaveProperty('per_page');
    expect((await list(staff, '?page=0')).statusCode).toBe(422);
  });

  it('answers 401 without a token', async () => {
    expect((await list(null)).statusCode).toBe(401);
  });

  it('answers 404 for a company the user does not belong to, and for a company that does not exist', async () => {
    const res = await list(outsider);
    expect(res.statusCode).toBe(404);
    expect(res.json().data).toBeUndefined();
    expect((await list(staff, '', 999_999)).statusCode).toBe(404);
    expect((await list(staff, '', 'abc' as unknown as number)).statusCode).toBe(404);
  });

  it('lets an operator list any company', async () => {
    const res = await list(operator, '', otherCompanyId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['Zed Smith']);
  });

  it('is only readable: a write to the read-replica prefix is not a route', async () => {
    const res = await call(h.app, staff, {
      method: 'POST',
      url: `/read-replica/${companyId}/rentloopdb/customers`,
      payload: customerBody(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/{company}/rentloopdb/customers', () => {
  it('creates a customer and counts it in the total', async () => {
    const other = await createCompany(h.database);
    const owner = await createUser(h, { company: other, role: 'owner' });
    const res = await create(
      owner,
      customerBody({ name: '  Gail Wong ', email: 'GAIL@Example.com ' }),
      other.id,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Customer created.');
    expect(body.data).toMatchObject({ name: 'Gail Wong', email: 'gail@example.com', company_id: other.id });
    expect(body.data).not.toHaveProperty('search_text');
    expect((await list(owner, '', other.id)).json().meta.total).toBe(1);
  });

  it('answers 422 naming each bad field, including nested address fields', async () => {
    const res = await create(staff, {
      name: '',
      email: 'nope',
      billing_address: { first_name: 'A', country: 'Canada' },
    });
    expect(res.statusCode).toBe(422);
    const { errors, message } = res.json();
    expect(message).toBe('Failed to create customer.');
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['name', 'email', 'billing_address.street', 'billing_address.country']),
    );
  });

  it('applies the address rules of the domain package on the server, whatever the browser did', async () => {
    const address = customerBody().billing_address;
    const res = await create(
      staff,
      customerBody({
        billing_address: { ...address, postal_code: 'Z1Z 1Z1' },
        shipping_address: {
          ...address,
          country: 'us',
          region: null,
          state: 'WA',
          postal_code: '9810',
          phone: '+1 206 555 0100',
        },
      }),
    );
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors).toHaveProperty(['billing_address.postal_code']);
    expect(errors).toHaveProperty(['shipping_address.postal_code']);
    const mismatch = await create(staff, customerBody({ billing_address: { ...address, region: 'QC' } }));
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json().errors).some((k) => k.startsWith('billing_address.'))).toBe(true);
    const phone = await create(staff, customerBody({ billing_address: { ...address, phone: '+49 30 1' } }));
    expect(phone.json().errors).toHaveProperty(['billing_address.phone']);
    // A valid address is stored in its normal form: Canadian postal codes upper-cased with the space.
    const ok = await create(staff, customerBody({ billing_address: { ...address, postal_code: 'm5v2t6' } }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.billing_address.postal_code).toBe('M5V 2T6');
  });

  it('refuses a second customer with the same email in the company (422 on email)', async () => {
    const res = await create(staff, customerBody({ email: 'c0@maple.test' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toMatch(/already exists/);
  });

  it('allows the same email in another company', async () => {
    const res = await create(outsider, customerBody({ email: 'c0@maple.test' }), otherCompanyId);
    expect(res.statusCode).toBe(201);
  });

  it('answers 404 and creates nothing in a company the user does not belong to', async () => {
    const before = (await list(staff)).json().meta.total;
    const res = await create(outsider, customerBody({ email: 'intruder@x.test' }));
    expect(res.statusCode).toBe(404);
    expect((await list(staff)).json().meta.total).toBe(before);
  });
});

describe('GET and PUT /api/{company}/rentloopdb/customers/{id}', () => {
  const url = (id: number | string, company = companyId) => `/api/${company}/rentloopdb/customers/${id}`;

  async function anyCustomerId() {
    const [row] = await h.database.primary
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.company_id, companyId), eq(customers.email, 'c1@maple.test')));
    return row!.id;
  }

  it('reads one customer', async () => {
    const id = await anyCustomerId();
    const res = await call(h.app, staff, { method: 'GET', url: url(id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, name: 'Bob Smith', billing_address: { city: 'Toronto' } });
  });

  it('updates only the fields sent, with the catalogue message', async () => {
    const id = await anyCustomerId();
    const res = await call(h.app, staff, {
      method: 'PUT',
      url: url(id),
      payload: { phone: '+1 514 555 0199' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Updated customer details.');
    expect(res.json().data).toMatchObject({ phone: '+1 514 555 0199', name: 'Bob Smith' });
    expect(new Date(res.json().data.updated_at) >= new Date(res.json().data.created_at)).toBe(true);
  });

  it('keeps the fields an update does not send (no defaults filled in)', async () => {
    const id = await anyCustomerId();
    await call(h.app, staff, { method: 'PUT', url: url(id), payload: { language: 'fr' } });
    const res = await call(h.app, staff, { method: 'PUT', url: url(id), payload: { company_name: 'Acme' } });
    expect(res.json().data).toMatchObject({ language: 'fr', company_name: 'Acme' });
  });

  it('answers 422 with the failure message and changes nothing on bad input', async () => {
    const id = await anyCustomerId();
    const res = await call(h.app, staff, {
      method: 'PUT',
      url: url(id),
      payload: { email: 'bad', billing_address: { first_name: '' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Failed to update customer details.');
    expect(res.json().errors).toHaveProperty('email');
    expect(res.json().errors).toHaveProperty(['billing_address.first_name']);
    const after = await call(h.app, staff, { method: 'GET', url: url(id) });
    expect(after.json().data.email).toBe('c1@maple.test');
  });

  it('answers 404 for a missing id and for a malformed id', async () => {
    expect((await call(h.app, staff, { method: 'GET', url: url(987_654_321) })).statusCode).toBe(404);
    expect((await call(h.app, staff, { method: 'GET', url: url('12abc') })).statusCode).toBe(404);
    expect(
      (await call(h.app, staff, { method: 'PUT', url: url(987_654_321), payload: { name: 'X' } })).statusCode,
    ).toBe(404);
  });

  it('never shows or changes another company’s customer', async () => {
    const id = await anyCustomerId();
    // Through the other company's own URL: the record is not there.
    expect((await call(h.app, outsider, { method: 'GET', url: url(id, otherCompanyId) })).statusCode).toBe(
      404,
    );
    const put = await call(h.app, outsider, {
      method: 'PUT',
      url: url(id, otherCompanyId),
      payload: { name: 'Hacked' },
    });
    expect(put.statusCode).toBe(404);
    // Through this company's URL: the user is not a member.
    expect(
      (await call(h.app, outsider, { method: 'PUT', url: url(id), payload: { name: 'Hacked' } })).statusCode,
    ).toBe(404);
    const after = await call(h.app, staff, { method: 'GET', url: url(id) });
    expect(after.json().data.name).toBe('Bob Smith');
  });

  it('answers 401 without a token', async () => {
    const id = await anyCustomerId();
    expect((await call(h.app, null, { method: 'GET', url: url(id) })).statusCode).toBe(401);
    expect(
      (await call(h.app, null, { method: 'PUT', url: url(id), payload: { name: 'X' } })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/{company}/insights/customers', () => {
  it('gives the total and the customers created this month', async () => {
    const res = await call(h.app, staff, { method: 'GET', url: `/api/${companyId}/insights/customers` });
    expect(res.statusCode).toBe(200);
    const total = (await list(staff)).json().meta.total;
    expect(res.json().data).toEqual({ total, new_this_month: total });
  });

  it('answers 404 for another company', async () => {
    const res = await call(h.app, outsider, { method: 'GET', url: `/api/${companyId}/insights/customers` });
    expect(res.statusCode).toBe(404);
  });
});

describe('stored addresses that a newer rule would refuse', () => {
  it('are still listed and shown: rules check what comes in, not what is stored', async () => {
    const [row] = await h.database.primary
      .insert(customers)
      .values({
        company_id: companyId,
        name: 'Legacy Address',
        email: 'legacy@maple.test',
        billing_address: {
          first_name: 'Old',
          last_name: 'Record',
          street: 'Main Street',
          street_number: '1',
          postal_code: 'not-a-code',
          city: 'Toronto',
          country: 'ca',
        },
      })
      .returning({ id: customers.id });
    const listed = await list(staff, '?search=legacy');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0].billing_address.postal_code).toBe('not-a-code');
    const one = await call(h.app, staff, {
      method: 'GET',
      url: `/api/${companyId}/rentloopdb/customers/${row!.id}`,
    });
    expect(one.statusCode).toBe(200);
  });
});
