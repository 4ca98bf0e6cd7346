import { createHash } from 'node:crypto';
import { SETTINGS_SECTION_KEYS, SETTINGS_SECTIONS, sectionKeyOf } from '@rentloop/domain/settings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companySettings, historyLogs } from '../../db/schema/index.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let companyId: number;
let otherId: number;
let owner: TestUser;
let admin: TestUser;
let staff: TestUser;
let outsider: TestUser;
let operator: TestUser;

const base = (company = companyId) => `/api/companies/${company}/settings`;
const get = (user: TestUser | null, path = '', company = companyId) =>
  call(h.app, user, { method: 'GET', url: `${base(company)}${path}` });
const put = (user: TestUser | null, path: string, payload: object, company = companyId) =>
  call(h.app, user, { method: 'PUT', url: `${base(company)}${path}`, payload });

/** A section's view without the fields the server computes: what a PUT takes. */
function writable(key: keyof typeof SETTINGS_SECTIONS, view: Record<string, unknown>) {
  const fields = Object.keys(SETTINGS_SECTIONS[key].fields);
  return Object.fromEntries(Object.entries(view).filter(([k]) => fields.includes(k)));
}

async function storedData(section: string) {
  const [row] = await h.database.primary
    .select({ data: companySettings.data })
    .from(companySettings)
    .where(and(eq(companySettings.company_id, companyId), eq(companySettings.group, section)));
  return row?.data;
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Northwind Settings' });
  const other = await createCompany(h.database, { name: 'Other Settings' });
  companyId = company.id;
  otherId = other.id;
  owner = await createUser(h, { company, role: 'owner' });
  admin = await createUser(h, { company, role: 'admin' });
  staff = await createUser(h, { company, role: 'user' });
  outsider = await createUser(h, { company: other, role: 'owner' });
  operator = await createUser(h, { globalRole: 'support-user' });
});

describe('GET /api/companies/{company}/settings', () => {
  it('answers every section with its defaults, and the shop connection, before anything is saved', async () => {
    const res = await get(admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([...SETTINGS_SECTION_KEYS, 'shop_system'].sort());
    for (const key of SETTINGS_SECTION_KEYS) {
      expect(writable(key, data[key]), key).toEqual(SETTINGS_SECTIONS[key].defaults);
    }
    expect(data.invoice.next_number).toBe(`INV-${new Date().getUTCFullYear()}-1000`);
    expect(data.checkout_general).toMatchObject({ api_key_set: false, api_key_last4: null });
    expect(data.payment_service_provider.credentials_stored).toEqual([]);
    expect(data.shop_system).toEqual({
      shop_system: null,
      url: null,
      has_credentials: false,
      syncable: false,
    });
  });

  it('is for admins, owners and operators; staff get 403 and other companies 404', async () => {
    expect((await get(owner)).statusCode).toBe(200);
    expect((await get(operator)).statusCode).toBe(200);
    expect((await get(staff)).statusCode).toBe(403);
    expect((await get(outsider)).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(outsider, '/invoice')).statusCode).toBe(404);
  });
});

