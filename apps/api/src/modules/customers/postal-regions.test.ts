/**
 * A customer's address whose postal code lies in another province, state or region (issue 25 item 4:
 * tax follows the province): refused with a 422 naming the postal code ("The postal code is in
 * Alberta.") and the region field, on create and on update, for Canada, the US and Australia; a code
 * that serves two regions takes either. Nothing is stored on a refusal.
 */
import { MESSAGES } from '@rentloop/domain/messages';
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
let companyId: number;
let staff: TestUser;

const url = (id = '') => `/api/${companyId}/rentloopdb/customers${id ? `/${id}` : ''}`;
const create = (body: object) => call(h.app, staff, { method: 'POST', url: url(), payload: body });

const TORONTO = customerBody().billing_address;
const CALGARY = {
  ...TORONTO,
  street: '8 Avenue SW',
  street_number: '315',
  city: 'Calgary',
  postal_code: 'T2P 1J9',
  region: 'AB',
};
const SEATTLE = {
  ...TORONTO,
  street: 'Pike St',
  street_number: '1501',
  city: 'Seattle',
  postal_code: '98101',
  region: null,
  state: 'WA',
  country: 'us',
  phone: '+1 206 555 0123',
};
const QUEANBEYAN = {
  ...TORONTO,
  street: 'Monaro St',
  street_number: '10',
  city: 'Queanbeyan',
  postal_code: '2620',
  region: 'NSW',
  country: 'au',
  phone: '+61 2 6298 0211',
};

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Prairie Rentals', currency: 'CAD' });
  companyId = company.id;
  staff = await createUser(h, { company, role: 'user' });
});

describe('a postal code from another province, state or region', () => {
  it('is refused on create: 422 on the postal code and the province, nothing stored', async () => {
    const email = 'wrong.province@prairie.test';
    const res = await create(customerBody({ email, billing_address: { ...CALGARY, region: 'ON' } }));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.customerCreateFailed);
    expect(res.json().errors).toEqual({
      'billing_address.postal_code': ['The postal code is in Alberta.'],
      'billing_address.region': [MESSAGES.provinceMismatch],
    });
    const listed = await call(h.app, staff, {
      method: 'GET',
      url: `/read-replica/${companyId}/rentloopdb/customers?search=${email}`,
    });
    expect(listed.json().meta.total).toBe(0);
  });

  it('names the US state and the Australian region the same way', async () => {
    const res = await create(
      customerBody({
        billing_address: { ...SEATTLE, state: 'OR' },
        shipping_address: { ...QUEANBEYAN, postal_code: '3000' },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'billing_address.postal_code': ['The ZIP code is in Washington.'],
      'billing_address.state': [MESSAGES.stateMismatch],
      'shipping_address.postal_code': ['The postcode is in Victoria.'],
      'shipping_address.region': [MESSAGES.auRegionMismatch],
    });
  });

  it('accepts a matching province, state or region, and either one for a shared code', async () => {
    for (const [billing, shipping] of [
      [CALGARY, { ...CALGARY, region: 'ab' }],
      [SEATTLE, { ...SEATTLE, postal_code: '42223', state: 'TN', city: 'Fort Campbell' }],
      [QUEANBEYAN, { ...QUEANBEYAN, region: 'ACT', city: 'Hume' }],
    ]) {
      const res = await create(customerBody({ billing_address: billing, shipping_address: shipping }));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('is refused on update, and the stored address stays', async () => {
    const made = await create(customerBody({ billing_address: CALGARY }));
    expect(made.statusCode).toBe(201);
    const id = String(made.json().data.id);
    const res = await call(h.app, staff, {
      method: 'PUT',
      url: url(id),
      payload: { billing_address: { ...CALGARY, region: 'BC' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.customerUpdateFailed);
    expect(res.json().errors).toEqual({
      'billing_address.postal_code': ['The postal code is in Alberta.'],
      'billing_address.region': [MESSAGES.provinceMismatch],
    });
    const after = await call(h.app, staff, { method: 'GET', url: url(id) });
    expect(after.json().data.billing_address).toMatchObject({ postal_code: 'T2P 1J9', region: 'AB' });
  });
});
