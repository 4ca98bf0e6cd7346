import { addressSchema } from '@rentloop/domain/addresses';
import { customerInputSchema } from '@rentloop/domain/customers';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import {
  bundles,
  bundleVariants,
  companies,
  companyUsers,
  productCollections,
  products,
  taxRules,
  users,
} from '../db/schema/index.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { getProduct } from '../modules/catalog/products.ts';
import { resolveTaxRate } from '../modules/catalog/tax.ts';
import { testCtx } from '../testing/ctx.ts';
import { createTestDatabase } from '../testing/database.ts';
import { bootstrap, DEMO_COMPANIES } from './bootstrap.ts';
import { demoCustomers } from './demo-customers.ts';

describe('demo customers', () => {
  const sample = demoCustomers(400, 1000);

  it('pass the customer and address rules of the domain package', () => {
    for (const c of sample) {
      const parsed = customerInputSchema.safeParse(c);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      const address = addressSchema.safeParse(c.billing_address);
      expect(
        address.success,
        `${c.billing_address?.postal_code} ${JSON.stringify(address.error?.issues)}`,
      ).toBe(true);
    }
  });

  it('have unique emails and mostly Canadian, also US and European addresses', () => {
    expect(new Set(sample.map((c) => c.email)).size).toBe(sample.length);
    const countries = sample.map((c) => c.billing_address?.country);
    const share = (cc: string) => countries.filter((x) => x === cc).length / sample.length;
    expect(share('ca')).toBeGreaterThan(0.5);
    expect(share('us')).toBeGreaterThan(0.02);
    expect(countries.some((x) => ['de', 'fr', 'nl', 'it', 'es', 'se', 'at', 'ie'].includes(x ?? ''))).toBe(
      true,
    );
  });

  it('are the same for the same seed', () => {
    expect(demoCustomers(5, 42)).toEqual(demoCustomers(5, 42));
    expect(demoCustomers(5, 42)).not.toEqual(demoCustomers(5, 43));
  });
});

describe('bootstrap (first start)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const t = await createTestDatabase();
    database = t.database;
    drop = t.drop;
  });
  afterAll(() => drop());

  it('creates the operator with a generated password, the demo companies and their staff, once', async () => {
    const first = await bootstrap(database, null, { seedDemo: true });
    expect(first.createdOperator?.generated).toBe(true);
    const password = first.createdOperator!.password;
    expect(password.length).toBeGreaterThanOrEqual(12);
    const [op] = await database.primary.select().from(users).where(eq(users.role, 'super-admin'));
    expect(await verifyPassword(op!.password_hash, password)).toBe(true);
    const names = (await database.primary.select({ name: companies.name }).from(companies)).map(
      (c) => c.name,
    );
    expect(names.sort()).toEqual(DEMO_COMPANIES.map((c) => c.name).sort());
    const [owner] = await database.primary
      .select()
      .from(users)
      .where(eq(users.email, 'owner@northwind.demo'));
    const memberships = await database.primary
      .select()
      .from(companyUsers)
      .where(eq(companyUsers.user_id, owner!.id));
    expect(memberships.map((m) => m.role).sort()).toEqual(['owner', 'user']);

    const second = await bootstrap(database, null, { seedDemo: true, adminPassword: 'another-password' });
    expect(second.createdOperator).toBeUndefined();
    const [n] = await database.primary
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'super-admin'));
    expect(Number(n!.n)).toBe(1);
  });

  it('gives each demo company a catalog in its currency, with the tax rules of its market', async () => {
    const db = database.primary;
    const all = await db.select({ id: companies.id, name: companies.name }).from(companies);
    const northwind = all.find((c) => c.name === DEMO_COMPANIES[0].name)!.id;
    const alpine = all.find((c) => c.name === DEMO_COMPANIES[1].name)!.id;
    const productsOf = (company: number) =>
      db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(eq(products.company_id, company));

    const made = await productsOf(northwind);
    expect(made).toHaveLength(12);
    const detail = await getProduct(testCtx(db, northwind), made.find((p) => p.name === 'City e-bike')!.id);
    expect(detail.currency).toBe('CAD');
    expect(detail.buyout_price).toBe('1899.00');
    expect(detail.rental_prices.monthly).toBe('89.00');
    expect(detail.variants.map((v) => v.sku)).toEqual(['EBK-CITY-S', 'EBK-CITY-M', 'EBK-CITY-L']);
    expect(detail.bundles.map((b) => b.name)).toEqual(['Commuter set']);
    expect(detail.collections.map((c) => c.name)).toEqual(['E-bikes']);

    const collections = await db
      .select({ name: productCollections.name })
      .from(productCollections)
      .where(eq(productCollections.company_id, northwind));
    expect(collections.map((c) => c.name).sort()).toEqual(['Accessories', 'Cameras', 'Camping', 'E-bikes']);
    const [bundle] = await db.select().from(bundles).where(eq(bundles.company_id, northwind));
    const [inBundle] = await db
      .select({ n: count() })
      .from(bundleVariants)
      .where(eq(bundleVariants.bundle_id, bundle!.id));
    expect(Number(inBundle!.n)).toBe(3);

    const rules = await db.select().from(taxRules).where(eq(taxRules.company_id, northwind));
    expect(rules).toHaveLength(13);
    const quebec = await resolveTaxRate(testCtx(db, northwind), {
      country: 'ca',
      region: 'QC',
      productClass: 'standard',
    });
    expect(quebec.percentage).toBe('14.975');

    const alpineBike = (await productsOf(alpine)).find((p) => p.name === 'City e-bike')!;
    expect((await getProduct(testCtx(db, alpine), alpineBike.id)).currency).toBe('EUR');
    expect(await db.select().from(taxRules).where(eq(taxRules.company_id, alpine))).toHaveLength(6);
  });
});
