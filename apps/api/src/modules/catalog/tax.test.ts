/** Tax over HTTP: rules, the rate of an address, four-decimal rates, countries and regions. */
import { lineAmounts } from '@rentloop/domain/money';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taxRules } from '../../db/schema/index.ts';
import { admin, api, h, otherCid, req, staff, stranger, useCatalogFixture } from './test-fixture.ts';

useCatalogFixture();

describe('tax', () => {
  it('resolves the most specific rule for an address and class, else the company default', async () => {
    await req(admin, 'PUT', api('tax-configs'), { default_rate: '5' });
    expect((await req(staff, 'GET', api('tax-configs'))).json().data).toMatchObject({
      default_rate: '5.00',
      product_classes: ['standard', 'reduced', 'zero'],
    });
    const ca = await req(admin, 'POST', api('tax-rules'), { country: 'CA', percentage: '5', name: 'GST' });
    expect(ca.statusCode).toBe(201);
    await req(admin, 'POST', api('tax-rules'), {
      country: 'ca',
      region: 'on',
      percentage: '13',
      name: 'HST Ontario',
    });
    const resolve = async (q: string) => (await req(staff, 'GET', api(`tax-rules/resolve?${q}`))).json().data;
    expect(await resolve('country=ca&region=ON')).toMatchObject({
      percentage: '13.00',
      matched: 'country_region',
    });
    expect(await resolve('country=CA&region=AB')).toMatchObject({ percentage: '5.00', matched: 'country' });
    expect(await resolve('country=de')).toMatchObject({
      percentage: '5.00',
      matched: 'default',
      rule_id: null,
    });
    expect(await resolve('country=ca&region=ON&product_class=zero')).toMatchObject({ matched: 'default' });
  });

  it('refuses a duplicate rule, a percentage over 100 and a bad country, with status false', async () => {
    const dup = await req(admin, 'POST', api('tax-rules'), { country: 'ca', region: 'ON', percentage: '13' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toMatchObject({ status: false });
    const over = await req(admin, 'POST', api('tax-rules'), { country: 'us', percentage: '101' });
    expect(over.json().errors.percentage).toEqual(['Maximum of 100%.']);
    const country = await req(admin, 'POST', api('tax-rules'), { country: 'Canada', percentage: '5' });
    expect(country.json().errors).toHaveProperty('country');
  });

  it('updates and deletes rules of its own company only', async () => {
    const rules = (await req(staff, 'GET', api('tax-rules?country=ca'))).json().data;
    // The whole-country rule first, then the regions.
    expect(rules.map((r: { region: string | null }) => r.region)).toEqual([null, 'ON']);
    const reduced = await req(admin, 'POST', api('tax-rules'), {
      country: 'de',
      product_class: 'reduced',
      percentage: '7',
    });
    const kept = await req(admin, 'PUT', api(`tax-rules/${reduced.json().data.id}`), { percentage: '7.5' });
    expect(kept.json().data).toMatchObject({ product_class: 'reduced', percentage: '7.50' });
    const upd = await req(admin, 'PUT', api(`tax-rules/${rules[0].id}`), { percentage: '6.5' });
    expect(upd.json().data.percentage).toBe('6.50');
    expect(
      (await req(stranger, 'DELETE', `/api/${otherCid}/rentloopdb/tax-rules/${rules[0].id}`)).statusCode,
    ).toBe(404);
    expect((await req(admin, 'DELETE', api(`tax-rules/${rules[0].id}`))).statusCode).toBe(200);
  });
});

describe('tax rates with up to four decimals (Canada: QST 9.975 %, GST + QST 14.975 %)', () => {
  it('keeps 9.975 and 14.975 exactly, and a line’s tax is rounded half-up once from the exact rate', async () => {
    const qst = await req(admin, 'POST', api('tax-rules'), {
      country: 'ca',
      region: 'qc',
      percentage: '14.975',
      name: 'GST + QST',
    });
    expect(qst.statusCode, qst.body).toBe(201);
    expect(qst.json().data).toMatchObject({ region: 'QC', percentage: '14.975' });
    const [stored] = await h.database.primary
      .select({ percentage: taxRules.percentage })
      .from(taxRules)
      .where(eq(taxRules.id, qst.json().data.id));
    expect(stored!.percentage).toBe('14.9750');

    const resolved = (await req(staff, 'GET', api('tax-rules/resolve?country=CA&region=QC'))).json().data;
    expect(resolved).toMatchObject({ percentage: '14.975', matched: 'country_region' });
    // 19.99 CAD x 3 = 59.97; 14.975 % of it is 8.98050... -> 8.98 (half-up once, per line).
    expect(lineAmounts({ unit_amount: 1999n, quantity: 3, tax_percent: resolved.percentage })).toEqual({
      net: 5997n,
      tax: 898n,
      gross: 6895n,
    });
    // 1,000.00 at 14.975 % is 149.75; a rate cut to two decimals (14.98 %) would give 149.80.
    expect(lineAmounts({ unit_amount: 100_000n, quantity: 1, tax_percent: resolved.percentage }).tax).toBe(
      14_975n,
    );

    const upd = await req(admin, 'PUT', api(`tax-rules/${qst.json().data.id}`), { percentage: '9.975' });
    expect(upd.json().data.percentage).toBe('9.975');
    await req(admin, 'PUT', api('tax-configs'), { default_rate: '9.975' });
    expect((await req(staff, 'GET', api('tax-configs'))).json().data.default_rate).toBe('9.975');
    await req(admin, 'PUT', api('tax-configs'), { default_rate: '5' });
  });

  it('refuses a fifth decimal, naming the field', async () => {
    const res = await req(admin, 'POST', api('tax-rules'), {
      country: 'ca',
      region: 'NB',
      percentage: '9.97501',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false });
    expect(res.json().errors.percentage).toEqual(['Must be a percentage with at most four decimals.']);
  });
});

describe('tax rule countries and regions (the domain reference data)', () => {
  const post = (body: object) => req(admin, 'POST', api('tax-rules'), { percentage: '5', ...body });

  it('refuses an unknown country and a region that is not one of its regions, naming the field', async () => {
    const zz = await post({ country: 'zz' });
    expect(zz.statusCode).toBe(422);
    expect(zz.json().errors).toEqual({ country: ['Must be a known country.'] });
    const xx = await post({ country: 'ca', region: 'XX' });
    expect(xx.statusCode).toBe(422);
    expect(xx.json().errors).toEqual({ region: ['Must be one of the listed regions.'] });
    // A US state is not a Canadian province.
    expect((await post({ country: 'ca', region: 'NY' })).json().errors).toEqual({
      region: ['Must be one of the listed regions.'],
    });
    expect((await post({ country: 'us', region: 'NY', name: 'New York' })).statusCode).toBe(201);
    // A country without a region list keeps its region as typed (as addresses do).
    expect((await post({ country: 'de', region: 'by', product_class: 'zero' })).json().data).toMatchObject({
      country: 'de',
      region: 'BY',
    });
  });

  it('checks a changed region against the stored country, and a changed country against the stored region', async () => {
    const rule = (await post({ country: 'ca', region: 'MB', percentage: '12' })).json().data;
    const region = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { region: 'XX' });
    expect(region.statusCode).toBe(422);
    expect(region.json().errors).toEqual({ region: ['Must be one of the listed regions.'] });
    const country = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { country: 'us' });
    expect(country.statusCode).toBe(422);
    expect(country.json().errors).toEqual({ region: ['Must be one of the listed regions.'] });
    const both = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { country: 'au', region: 'XX' });
    expect(both.json().errors).toEqual({ region: ['Must be one of the listed regions.'] });
    const unknown = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { country: 'zz' });
    expect(unknown.json().errors).toEqual({ country: ['Must be a known country.'] });
    const fine = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { region: 'sk' });
    expect(fine.json().data).toMatchObject({ country: 'ca', region: 'SK', percentage: '12.00' });
  });

  it('lists the rules of one tax class (for a product’s page)', async () => {
    const zero = (await req(staff, 'GET', api('tax-rules?product_class=zero&per_page=100'))).json();
    expect(zero.data.length).toBeGreaterThan(0);
    expect(zero.data.every((r: { product_class: string }) => r.product_class === 'zero')).toBe(true);
    const all = (await req(staff, 'GET', api('tax-rules?per_page=100'))).json();
    expect(all.meta.total).toBeGreaterThan(zero.meta.total);
    expect((await req(staff, 'GET', api('tax-rules?product_class=luxury'))).statusCode).toBe(422);
  });
});
