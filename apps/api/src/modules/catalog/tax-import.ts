/**
 * `POST tax-rules/refresh`: the tax rates of the company's WooCommerce shop as tax rules. The shop is
 * called outside any transaction (db/transaction-scope.ts): on embedded PGlite an open transaction
 * would stall every other request while the shop answers; the rules are written afterwards in a short
 * transaction of their own.
 */
import { taxRegionProblem } from '@rentloop/domain/catalog';
import { countryByAlpha2 } from '@rentloop/domain/countries';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { taxRules } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { createShopAdapter, type ShopAdapterOptions } from '../../integrations/shops/index.ts';
import { ShopError, type ShopTaxRate } from '../../integrations/shops/types.ts';
import { getShopConnection } from '../settings/shop.ts';
import { NO_SHOP_CONNECTED, SHOPIFY_NO_TAX_RATES } from './sync.ts';

export interface TaxImportResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Rules imported from the shop before that it no longer has. */
  removed: number;
  /** Shop rates Rentloop cannot hold as a rule (a key already taken by a higher-priority rate, a bad value). */
  skipped: number;
}

const taxKey = (r: { country: string; region: string | null; productClass: string }) =>
  `${r.country}|${r.region ?? ''}|${r.productClass}`;

/** A rate Rentloop can hold as a rule: a known country, a region of it (where it has a list), 0-100 %. */
const validRate = (r: ShopTaxRate) =>
  /^[a-z]{2}$/.test(r.country) &&
  countryByAlpha2(r.country) !== undefined &&
  (r.region === null || (r.region.length <= 10 && taxRegionProblem(r.country, r.region) === null)) &&
  /^\d{1,3}(\.\d+)?$/.test(r.percentage) &&
  Number.parseFloat(r.percentage) <= 100;

/** A failure of the shop as the API answers it: a credential problem is the connection's state (409). */
const shopFailure = (err: ShopError) =>
  new AppError(
    err.kind === 'unauthorized' || err.kind === 'not_supported' ? 'conflict' : 'unavailable',
    err.message,
  );

/**
 * `POST tax-rules/refresh`: replaces the company's rules imported from its WooCommerce shop with the
 * shop's current rates (upsert on country, region and class; a manual rule with the same key takes
 * the shop's rate). Percentages are kept to four decimals (half-up), as tax rules are. `ctx` reads
 * outside a transaction; the rules are written through `transact`.
 */
export async function importTaxRates(
  ctx: Ctx,
  transact: Transact,
  opts: { adapterOptions?: ShopAdapterOptions } = {},
): Promise<TaxImportResult> {
  const connection = await getShopConnection(ctx);
  if (!connection) throw new AppError('conflict', NO_SHOP_CONNECTED);
  if (connection.shop_system === 'shopify') throw new AppError('conflict', SHOPIFY_NO_TAX_RATES);
  let rates: ShopTaxRate[];
  try {
    const adapter = createShopAdapter(connection, {
      allowPrivateAddresses: ctx.deps.allowPrivateShopUrls,
      ...opts.adapterOptions,
    });
    if (!adapter.listTaxRates) {
      throw new ShopError(
        'not_supported',
        `Tax rate import from ${connection.shop_system} is not available.`,
      );
    }
    rates = await adapter.listTaxRates();
  } catch (err) {
    throw err instanceof ShopError ? shopFailure(err) : err;
  }
  const source = connection.shop_system;

  // The first rate for a key wins (adapters list the highest priority first).
  const byKey = new Map<string, ShopTaxRate>();
  let skipped = 0;
  for (const r of rates) {
    if (!validRate(r) || byKey.has(taxKey(r))) skipped += 1;
    else byKey.set(taxKey(r), r);
  }
  const wanted = [...byKey.values()];
  return transact((inTx) => writeRules(inTx, source, wanted, byKey, skipped));
}

/** The shop's rates as rules, in one short transaction (after the call to the shop). */
async function writeRules(
  ctx: Ctx,
  source: string,
  wanted: ShopTaxRate[],
  byKey: Map<string, ShopTaxRate>,
  skipped: number,
): Promise<TaxImportResult> {
  const { db: tx, companyId } = ctx;
  const now = ctx.clock.now().toISOString();
  let created = 0;
  let updated = 0;
  if (wanted.length > 0) {
    const values = sql.join(
      wanted.map(
        (r) =>
          sql`(${companyId}, ${r.name}, ${r.country}, ${r.region}, ${r.productClass}, round(${r.percentage}::numeric, 4), ${source})`,
      ),
      sql`, `,
    );
    const result = (await tx.execute(sql`
      insert into tax_rules (company_id, name, country, region, product_class, percentage, source)
      values ${values}
      on conflict (company_id, country, coalesce(region, ''), product_class) do update
        set name = excluded.name, region = excluded.region, percentage = excluded.percentage,
            source = excluded.source, updated_at = ${now}::timestamptz
        where (tax_rules.name, tax_rules.region, tax_rules.percentage, tax_rules.source)
          is distinct from (excluded.name, excluded.region, excluded.percentage, excluded.source)
      returning (xmax::text = '0') as inserted`)) as unknown as { rows: { inserted: boolean }[] };
    created = result.rows.filter((r) => r.inserted).length;
    updated = result.rows.length - created;
  }

  const imported = await tx
    .select({
      id: taxRules.id,
      country: taxRules.country,
      region: taxRules.region,
      productClass: taxRules.product_class,
    })
    .from(taxRules)
    .where(and(eq(taxRules.company_id, companyId), eq(taxRules.source, source)));
  const gone = imported.filter((r) => !byKey.has(taxKey(r))).map((r) => r.id);
  if (gone.length > 0) {
    await tx.delete(taxRules).where(and(eq(taxRules.company_id, companyId), inArray(taxRules.id, gone)));
  }

  return { created, updated, unchanged: wanted.length - created - updated, removed: gone.length, skipped };
}
