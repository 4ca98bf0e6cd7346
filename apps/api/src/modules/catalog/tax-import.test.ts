/** Tax rate import from the shop (tax-import.ts, `POST tax-rules/refresh`), against the fake shops. */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taxRules } from '../../db/schema/index.ts';
import { WOOCOMMERCE_UNAUTHORIZED } from '../../integrations/shops/woocommerce.ts';
import { createCompany } from '../../testing/harness.ts';
import { NO_SHOP_CONNECTED, SHOPIFY_NO_TAX_RATES } from './sync.ts';
import {
  conflict,
  connectWoo,
  ctxOf,
  database,
  db,
  shopifyCompany,
  transactOf,
  useSyncFixture,
  wooCompany,
} from './sync-fixture.ts';
import { importTaxRates } from './tax-import.ts';

useSyncFixture();

describe('tax rate import', () => {
  const rules = (companyId: number) =>
    db()
      .select()
      .from(taxRules)
      .where(eq(taxRules.company_id, companyId))
      .orderBy(asc(taxRules.country), asc(taxRules.region), asc(taxRules.product_class));
  const refresh = (companyId: number) =>
    importTaxRates(ctxOf(companyId), transactOf(ctxOf(companyId)), {
      adapterOptions: { allowPrivateAddresses: true },
    });

  it('replaces the rules imported from WooCommerce with the shop’s rates', async () => {
    await db()
      .insert(taxRules)
      .values([
        { company_id: wooCompany, country: 'fr', product_class: 'zero', percentage: '0', name: 'Mine' },
        { company_id: wooCompany, country: 'de', product_class: 'standard', percentage: '16', name: 'Old' },
        { company_id: wooCompany, country: 'jp', percentage: '10', source: 'woocommerce', name: 'Gone' },
      ]);

    // 124 usable rates; Quebec's QST shares its key with the GST (priority 1 wins).
    expect(await refresh(wooCompany)).toEqual({
      created: 122,
      updated: 1,
      unchanged: 0,
      removed: 1,
      skipped: 1,
    });
    const all = await rules(wooCompany);
    expect(all).toHaveLength(124);
    expect(all.filter((r) => r.source === 'woocommerce')).toHaveLength(123);
    expect(all.find((r) => r.country === 'fr' && r.product_class === 'zero')).toMatchObject({
      source: 'manual',
      name: 'Mine',
    });
    expect(all.find((r) => r.country === 'de' && r.product_class === 'standard')).toMatchObject({
      source: 'woocommerce',
      percentage: '19.0000',
      name: 'VAT',
      region: null,
    });
    expect(all.find((r) => r.country === 'ca' && r.region === 'QC')).toMatchObject({ percentage: '5.0000' });
    expect(all.find((r) => r.country === 'fr' && r.product_class === 'reduced')).toMatchObject({
      percentage: '5.5000',
    });
    expect(all.some((r) => r.country === 'jp')).toBe(false);

    expect(await refresh(wooCompany)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 123,
      removed: 0,
      skipped: 1,
    });
    expect(await rules(wooCompany)).toEqual(all);
  });

  it('answers Shopify, a missing connection and refused credentials with a clear message', async () => {
    await conflict(refresh(shopifyCompany), SHOPIFY_NO_TAX_RATES);
    await conflict(refresh((await createCompany(database)).id), NO_SHOP_CONNECTED);
    const before = await rules(wooCompany);
    await connectWoo(wooCompany, { consumer_secret: 'cs_revoked' });
    try {
      await conflict(refresh(wooCompany), WOOCOMMERCE_UNAUTHORIZED);
    } finally {
      await connectWoo(wooCompany);
    }
    expect(await rules(wooCompany)).toEqual(before);
  });
});
