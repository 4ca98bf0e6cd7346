import { addressSchema } from '@rentloop/domain/addresses';
import { customerInputSchema } from '@rentloop/domain/customers';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { companies, companyUsers, users } from '../db/schema/index.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
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
});
