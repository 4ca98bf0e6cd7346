import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { companies, customers } from '../db/schema/index.ts';
import { seedDemoCustomersJob } from '../jobs/definitions.ts';
import { getVoucher, listVouchers, quoteVoucher, voucherProductList } from '../modules/vouchers/service.ts';
import { testCtx } from '../testing/ctx.ts';
import { createTestDatabase } from '../testing/database.ts';
import { bootstrap, DEMO_COMPANIES } from './bootstrap.ts';
import { DEMO_USED_UP_CODE } from './demo-vouchers.ts';

describe('demo vouchers', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const t = await createTestDatabase();
    database = t.database;
    drop = t.drop;
    await bootstrap(database, null, { seedDemo: true });
  });
  afterAll(() => drop());

  it('gives each demo company its vouchers: a welcome offer on two products, one expired, one used up', async () => {
    const all = await database.primary.select({ id: companies.id, name: companies.name }).from(companies);
    for (const demo of DEMO_COMPANIES) {
      const companyId = all.find((c) => c.name === demo.name)!.id;
      const ctx = testCtx(database.primary, companyId);
      const p = { page: 1, perPage: 100, offset: 0, search: undefined, sort: 'code' as const, desc: false };
      const { rows } = await listVouchers(ctx, { ...p, filters: {} });
      expect(rows).toHaveLength(4);
      const expired = await listVouchers(ctx, { ...p, filters: { expired: true } });
      expect(expired.rows).toHaveLength(1);
      const welcome = rows.find((v) => v.code === 'WELCOME10')!;
      const included = await voucherProductList(ctx, welcome.id);
      expect(included.map((i) => i.name).sort()).toEqual(['Bike helmet', 'City e-bike']);

      // The customers' job uses up the limited voucher (and a repeat changes nothing).
      const jc = { database, log: { info: () => {}, error: () => {} } };
      for (let i = 0; i < 2; i++) await seedDemoCustomersJob.handler({ companyId, count: 5, seed: 11 }, jc);
      const launch = rows.find((v) => v.code === DEMO_USED_UP_CODE)!;
      expect((await getVoucher(ctx, launch.id)).used_count).toBe(3);
      const cart = { lines: [{ product_id: included[0]!.product_id, amount: 8900n }], shipping: 0n };
      const [customer] = await database.primary
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.company_id, companyId))
        .orderBy(desc(customers.id))
        .limit(1);
      expect(
        await quoteVoucher(ctx, launch.id, cart, { customerId: Number(customer!.id), paymentNumber: 1 }),
      ).toMatchObject({
        applies: false,
        reason: 'used_up',
      });
      expect(
        await quoteVoucher(ctx, welcome.id, cart, { customerId: Number(customer!.id), paymentNumber: 3 }),
      ).toMatchObject({
        applies: true,
        discount: 890n,
      });
    }
  });
});