describe('PUT /api/companies/{company}/settings/{section}', () => {
  it('round-trips every section with its defaults', async () => {
    for (const key of SETTINGS_SECTION_KEYS) {
      const res = await put(admin, `/${key}`, SETTINGS_SECTIONS[key].defaults);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      expect(res.json().message).toBe('Settings updated.');
      expect(writable(key, res.json().data)).toEqual(SETTINGS_SECTIONS[key].defaults);
      expect(writable(key, (await get(admin, `/${key}`)).json().data)).toEqual(
        SETTINGS_SECTIONS[key].defaults,
      );
    }
  });

  it('takes back what GET answered, read-only fields included (and ignores them)', async () => {
    const view = (await get(admin, '/invoice')).json().data;
    expect(view.next_number).toEqual(expect.any(String));
    const res = await put(admin, '/invoice', { ...view, next_number: 'ignored-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.next_number).toBe(view.next_number);
    expect(await storedData('invoice')).not.toHaveProperty('next_number');
  });

  it('replaces the section, answers the updated object, and the next read shows it', async () => {
    const invoice = {
      ...SETTINGS_SECTIONS.invoice.defaults,
      number_prefix: 'NW-',
      number_start: 5000,
      payment_terms_days: 30,
      company_name: 'Northwind Rentals GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    };
    const res = await put(admin, '/invoice', invoice);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ payment_terms_days: 30, next_number: 'NW-5000' });
    expect((await get(staff, '/selective?sections=invoice')).json().data.invoice.payment_terms_days).toBe(30);
    expect((await get(admin, '/invoice')).json().data.company_name).toBe('Northwind Rentals GmbH');
    // Another company's settings are its own.
    expect((await get(outsider, '/invoice', otherId)).json().data.payment_terms_days).toBe(14);
  });

  it('is refused to staff (403) and to another company (404), changing nothing', async () => {
    const before = (await get(admin, '/order')).json().data;
    const body = { ...SETTINGS_SECTIONS.order.defaults, number_prefix: 'X-' };
    expect((await put(staff, '/order', body)).statusCode).toBe(403);
    expect((await put(outsider, '/order', body)).statusCode).toBe(404);
    expect((await get(admin, '/order')).json().data).toEqual(before);
  });

  it('keeps the invoice’s registered country, province and tax number; refuses an unknown one on its field', async () => {
    const { next_number: _, ...before } = (await get(admin, '/invoice')).json().data;
    const body = {
      ...before,
      company_name: 'Érable Location Inc.',
      country: 'CA',
      region: 'qc',
      vat_number: '123456789 RT0001',
      tax_number: '1234567890 TQ0001',
    };
    const res = await put(admin, '/invoice', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ country: 'ca', region: 'qc', tax_number: '1234567890 TQ0001' });
    const wrongRegion = await put(admin, '/invoice', { ...body, region: 'NY' });
    expect(wrongRegion.statusCode).toBe(422);
    expect(wrongRegion.json().errors).toEqual({ region: ['Must be one of the listed regions.'] });
    const unknown = await put(admin, '/invoice', { ...body, country: 'zz' });
    expect(unknown.json().errors).toEqual({ country: ['Must be a known country.'] });
    expect((await get(admin, '/invoice')).json().data).toMatchObject({ country: 'ca', region: 'qc' });
    expect((await put(admin, '/invoice', before)).statusCode).toBe(200);
  });

  it('answers 422 naming the field: a bad value, a missing field, an unknown field', async () => {
    const bad = await put(admin, '/invoice', {
      ...SETTINGS_SECTIONS.invoice.defaults,
      payment_terms_days: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['payment_terms_days']);
    const { footer: _, ...missing } = SETTINGS_SECTIONS.invoice.defaults;
    expect(Object.keys((await put(admin, '/invoice', missing)).json().errors)).toEqual(['footer']);
    const unknown = await put(admin, '/invoice', { ...SETTINGS_SECTIONS.invoice.defaults, colour: 'red' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ colour: ['Unknown field.'] });
    const retries = await put(admin, '/recurring_payments', {
      ...SETTINGS_SECTIONS.recurring_payments.defaults,
      retry_schedule_days: [3, 7],
      max_retries: 3,
    });
    expect(retries.json().errors).toEqual({ max_retries: ['At most the 2 days of the retry schedule.'] });
    const order = await put(admin, '/recurring_payments', {
      ...SETTINGS_SECTIONS.recurring_payments.defaults,
      retry_schedule_days: [7, 3, 14],
    });
    expect(Object.keys(order.json().errors)).toEqual(['retry_schedule_days']);
  });

  it('answers 404 for an unknown section', async () => {
    expect((await get(admin, '/nope')).statusCode).toBe(404);
    expect((await put(admin, '/nope', {})).statusCode).toBe(404);
  });

  it('accepts the spec’s other names for a section', async () => {
    const aliases = {
      checkout_Taxes: 'checkout_taxes',
      recurring_payment: 'recurring_payments',
      checkout_fraud: 'checkout_fraud',
      checkout_general: 'checkout_general',
      checkout_limitation: 'checkout_limitation',
      checkout_shipping: 'checkout_shipping',
      debt_collection: 'debt_collection',
      general: 'general',
      invoice: 'invoice',
      order: 'order',
      subscription: 'subscription',
    } as const;
    for (const [alias, key] of Object.entries(aliases)) {
      expect(sectionKeyOf(alias)).toBe(key);
      const viaAlias = await get(admin, `/${alias}`);
      expect(viaAlias.statusCode, alias).toBe(200);
      expect(viaAlias.json().data).toEqual((await get(admin, `/${key}`)).json().data);
    }
    const saved = await put(admin, '/checkout_Taxes', {
      ...SETTINGS_SECTIONS.checkout_taxes.defaults,
      prices_include_tax: true,
    });
    expect(saved.statusCode).toBe(200);
    expect((await get(admin, '/checkout_taxes')).json().data.prices_include_tax).toBe(true);
    // The tax screen's configuration is the same section.
    const tax = await call(h.app, admin, { method: 'GET', url: `/api/${companyId}/rentloopdb/tax-configs` });
    expect(tax.json().data.prices_include_tax).toBe(true);
  });

  it('keeps the shop_system routes: the generic route does not shadow them', async () => {
    const res = await get(admin, '/shop_system');
    expect(res.json().data).toEqual({
      shop_system: null,
      url: null,
      has_credentials: false,
      syncable: false,
    });
    expect((await put(admin, '/shop_system', { shop_system: null })).json().message).toBe(
      'Shop settings saved.',
    );
  });
});

describe('PUT /api/companies/{company}/settings', () => {
  it('replaces the sections sent and keeps the others', async () => {
    const order = { ...SETTINGS_SECTIONS.order.defaults, number_prefix: 'B-', initial_status: 'draft' };
    const res = await put(admin, '', { order });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Settings updated.');
    expect(res.json().data.order).toEqual(order);
    expect(res.json().data.invoice.payment_terms_days).toBe(30);
  });

  it('names the field of the section in a 422', async () => {
    const res = await put(admin, '', {
      email: { ...SETTINGS_SECTIONS.email.defaults, reply_to: 'not-an-email' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['email.reply_to']);
    expect((await put(admin, '', { nope: {} })).json().errors).toEqual({ nope: ['Unknown field.'] });
  });
});

describe('GET /api/companies/{company}/settings/selective', () => {
  it('answers only the named sections (by any name), for every member', async () => {
    const res = await get(staff, '/selective?sections=invoice,recurring_payment');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(['invoice', 'recurring_payments']);
    expect(Object.keys((await get(staff, '/selective?groups=general')).json().data)).toEqual(['general']);
    expect(Object.keys((await get(staff, '/selective')).json().data).sort()).toEqual(
      [...SETTINGS_SECTION_KEYS].sort(),
    );
  });

  it('answers 422 for an unknown section, 403 for the shop connection below admin, 404 elsewhere', async () => {
    const bad = await get(staff, '/selective?sections=invoice,nope');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sections: ['Unknown settings section: nope.'] });
    expect((await get(staff, '/selective?sections=shop_system')).statusCode).toBe(403);
    expect((await get(admin, '/selective?sections=shop_system')).statusCode).toBe(200);
    expect((await get(outsider, '/selective?sections=invoice')).statusCode).toBe(404);
  });
});

describe('checkout_general: the API key', () => {
  const generate = (user: TestUser, company = companyId) =>
    call(h.app, user, { method: 'POST', url: `${base(company)}/checkout_general/api-key` });

  it('is generated on request, shown once, stored as its hash only', async () => {
    expect((await generate(staff)).statusCode).toBe(403);
    expect((await generate(outsider)).statusCode).toBe(404);
    const res = await generate(admin);
    expect(res.statusCode).toBe(200);
    const { api_key: key, api_key_last4: last4 } = res.json().data;
    expect(key).toMatch(/^rl_[A-Za-z0-9_-]{40,}$/);
    expect(last4).toBe(key.slice(-4));
    const stored = await storedData('checkout_general');
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored?.api_key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    const read = await get(admin, '/checkout_general');
    expect(read.json().data).toMatchObject({ api_key_set: true, api_key_last4: last4 });
    expect(read.body).not.toContain(key);
    expect((await get(admin)).body).not.toContain(stored?.api_key_hash);
    // Saving the section keeps the key; a new key replaces it.
    const url = {
      ...SETTINGS_SECTIONS.checkout_general.defaults,
      checkout_url: 'https://rent.example.com/checkout',
    };
    expect((await put(admin, '/checkout_general', url)).json().data.api_key_set).toBe(true);
    const again = (await generate(admin)).json().data.api_key;
    expect(again).not.toBe(key);
    expect((await storedData('checkout_general'))?.api_key_hash).toBe(
      createHash('sha256').update(again).digest('hex'),
    );
  });

  it('never reaches the history logs', async () => {
    const rows = await h.database.primary
      .select({ after: historyLogs.after })
      .from(historyLogs)
      .where(eq(historyLogs.entity_type, 'company_settings'));
    const stored = await storedData('checkout_general');
    expect(JSON.stringify(rows)).not.toContain(String(stored?.api_key_hash));
  });
});

describe('payment_service_provider: gateway credentials', () => {
  const psp = SETTINGS_SECTIONS.payment_service_provider.defaults;
  const secret = 'sk_test_never_shown_0123456789';

  it('needs credentials for a gateway switched on', async () => {
    const res = await put(admin, '/payment_service_provider', {
      ...psp,
      enabled_gateways: ['offlinegateway', 'stripe'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'credentials.stripe.secret_key': ['Required to switch this gateway on.'],
      'credentials.stripe.webhook_secret': ['Required to switch this gateway on.'],
    });
  });

  it('stores them sealed, never answers them, keeps them when omitted, deletes them on null', async () => {
    const on = { ...psp, enabled_gateways: ['offlinegateway', 'stripe'], default_gateway: 'stripe' };
    const res = await put(admin, '/payment_service_provider', {
      ...on,
      credentials: { stripe: { secret_key: secret, webhook_secret: 'whsec_also_secret' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(res.json().data.credentials_stored).toEqual(['stripe']);
    expect(res.json().data).not.toHaveProperty('credentials');
    const stored = await storedData('payment_service_provider');
    expect(JSON.stringify(stored)).not.toContain(secret);
    for (const read of [await get(admin, '/payment_service_provider'), await get(admin)]) {
      expect(read.body).not.toContain(secret);
      expect(read.body).not.toContain(
        String((stored?.credentials_sealed as { stripe?: string } | undefined)?.stripe),
      );
    }
    // Omitted: kept.
    const kept = await put(admin, '/payment_service_provider', { ...on, test_mode: true });
    expect(kept.json().data).toMatchObject({ test_mode: true, credentials_stored: ['stripe'] });
    // Unknown credential fields are refused by name.
    const unknown = await put(admin, '/payment_service_provider', {
      ...on,
      credentials: { stripe: { secret_key: 'x', webhook_secret: 'y', password: 'z' } },
    });
    expect(unknown.json().errors).toEqual({ 'credentials.stripe.password': ['Unknown field.'] });
    // Null deletes them (and the gateway must then be off).
    const removed = await put(admin, '/payment_service_provider', { ...psp, credentials: { stripe: null } });
    expect(removed.json().data.credentials_stored).toEqual([]);
  });
});
