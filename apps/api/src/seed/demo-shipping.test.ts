import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { companies, products } from '../db/schema/index.ts';
import { quoteShipping } from '../modules/shipping/rules.ts';
import { testCtx } from '../testing/ctx.ts';
import { createTestDatabase } from '../testing/database.ts';
import { bootstrap, DEMO_COMPANIES } from './bootstrap.ts';

describe('demo shipping', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const t = await createTestDatabase();
    database = t.database;
    drop = t.drop;
    await bootstrap(database, null, { seedDemo: true });
  });
  afterAll(() => drop());

  it('ships Northwind across Canada (not e-bikes to the territories) and Alpine in DE, AT, CH', async () => {
    const all = await database.primary.select({ id: companies.id, name: companies.name }).from(companies);
    const northwind = all.find((c) => c.name === DEMO_COMPANIES[0].name)!.id;
    const alpine = all.find((c) => c.name === DEMO_COMPANIES[1].name)!.id;
    const bike = (await database.primary.select().from(products)).find(
      (p) => p.company_id === northwind && p.name === 'City e-bike',
    )!;
    const ctx = testCtx(database.primary, northwind);
    const cart = (amount: bigint, product_id = 0) => ({ lines: [{ product_id, amount, grams: 0 }] });
    const ontario = await quoteShipping(ctx, cart(15000n), { country: 'ca', region: 'ON' });
    expect(ontario.shippable && ontario.options.map((o) => [o.name, o.price])).toEqual([
      ['Standard', 0n],
      ['Express', 2900n],
    ]);
    expect(await quoteShipping(ctx, cart(15000n, bike.id), { country: 'ca', region: 'YT' })).toMatchObject({
      shippable: false,
      reason: 'blocked',
    });
    const zurich = await quoteShipping(testCtx(database.primary, alpine), cart(5000n), { country: 'ch' });
    expect(zurich.shippable && zurich.options.map((o) => [o.name, o.price])).toEqual([
      ['Standard', 690n + 950n],
    ]);
  });
});
