import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let operator: TestUser;
let owner: TestUser;

const settings = (user: TestUser | null) => call(h.app, user, { method: 'GET', url: '/api/settings' });
const save = (user: TestUser, payload: object) =>
  call(h.app, user, { method: 'PUT', url: '/api/settings', payload });

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Platform Co' });
  operator = await createUser(h, { globalRole: 'super-admin' });
  owner = await createUser(h, { company, role: 'owner' });
});

describe('GET, PUT /api/settings (platform settings)', () => {
  it('is for operators only', async () => {
    expect((await settings(null)).statusCode).toBe(401);
    expect((await settings(owner)).statusCode).toBe(403);
    expect((await save(owner, { registration_allowed: true, company_defaults: {} })).statusCode).toBe(403);
    expect((await settings(operator)).json().data).toEqual({
      registration_allowed: false,
      company_defaults: {},
    });
  });

  it('turns registration on and off', async () => {
    const register = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'New Person',
          email: `new.${Date.now()}@platform.test`,
          password: 'a long enough passphrase',
        },
      });
    expect((await register()).statusCode).toBe(403);
    const res = await save(operator, { registration_allowed: true, company_defaults: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Settings updated.');
    expect((await register()).statusCode).not.toBe(403);
    await save(operator, { registration_allowed: false, company_defaults: {} });
    expect((await register()).statusCode).toBe(403);
  });

  it('gives a new company the defaults chosen, and leaves existing companies alone', async () => {
    const invoice = { ...SETTINGS_SECTIONS.invoice.defaults, payment_terms_days: 45, footer: 'Thank you.' };
    const res = await save(operator, { registration_allowed: false, company_defaults: { invoice } });
    expect(res.json().data.company_defaults).toEqual({ invoice });
    const created = await call(h.app, operator, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Fresh Co', currency: 'EUR' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const fresh = await call(h.app, operator, {
      method: 'GET',
      url: `/api/companies/${id}/settings/invoice`,
    });
    expect(fresh.json().data).toMatchObject({ payment_terms_days: 45, footer: 'Thank you.' });
    const order = await call(h.app, operator, { method: 'GET', url: `/api/companies/${id}/settings/order` });
    expect(order.json().data.number_prefix).toBe(SETTINGS_SECTIONS.order.defaults.number_prefix);
  });

  it('answers 422 naming the field', async () => {
    const res = await save(operator, {
      registration_allowed: 'yes',
      company_defaults: {
        invoice: { ...SETTINGS_SECTIONS.invoice.defaults, payment_terms_days: -1 },
        nope: {},
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'company_defaults.invoice.payment_terms_days',
      'company_defaults.nope',
      'registration_allowed',
    ]);
  });
});
